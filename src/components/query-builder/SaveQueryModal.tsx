/**
 * Saves the builder's query (contracts/queries.ts savedAnalyticsQueryCreateSchema): name,
 * description and visibility (private, or every member of the application). New (POST, "save as")
 * or the loaded query's details (PATCH with its version: 409 → someone changed it meanwhile).
 * A 400 on name/description stands under its field; one on the definition goes to
 * `onDefinitionError` (shown beside the builder) and the modal stays open.
 */
import { ModalForm, ProFormRadio, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form, message } from 'antd';
import React from 'react';
import type { AnalyticsQueryDefinition, ModuleSavedQuery, QueryVisibility, QueryVisualization } from '../../../contracts';
import { QUERY_VISIBILITIES } from '../../../contracts/constants';
import { ApiError, showFieldErrors } from '../../services/api-error';
import { createQuery, updateQuery } from '../../services/queries';
import { useT } from '../useT';

interface Values {
  name: string;
  description?: string;
  visibility: QueryVisibility;
}

interface Props {
  app: string;
  /** The query whose details to change (PATCH); absent to save a new one. */
  query?: ModuleSavedQuery | null;
  definition: AnalyticsQueryDefinition | null;
  visualization: QueryVisualization;
  trigger: JSX.Element;
  onDone: (query: ModuleSavedQuery) => void;
  onDefinitionError: (error: unknown) => void;
}

/** The user-facing text of a failed save: the stale-version conflict in our words, else the server's message. */
export function saveErrorText(e: unknown, t: (id: string) => string): string {
  if (e instanceof ApiError && e.status === 409) return t('queries.save.stale');
  return e instanceof Error ? e.message : String(e);
}

export default function SaveQueryModal({ app, query, definition, visualization, trigger, onDone, onDefinitionError }: Props) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  return (
    <ModalForm<Values>
      name="saveAnalyticsQuery"
      title={t(query ? 'queries.save.editTitle' : 'queries.save.title')}
      form={form}
      width={520}
      trigger={trigger}
      modalProps={{ destroyOnClose: true }}
      initialValues={query ? { name: query.name, description: query.description ?? '', visibility: query.visibility } : { visibility: 'application' }}
      onFinish={async (values) => {
        if (!definition) return false;
        try {
          const input = { name: values.name.trim(), description: values.description?.trim() || undefined, visibility: values.visibility, definition, visualization };
          const saved = query ? await updateQuery(app, query.id, { ...input, version: query.version }) : await createQuery(app, input);
          message.success(t('queries.saved'));
          onDone(saved);
          return true;
        } catch (e) {
          showFieldErrors(form, e);
          if (e instanceof ApiError && e.details.some((d) => d.field.startsWith('definition'))) onDefinitionError(e);
          message.error(saveErrorText(e, t));
          return false;
        }
      }}
    >
      <ProFormText
        name="name"
        label={t('queries.save.name')}
        rules={[{ required: true, whitespace: true, message: t('common.required') }]}
        fieldProps={{ autoFocus: true, maxLength: 100, 'data-testid': 'qb-save-name' } as object}
      />
      <ProFormTextArea name="description" label={t('queries.save.description')} fieldProps={{ rows: 3, maxLength: 1000 }} />
      <ProFormRadio.Group
        name="visibility"
        label={t('queries.save.visibility')}
        options={QUERY_VISIBILITIES.map((v) => ({ value: v, label: t(`queries.visibility.${v}`) }))}
      />
    </ModalForm>
  );
}
