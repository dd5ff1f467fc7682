/**
 * "Make a subject from this table" (docs/connectors-web.md "Subject from a table"), in a drawer:
 * the server's plan (GET …/subject-plan) shown as the mapping before anything is made: one row per
 * source column with its source type, the field it becomes (key, name, type: editable) or why it
 * cannot (a binary column), and whether it is included; the application, the subject's key and
 * name above. "Create the subject" posts the edited plan; a 400 is said on its field or row and
 * everything typed stays. Then the sync form opens with the mapping the server answered and the
 * table's primary key as the key fields.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Drawer, Form, Input, Select, Space, Table, Typography, message } from 'antd';
import React, { useState } from 'react';
import type { Connector, SubjectPlan, SubjectPlanColumn } from '../../../../../contracts';
import type { FieldType } from '../../../../../contracts/constants';
import RouteDataResult from '../../../../components/RouteDataResult';
import { useT } from '../../../../components/useT';
import { AppSelect } from '../../../compare_record_field/components/Pickers';
import { showFieldErrors, toApiError } from '../../../../services/api-error';
import { createSubjectFromTable, getSubjectPlan } from '../../../../services/connectors';
import { keys } from '../../../../services/query-keys';
import type { SyncDraft } from './SyncForm';
import NoAria from './NoAria';
import ProblemAlert from './ProblemAlert';

/** The field types a source column may become here (plain values; choices, relations and files need more than a column gives). */
export const MAPPABLE_TYPES: readonly FieldType[] = ['text', 'longText', 'number', 'money', 'percent', 'date', 'datetime', 'boolean', 'email', 'url', 'phone'];

interface Top {
  application?: string;
  key: string;
  name: string;
}

/** One editable row of the plan. */
type PlanRow = SubjectPlanColumn & { type: FieldType | null };

/** The plan's rows' errors from a 400 (`columns.<i>.<part>`), by row index. */
function rowErrors(error: unknown): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const d of toApiError(error).details) {
    const m = /^columns\.(\d+)/.exec(d.field);
    if (m) out.set(Number(m[1]), [...(out.get(Number(m[1])) ?? []), d.message]);
  }
  return out;
}

