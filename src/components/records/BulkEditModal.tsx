/**
 * Bulk edit of the grid's selected records: pick a field (writable, not unique: one value on many
 * records would break uniqueness) and its new value (FieldInput with the field's rules), confirm
 * with the count, then POST …/records/bulk-update (all or nothing; each record gets a version).
 * A 400 naming the field shows under the value.
 */
import { Form, Modal, Select, message } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { SubjectDetail } from '../../../contracts';
import { bulkUpdateRecords } from '../../services/records';
import { toApiError } from '../../services/api-error';
import { FieldInput, fieldRules, isWritable } from '../fields';
import { recordFormFields } from './errors';

interface Values {
  field?: string;
  value?: unknown;
}

export default function BulkEditModal({
  app,
  subject,
  ids,
  open,
  onClose,
  onDone,
}: {
  app: string;
  subject: SubjectDetail;
  ids: string[];
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<Values>();
  const [modal, contextHolder] = Modal.useModal();
  const [saving, setSaving] = useState(false);
  const choices = subject.fields.filter((f) => isWritable(f) && !f.unique);
  const key = Form.useWatch('field', form);
  const field = choices.find((f) => f.key === key);

  const apply = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is missing under each field
    }
    if (!field) return;
    const confirmed = await modal.confirm({
      title: t('records.bulk.title', { count: ids.length }),
      content: t('records.bulk.confirm', { field: field.name, count: ids.length }),
      okButtonProps: { 'data-testid': 'bulk-edit-confirm' },
    });
    if (!confirmed) return;
    setSaving(true);
    try {
      await bulkUpdateRecords(app, subject.key, ids, { [field.key]: values.value ?? null });
      message.success(t('records.bulk.done', { count: ids.length }));
      form.resetFields();
      onDone();
    } catch (e) {
      const fields = recordFormFields(e, [field.key]);
      if (fields.length > 0) form.setFields([{ name: 'value', errors: fields.flatMap((f) => f.errors) }]);
      message.error(toApiError(e).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('records.bulk.title', { count: ids.length })}
      onCancel={onClose}
      onOk={() => void apply()}
      okText={t('records.save')}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'bulk-edit-ok' }}
    >
      {contextHolder}
      <Form<Values> form={form} layout="vertical" name="bulkEdit" data-testid="bulk-edit-form" preserve={false}>
        <Form.Item
          name="field"
          label={t('records.bulk.field')}
          rules={[{ required: true, message: t('records.bulk.pickField') }]}
        >
          <Select<string>
            showSearch
            optionFilterProp="label"
            placeholder={t('records.bulk.pickField')}
            options={choices.map((f) => ({ value: f.key, label: f.name }))}
            onChange={() => form.setFieldValue('value', undefined)}
            data-testid="bulk-edit-field"
          />
        </Form.Item>
        {field && (
          <Form.Item
            key={field.key}
            name="value"
            label={t('records.bulk.value')}
            rules={fieldRules(field, t)}
            extra={field.helpText}
          >
            <FieldInput field={field} data-testid="bulk-edit-value" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
