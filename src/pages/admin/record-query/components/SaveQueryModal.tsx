/**
 * Names a record query in a ModalForm: saves the builder's definition as a new query
 * (POST /api/v1/record-queries) or renames a saved one (PATCH {name, description}). A 400 on
 * `name`/`description` stands under its field; one on the definition goes to `onDefinitionError`
 * (shown beside the builder) and the modal stays open.
 */
import { ModalForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form, message } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { RecordQueryDefinition, SavedQuery } from '../../../../../contracts';
import { ApiError, showFieldErrors } from '../../../../services/api-error';
import { createSavedQuery, updateSavedQuery } from '../../../../services/recordQueries';

interface Values {
  name: string;
  description?: string;
}

interface Props {
  /** The query to rename; absent to save `definition` as a new one. */
  query?: SavedQuery;
  definition?: RecordQueryDefinition | null;
  trigger: JSX.Element;
  onDone: (query: SavedQuery) => void;
  onDefinitionError?: (error: unknown) => void;
}

export default function SaveQueryModal({ query, definition, trigger, onDone, onDefinitionError }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<Values>();
  return (
    <ModalForm<Values> name="saveQueryModal"
      title={t(query ? 'recordQuery.rename.title' : 'recordQuery.save.title')}
      form={form}
      width={520}
      trigger={trigger}
      modalProps={{ destroyOnClose: true }}
      initialValues={query ? { name: query.name, description: query.description ?? '' } : {}}
      onFinish={async (values) => {
        try {
          const input = { name: values.name.trim(), description: values.description?.trim() || undefined };
          const saved = query ? await updateSavedQuery(query.id, input) : await createSavedQuery({ ...input, definition: definition as RecordQueryDefinition });
          message.success(t(query ? 'recordQuery.renamed' : 'recordQuery.saved', { name: saved.name }));
          onDone(saved);
          return true;
        } catch (e) {
          showFieldErrors(form, e);
          if (e instanceof ApiError && e.details.some((d) => d.field.startsWith('definition'))) onDefinitionError?.(e);
          message.error(e instanceof Error ? e.message : String(e));
          return false;
        }
      }}
    >
      <ProFormText
        name="name"
        label={t('recordQuery.name')}
        rules={[
          { required: true, whitespace: true, message: t('common.required') },
          { max: 100, message: t('recordQuery.name.max', { max: 100 }) },
        ]}
        fieldProps={{ autoFocus: true, maxLength: 100 }}
      />
      <ProFormTextArea
        name="description"
        label={t('recordQuery.description')}
        rules={[{ max: 1000, message: t('recordQuery.description.max', { max: 1000 }) }]}
        fieldProps={{ rows: 3, maxLength: 1000 }}
      />
    </ModalForm>
  );
}