function PlanEditor({
  connector,
  plan,
  onCreated,
  onClose,
}: {
  connector: Connector;
  plan: SubjectPlan;
  onCreated: (d: SyncDraft) => void;
  onClose: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Top>();
  const [rows, setRows] = useState<PlanRow[]>(plan.columns);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const [errors, setErrors] = useState<Map<number, string[]>>(new Map());
  const set = (i: number, patch: Partial<PlanRow>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const included = rows.filter((r) => r.include && r.type);

  const create = async (top: Top) => {
    setBusy(true);
    setProblem(null);
    setErrors(new Map());
    try {
      const res = await createSubjectFromTable(connector.id, {
        application: top.application ?? '',
        schema: plan.schema,
        table: plan.table,
        key: top.key,
        name: top.name,
        columns: rows.filter((r) => r.type).map((r) => ({ column: r.column, key: r.key ?? '', name: r.name, type: r.type as FieldType, include: r.include })),
      });
      void queryClient.invalidateQueries({ queryKey: keys('subjects').all });
      message.success(t('connectors.wizard.created', { name: res.subject.name }));
      const keyFields = plan.primaryKey.map((c) => res.mapping[c]).filter((k): k is string => !!k);
      onCreated({
        schema: plan.schema,
        table: plan.table,
        application: res.application,
        subject: res.subject.key,
        mapping: res.mapping,
        keyFields,
        name: `${plan.table} → ${res.subject.name}`,
      });
    } catch (e) {
      showFieldErrors(form, e);
      const byRow = rowErrors(e);
      setErrors(byRow);
      const err = toApiError(e);
      if (err.details.length === 0 || (byRow.size === 0 && !err.details.some((d) => ['application', 'key', 'name'].includes(d.field)))) setProblem(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Top>
      name="subjectFromTable"
      form={form}
      layout="vertical"
      initialValues={{ key: plan.key, name: plan.name }}
      onFinish={(v) => void create(v)}
      data-testid="subject-wizard-form"
    >
      <Space wrap align="start" size="large">
        <Form.Item name="application" label={t('connectors.wizard.application')} rules={[{ required: true, message: t('connectors.required') }]}>
          <NoAria>
            <AppSelect onChange={() => undefined} style={{ width: 280 }} data-testid="wizard-application" />
          </NoAria>
        </Form.Item>
        <Form.Item name="name" label={t('connectors.wizard.name')} rules={[{ required: true, whitespace: true, message: t('connectors.required') }, { max: 100 }]}>
          <Input style={{ width: 220 }} data-testid="wizard-name" />
        </Form.Item>
        <Form.Item name="key" label={t('connectors.wizard.key')} rules={[{ required: true, whitespace: true, message: t('connectors.required') }, { max: 40 }]}>
          <Input style={{ width: 200 }} data-testid="wizard-key" />
        </Form.Item>
      </Space>
      <Typography.Paragraph type="secondary">
        {t('connectors.wizard.mappingHint', { n: included.length })}
        {plan.primaryKey.length > 0 && ` ${t('connectors.wizard.primaryKey', { columns: plan.primaryKey.join(', ') })}`}
      </Typography.Paragraph>
      <Table<PlanRow>
        size="small"
        rowKey="column"
        pagination={false}
        dataSource={rows}
        data-testid="wizard-mapping"
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: t('connectors.wizard.include'),
            width: 70,
            render: (_, r, i) => (
              <Checkbox
                checked={r.include && !!r.type}
                disabled={!r.type}
                onChange={(e) => set(i, { include: e.target.checked })}
                aria-label={t('connectors.wizard.includeColumn', { column: r.column })}
              />
            ),
          },
          {
            title: t('connectors.wizard.column'),
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <span>{r.column}</span>
                <Typography.Text type="secondary" code>
                  {r.sourceType}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('connectors.wizard.fieldKey'),
            render: (_, r, i) =>
              r.type ? (
                <Input
                  value={r.key ?? ''}
                  disabled={!r.include}
                  onChange={(e) => set(i, { key: e.target.value })}
                  status={errors.has(i) ? 'error' : undefined}
                  aria-label={t('connectors.wizard.fieldKeyOf', { column: r.column })}
                  style={{ width: 160 }}
                  data-testid={`wizard-key-${r.column}`}
                />
              ) : null,
          },
          {
            title: t('connectors.wizard.fieldName'),
            render: (_, r, i) =>
              r.type ? (
                <Input
                  value={r.name}
                  disabled={!r.include}
                  onChange={(e) => set(i, { name: e.target.value })}
                  aria-label={t('connectors.wizard.fieldNameOf', { column: r.column })}
                  style={{ width: 160 }}
                />
              ) : null,
          },
          {
            title: t('connectors.wizard.fieldType'),
            render: (_, r, i) =>
              r.type ? (
                <Select<FieldType>
                  value={r.type}
                  disabled={!r.include}
                  onChange={(v) => set(i, { type: v })}
                  style={{ width: 150 }}
                  aria-label={t('connectors.wizard.fieldTypeOf', { column: r.column })}
                  data-testid={`wizard-type-${r.column}`}
                  options={[...new Set<FieldType>([...MAPPABLE_TYPES, r.type])].map((ft) => ({ value: ft, label: t(`fieldType.${ft}`) }))}
                />
              ) : null,
          },
          {
            title: t('connectors.wizard.note'),
            render: (_, r, i) => (
              <Typography.Text type={errors.has(i) || !r.type ? 'danger' : 'secondary'}>
                {[...(errors.get(i) ?? []), r.reasonText ?? ''].filter(Boolean).join('; ')}
                {r.type && r.required ? t('connectors.wizard.required') : ''}
              </Typography.Text>
            ),
          },
        ]}
      />
      {problem ? <ProblemAlert error={problem} /> : null}
      {included.length === 0 && <Alert type="warning" showIcon message={t('connectors.wizard.noColumns')} />}
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={busy} disabled={included.length === 0} data-testid="wizard-create">
          {t('connectors.wizard.create')}
        </Button>
        <Button onClick={onClose}>{t('connectors.cancel')}</Button>
      </Space>
    </Form>
  );
}

export default function SubjectWizard({
  connector,
  schema,
  table,
  onClose,
  onCreated,
}: {
  connector: Connector;
  schema: string;
  table: string;
  onClose: () => void;
  onCreated: (d: SyncDraft) => void;
}) {
  const t = useT();
  const plan = useQuery({
    queryKey: keys('connectors').action('subjectPlan', connector.id, schema, table),
    queryFn: () => getSubjectPlan(connector.id, schema, table),
    retry: false,
    gcTime: 0,
  });
  return (
    <Drawer open onClose={onClose} width={960} title={t('connectors.wizard.title', { table: schema ? `${schema}.${table}` : table })} data-testid="subject-wizard">
      {plan.isError ? (
        <ProblemAlert error={plan.error} />
      ) : (
        <RouteDataResult query={plan}>{(p) => <PlanEditor connector={connector} plan={p} onCreated={onCreated} onClose={onClose} />}</RouteDataResult>
      )}
    </Drawer>
  );
}
