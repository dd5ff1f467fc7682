/**
 * Add or edit one field of a subject in a drawer (Subjects and fields): key (fixed once
 * created), name, type (grouped picker), the type's options, required/unique, value checks, default
 * and help text. POST …/fields or PATCH …/fields/:field. A type change asks first; when the server
 * refuses it (409 TYPE_CHANGE_REFUSED) the breaking records are listed and the form keeps what was
 * typed. Other server errors land under their fields.
 */
import { DrawerForm, ProFormText } from '@ant-design/pro-components';
import { Collapse, Form, message, Modal, Select, Typography } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { Field } from '../../../contracts';
import { FIELD_KEY_PATTERN } from '../../../contracts/constants';
import type { FieldType } from '../../../contracts/constants';
import { showFieldErrors } from '../../services/api-error';
import { addField, updateField } from '../../services/subjects';
import { ConstraintFields, DefaultAndHelpFields, ValidationFields } from './FieldCheckFields';
import FieldOptionsFields from './FieldOptionsFields';
import type { FieldFormValues } from './fieldTypes';
import {
  FIELD_TYPE_GROUPS,
  isComputed,
  SYSTEM_FIELD_TYPES,
  suggestKey,
  toFieldInput,
  toFieldUpdate,
  toFormValues,
  typeChangesOf,
} from './fieldTypes';
import { FIELD_TYPE_ICONS } from './icons';
import TypeChangeRefused, { typeChangeConflict, type RefusedState } from './TypeChangeRefused';

/** The grouped type picker (value = a FieldType); `allowed` limits it (an existing field's possible changes). */
export function FieldTypeSelect(props: {
  value?: FieldType;
  onChange?: (v: FieldType) => void;
  id?: string;
  allowed?: readonly FieldType[];
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Select<FieldType>
      id={props.id}
      value={props.value}
      onChange={props.onChange}
      showSearch
      optionFilterProp="title"
      listHeight={360}
      options={FIELD_TYPE_GROUPS.map((g) => ({
        label: t(`fieldGroup.${g.key}`),
        title: t(`fieldGroup.${g.key}`),
        options: g.types
          .filter((type) => !props.allowed || props.allowed.includes(type))
          .map((type) => {
            const Icon = FIELD_TYPE_ICONS[type];
            return {
              value: type,
              title: t(`fieldType.${type}`),
              label: (
                <span data-testid={`field-type-${type}`}>
                  <Icon /> {t(`fieldType.${type}`)}
                </span>
              ),
            };
          }),
      })).filter((g) => g.options.length > 0)}
    />
  );
}

