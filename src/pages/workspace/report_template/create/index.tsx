/**
 * /:app/report_template/create: a new report template of the application (docs/report-templates.md):
 * its name, the subject it reports on (fixed once made) and the related lists (relation fields) it
 * may loop over, or (administrators) a saved record query of that subject whose rows it renders;
 * it is created with a starter body (components/report-templates/starter.ts) and the editor opens.
 * Server errors land under the named input.
 */
import { PageContainer } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Empty, Form, Input, message, Select, Typography } from 'antd';
import React, { useState } from 'react';
import { history, useModel } from 'umi';
import { createTemplate } from '../../../../components/report-templates/api';
import { queryStarterBody, starterBody } from '../../../../components/report-templates/starter';
import { useT } from '../../../../components/useT';
import { toApiError } from '../../../../services/api-error';
import { listSavedQueries } from '../../../../services/recordQueries';
import { getSubject, listAppSubjectOptions } from '../../../../services/subjects';
import { useWorkspace } from '../../useWorkspace';

export default function CreateTemplatePage() {
  const { app } = useWorkspace();
  const t = useT();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [subjectKey, setSubjectKey] = useState<string>();
  const [relations, setRelations] = useState<string[]>([]);
  const [queryId, setQueryId] = useState<string>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const subjects = useQuery({ queryKey: ['subjects', 'options', app.slug], queryFn: () => listAppSubjectOptions(app.slug) });
  const subject = useQuery({
    queryKey: ['subjects', 'detail', app.slug, subjectKey],
    queryFn: ({ signal }) => getSubject(app.slug, subjectKey!, signal),
    enabled: !!subjectKey,
  });
  const relationFields = (subject.data?.fields ?? []).filter((f) => f.type === 'relation');
  // the subject's saved record queries (administrators': the console's record queries): a template
  // may render one's rows instead of one record
  const { initialState } = useModel('@@initialState');
  const isAdmin = initialState?.currentUser?.isAdmin ?? false;
  const queries = useQuery({
    queryKey: ['record-queries', 'of-subject', subject.data?.id],
    queryFn: () => listSavedQueries({ subjectId: subject.data!.id, pageSize: 100 }),
    enabled: !!subject.data && isAdmin,
  });

  const submit = async () => {
    if (!subject.data) {
      setErrors({ 'binding.subjectId': t('reportTemplates.create.subjectHint') });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const all = subjects.data ?? [];
      const related = await Promise.all(
        relations.map(async (key) => {
          const f = relationFields.find((x) => x.key === key)!;
          const target = all.find((s) => s.id === f.options.targetSubjectId);
          const fields = target ? (await getSubject(app.slug, target.key)).fields : [];
          return { key, name: f.name, fields };
        }),
      );
      const query = queries.data?.data.find((q) => q.id === queryId);
      const created = await createTemplate(app.slug, {
        name,
        description,
        binding: { subjectId: subject.data.id, relations, recordQueryId: query?.id ?? null },
        body: query ? queryStarterBody(query.name, query.definition.columns) : starterBody(subject.data.name, subject.data.fields, related),
      });
      message.success(t('reportTemplates.create.created'));
      history.push(`/${app.slug}/report_template/${created.id}`);
    } catch (err) {
      const api = toApiError(err);
      setErrors(Object.fromEntries(api.details.map((d) => [d.field.replace(/^binding\.relations\.\d+$/, 'binding.relations'), d.message])));
      message.error(api.message);
    } finally {
      setSaving(false);
    }
  };
  const status = (field: string) => (errors[field] ? ('error' as const) : undefined);

  return (
    <PageContainer title={t('reportTemplates.create.title')} onBack={() => history.back()}>
      <Card style={{ maxWidth: 720 }}>
        <Form layout="vertical" name="template-create" onFinish={submit} data-testid="template-create-form">
          <Form.Item label={t('reportTemplates.create.name')} required validateStatus={status('name')} help={errors.name}>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} data-testid="template-name" aria-label={t('reportTemplates.create.name')} autoFocus />
          </Form.Item>
          <Form.Item label={t('reportTemplates.create.description')} validateStatus={status('description')} help={errors.description}>
            <Input.TextArea value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} rows={2} aria-label={t('reportTemplates.create.description')} />
          </Form.Item>
          <Form.Item
            label={t('reportTemplates.create.subject')}
            required
            extra={t('reportTemplates.create.subjectHint')}
            validateStatus={status('binding.subjectId')}
            help={errors['binding.subjectId']}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={subjects.isLoading}
              value={subjectKey}
              onChange={(v) => {
                setSubjectKey(v);
                setRelations([]);
                setQueryId(undefined);
              }}
              options={(subjects.data ?? []).map((s) => ({ value: s.key, label: s.name }))}
              notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
              data-testid="template-subject"
              aria-label={t('reportTemplates.create.subject')}
            />
          </Form.Item>
          {subjectKey ? (
            <Form.Item
              label={t('reportTemplates.create.relations')}
              extra={t('reportTemplates.create.relationsHint')}
              validateStatus={status('binding.relations')}
              help={errors['binding.relations']}
            >
              {relationFields.length ? (
                <Checkbox.Group
                  value={relations}
                  onChange={(v) => setRelations(v as string[])}
                  options={relationFields.map((f) => ({ value: f.key, label: `${f.name} (${f.key})` }))}
                  data-testid="template-relations"
                />
              ) : (
                <Typography.Text type="secondary">{subject.isLoading ? '…' : t('reportTemplates.create.noRelations')}</Typography.Text>
              )}
            </Form.Item>
          ) : null}
          {subjectKey && isAdmin ? (
            <Form.Item
              label={t('reportTemplates.create.query')}
              extra={t('reportTemplates.create.queryHint')}
              validateStatus={status('binding.recordQueryId')}
              help={errors['binding.recordQueryId']}
            >
              <Select
                allowClear
                loading={queries.isLoading}
                value={queryId}
                onChange={(v) => setQueryId(v)}
                options={(queries.data?.data ?? []).map((q) => ({ value: q.id, label: q.name }))}
                notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reportTemplates.create.noQueries')} />}
                placeholder={t('reportTemplates.create.noQuery')}
                data-testid="template-query"
                aria-label={t('reportTemplates.create.query')}
              />
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" loading={saving} disabled={!name.trim() || !subjectKey} data-testid="template-create-submit">
            {t('reportTemplates.create.submit')}
          </Button>
        </Form>
      </Card>
    </PageContainer>
  );
}