export default function FieldDrawer({
  app,
  subject,
  fields,
  field,
  open,
  onOpenChange,
  onSaved,
}: {
  /** Application slug and subject key (the API path). */
  app: string;
  subject: string;
  /** The subject's live fields (taken keys, formula help). */
  fields: Field[];
  /** The field to edit; undefined adds one. */
  field?: Field;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (field: Field) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<FieldFormValues>();
  const [modal, modalHolder] = Modal.useModal();
  const [refused, setRefused] = useState<RefusedState>();
  const [keyTouched, setKeyTouched] = useState(false);
  const type = (Form.useWatch('type', form) as FieldType | undefined) ?? field?.type ?? 'text';
  const editing = field !== undefined;
  const taken = new Set(fields.filter((f) => f.key !== field?.key).map((f) => f.key));
  const otherFields = fields.filter((f) => f.key !== field?.key);

  const submit = async (values: FieldFormValues): Promise<boolean> => {
    const input = toFieldInput({ ...values, key: field?.key ?? values.key });
    if (field && field.type !== input.type) {
      const confirmed = await modal.confirm({
        title: t('field.typeChange.title', { name: field.name }),
        content: t('field.typeChange.desc', { from: t(`fieldType.${field.type}`), to: t(`fieldType.${input.type}`) }),
        okText: t('field.typeChange.ok'),
      });
      if (!confirmed) return false;
    }
    try {
      let saved: Field;
      if (field) {
        saved = await updateField(app, subject, field.key, toFieldUpdate({ ...values, key: field.key }));
        message.success(t('field.saved', { name: saved.name }));
      } else {
        saved = await addField(app, subject, input);
        message.success(t('field.added', { name: saved.name }));
      }
      onSaved(saved);
      return true;
    } catch (e) {
      const conflict = typeChangeConflict(e);
      if (conflict) {
        setRefused({ message: e instanceof Error ? e.message : String(e), conflict });
        return false;
      }
      showFieldErrors(form, e);
      message.error(e instanceof Error ? e.message : String(e));
      return false;
    }
  };

  const system = SYSTEM_FIELD_TYPES.includes(type);
  return (
    <>
      {modalHolder}
      <DrawerForm<FieldFormValues>
        title={editing ? t('field.editTitle', { name: field.name }) : t('field.addTitle')}
        form={form}
        name="fieldForm"
        open={open}
        onOpenChange={(o) => {
          if (o) setKeyTouched(editing);
          onOpenChange(o);
        }}
        width={640}
        drawerProps={{ destroyOnHidden: true, maskClosable: false, rootClassName: 'field-drawer' }}
        initialValues={field ? toFormValues(field) : { type: 'text', required: false, unique: false }}
        onValuesChange={(changed: Partial<FieldFormValues>) => {
          if ('key' in changed) setKeyTouched(true);
          if ('name' in changed && !keyTouched && !editing) form.setFieldValue('key', suggestKey(changed.name ?? ''));
          if ('type' in changed) {
            // the default and the bounds are typed per type: start them over
            form.setFieldValue('defaultValue', undefined);
            form.setFieldValue('validation', {});
            if (changed.type === 'singleSelect' || changed.type === 'multiSelect') {
              const choices = form.getFieldValue(['options', 'choices']) as unknown[] | undefined;
              if (!choices?.length) form.setFieldValue(['options', 'choices'], []);
            }
          }
        }}
        onFinish={submit}
        submitter={{ submitButtonProps: { 'data-testid': 'save-field' } }}
      >
        <div data-testid="field-drawer">
          <ProFormText
            name="name"
            label={t('field.name')}
            rules={[{ required: true, whitespace: true, message: t('common.required') }, { max: 100 }]}
          />
          <ProFormText
            name="key"
            label={t('field.key')}
            extra={t('field.keyHelp')}
            disabled={editing}
            fieldProps={{ style: { fontFamily: 'monospace' }, autoComplete: 'off' }}
            rules={
              editing
                ? []
                : [
                    { required: true, message: t('common.required') },
                    { pattern: FIELD_KEY_PATTERN, message: t('field.keyPattern') },
                    {
                      validator: async (_, v?: string) => {
                        if (v === 'id') throw new Error(t('field.keyReserved'));
                        if (v && taken.has(v)) throw new Error(t('field.keyTaken', { key: v }));
                      },
                    },
                  ]
            }
          />
          <Form.Item
            name="type"
            label={t('field.type')}
            extra={editing ? t('field.typeHelp') : undefined}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <FieldTypeSelect allowed={field && typeChangesOf(field.type)} />
          </Form.Item>
          {isComputed(type) && (
            <Typography.Paragraph type="secondary">{t(system ? 'field.system' : 'field.computed')}</Typography.Paragraph>
          )}
          <ConstraintFields type={type} />
          <Collapse
            bordered={false}
            defaultActiveKey={['options', 'validation', 'more']}
            items={[
              ...(system
                ? []
                : [
                    {
                      key: 'options',
                      label: t('field.section.options'),
                      forceRender: true,
                      children: <FieldOptionsFields app={app} type={type} form={form} otherFields={otherFields} />,
                    },
                  ]),
              ...(isComputed(type)
                ? []
                : [
                    {
                      key: 'validation',
                      label: t('field.section.validation'),
                      forceRender: true,
                      children: (
                        <ValidationFields type={type} stored={field?.validation.pattern} storedIssue={field?.patternIssue} />
                      ),
                    },
                  ]),
              {
                key: 'more',
                label: t('field.section.more'),
                forceRender: true,
                children: <DefaultAndHelpFields type={type} form={form} />,
              },
            ]}
          />
        </div>
      </DrawerForm>
      <TypeChangeRefused app={app} subject={subject} state={refused} onClose={() => setRefused(undefined)} />
    </>
  );
}
