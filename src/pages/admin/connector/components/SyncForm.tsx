/**
 * A sync's form in a drawer (docs/connectors-web.md "Syncs"): which source table goes into which
 * subject, the column → field mapping (proposed by the server's mapping plan: same name and a
 * writable field; editable; a field for one column only), how rows are written (insert, update or
 * upsert by key fields), full or incremental by a cursor column, what a full sync does with records
 * gone from the source (left alone or moved to the recycle bin), and the schedule (cron in a time
 * zone, with its next five fire times computed here; empty = run by hand only). Rules are checked
 * before sending (logic.ts syncProblems) and again by the server (a 400 is said under its field;
 * everything typed stays). Loaded on first use.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Input, Radio, Select, Space, Switch, Table, Typography, message } from 'antd';
import dayjs from 'dayjs';
import React, { useEffect, useMemo, useState } from 'react';
import type { Connector, ConnectorSync, ConnectorSyncCreate, MappingPlan } from '../../../../../contracts';
import { CONNECTOR_SYNC_MODES, CONNECTOR_SYNC_ON_MISSING, CONNECTOR_SYNC_STRATEGIES } from '../../../../../contracts/connectors.constants';
import { useT } from '../../../../components/useT';
import { AppSelect, SubjectSelect } from '../../../compare_record_field/components/Pickers';
import { showFieldErrors, toApiError } from '../../../../services/api-error';
import { createSync, getMappingPlan, listSourceColumns, updateSync } from '../../../../services/connectors';
import { keys } from '../../../../services/query-keys';
import { localZone, nextFires } from '../cron';
import { syncProblems } from '../logic';
import NoAria from './NoAria';
import ProblemAlert from './ProblemAlert';

/** What the form starts from: a source table, and either a sync to edit or what a new one is known to need. */
export interface SyncDraft {
  schema: string;
  table: string;
  sync?: ConnectorSync;
  name?: string;
  application?: string;
  subject?: string;
  mapping?: Record<string, string | null>;
  keyFields?: string[];
}

type Values = Omit<ConnectorSyncCreate, 'schema' | 'table'> & { cron: string };

/** The mapping as an input: one row per source column, a field (or "leave out") for each. */
function MappingInput({
  value,
  onChange,
  plan,
  id,
}: {
  value?: Record<string, string | null>;
  onChange?: (v: Record<string, string | null>) => void;
  plan: MappingPlan | undefined;
  id?: string;
}) {
  const t = useT();
  if (!plan) return <Typography.Text type="secondary">{t('connectors.sync.pickSubject')}</Typography.Text>;
  const mapping = value ?? {};
  const taken = new Set(Object.values(mapping).filter(Boolean));
  return (
    <Table
      id={id}
      size="small"
      rowKey="column"
      pagination={false}
      dataSource={plan.columns}
      data-testid="sync-mapping"
      columns={[
        {
          title: t('connectors.browse.column'),
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
          title: t('connectors.sync.field'),
          render: (_, r) => (
            <Select
              style={{ width: 260 }}
              value={mapping[r.column] ?? '__none'}
              aria-label={t('connectors.sync.fieldOf', { column: r.column })}
              data-testid={`sync-map-${r.column}`}
              onChange={(v: string) => onChange?.({ ...mapping, [r.column]: v === '__none' ? null : v })}
              options={[
                { value: '__none', label: t('connectors.sync.leaveOut') },
                ...plan.fields.map((f) => ({
                  value: f.key,
                  label: `${f.name} (${f.key}) · ${t(`fieldType.${f.type}`)}`,
                  disabled: taken.has(f.key) && mapping[r.column] !== f.key,
                })),
              ]}
            />
          ),
        },
      ]}
    />
  );
}

/** The next fire times of the cron typed, or why there are none. */
function NextFires({ cron, timezone }: { cron: string; timezone: string }) {
  const t = useT();
  const fires = nextFires(cron ?? '', timezone || 'UTC');
  if (fires === null) return <Typography.Text type="danger">{t('connectors.sync.cronInvalid')}</Typography.Text>;
  if (fires.length === 0) return <Typography.Text type="secondary">{t('connectors.sync.noSchedule')}</Typography.Text>;
  return (
    <div data-testid="sync-next-fires">
      <Typography.Text type="secondary">{t('connectors.sync.nextFires')}</Typography.Text>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {fires.map((d) => (
          <li key={d.toISOString()}>{dayjs(d).format('YYYY-MM-DD HH:mm (ddd)')}</li>
        ))}
      </ul>
    </div>
  );
}

export default function SyncForm({
  connector,
  draft,
  onClose,
  onSaved,
}: {
  connector: Connector;
  draft: SyncDraft;
  onClose: () => void;
  onSaved: (s: ConnectorSync) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const s = draft.sync;
  const initial: Values = {
    name: s?.name ?? draft.name ?? draft.table,
    application: (s?.application ?? draft.application) as string,
    subject: (s?.subject ?? draft.subject) as string,
    mapping: s?.mapping ?? draft.mapping ?? {},
    mode: s?.mode ?? 'upsert',
    keyFields: s?.keyFields ?? draft.keyFields ?? [],
    strategy: s?.strategy ?? 'full',
    cursorColumn: s?.cursorColumn ?? null,
    onMissing: s?.onMissing ?? 'leave',
    cron: s?.cron ?? '',
    timezone: s?.timezone ?? localZone(),
    enabled: s?.enabled ?? true,
  };
  const app = Form.useWatch('application', form) as string | undefined;
  const subject = Form.useWatch('subject', form) as string | undefined;
  const mapping = (Form.useWatch('mapping', form) ?? initial.mapping) as Record<string, string | null>;
  const strategy = Form.useWatch('strategy', form) ?? initial.strategy;
  const mode = Form.useWatch('mode', form) ?? initial.mode;
  const cron = (Form.useWatch('cron', form) ?? initial.cron) as string;
  const timezone = (Form.useWatch('timezone', form) ?? initial.timezone) as string;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);

  const columns = useQuery({
    queryKey: keys('connectors').action('columns', connector.id, draft.schema, draft.table),
    queryFn: () => listSourceColumns(connector.id, draft.schema, draft.table),
    retry: false,
  });
  const plan = useQuery({
    queryKey: keys('connectors').action('mappingPlan', connector.id, draft.schema, draft.table, app, subject),
    queryFn: () => getMappingPlan(connector.id, { schema: draft.schema, table: draft.table, application: app ?? '', subject: subject ?? '' }),
    enabled: !!app && !!subject,
    retry: false,
  });
  // a subject chosen here (not the one the form started with) takes the plan's proposed mapping
  const [planFor, setPlanFor] = useState(`${initial.application}/${initial.subject}`);
  useEffect(() => {
    if (!plan.data || `${app}/${subject}` === planFor) return;
    setPlanFor(`${app}/${subject}`);
    form.setFieldsValue({ mapping: plan.data.mapping, keyFields: [] });
  }, [plan.data, app, subject, planFor, form]);

  const mappedFields = useMemo(() => {
    const byKey = new Map((plan.data?.fields ?? []).map((f) => [f.key, f]));
    return [...new Set(Object.values(mapping).filter((v): v is string => !!v))].map((k) => ({ value: k, label: byKey.get(k) ? `${byKey.get(k)!.name} (${k})` : k }));
  }, [mapping, plan.data]);

  const save = async (v: Values) => {
    const problems = syncProblems({ ...v, mapping: v.mapping ?? {}, keyFields: v.keyFields ?? [] } as Parameters<typeof syncProblems>[0]);
    if (Object.keys(problems).length) {
      form.setFields(Object.entries(problems).map(([name, id]) => ({ name: name as keyof Values, errors: [t(id)] })));
      return;
    }
    setBusy(true);
    setProblem(null);
    const body = {
      ...v,
      schema: draft.schema,
      table: draft.table,
      cursorColumn: v.strategy === 'incremental' ? v.cursorColumn : null,
      cron: v.cron?.trim() ? v.cron.trim() : null,
    };
    try {
      const saved = s ? await updateSync(s.id, body) : await createSync(connector.id, body);
      void queryClient.invalidateQueries({ queryKey: keys('connectors').all });
      message.success(t(s ? 'connectors.sync.updated' : 'connectors.sync.created', { name: saved.name }));
      onSaved(saved);
    } catch (e) {
      showFieldErrors(form, e);
      if (toApiError(e).details.length === 0) setProblem(e);
      else message.error(toApiError(e).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open
      onClose={onClose}
      width={760}
      title={t(s ? 'connectors.sync.editTitle' : 'connectors.sync.newTitle', { table: draft.schema ? `${draft.schema}.${draft.table}` : draft.table })}
      data-testid="sync-form"
      footer={
        <Space>
          <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="sync-save">
            {t('connectors.sync.save')}
          </Button>
          <Button onClick={onClose}>{t('connectors.cancel')}</Button>
        </Space>
      }
    >
      <Form<Values> name="connectorSync" form={form} layout="vertical" initialValues={initial} onFinish={(v) => void save(v)}>
        <Form.Item name="name" label={t('connectors.sync.name')} rules={[{ required: true, whitespace: true, message: t('connectors.required') }, { max: 100 }]}>
          <Input data-testid="sync-name" />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="application" label={t('connectors.wizard.application')} rules={[{ required: true, message: t('connectors.required') }]}>
            <NoAria>
              <AppSelect onChange={() => form.setFieldsValue({ subject: undefined })} style={{ width: 280 }} data-testid="sync-application" />
            </NoAria>
          </Form.Item>
          <Form.Item name="subject" label={t('connectors.sync.subject')} rules={[{ required: true, message: t('connectors.required') }]}>
            <NoAria>
              <SubjectSelect app={app} onChange={() => undefined} style={{ width: 280 }} data-testid="sync-subject" />
            </NoAria>
          </Form.Item>
        </Space>
        {plan.isError && <ProblemAlert error={plan.error} />}
        <Form.Item name="mapping" label={t('connectors.sync.mapping')} extra={t('connectors.sync.mappingHelp')}>
          <MappingInput plan={plan.data} />
        </Form.Item>
        <Form.Item name="mode" label={t('connectors.sync.mode')} extra={t(`connectors.sync.modeHelp.${mode}`)}>
          <Radio.Group optionType="button" options={CONNECTOR_SYNC_MODES.map((m) => ({ value: m, label: t(`connectors.sync.mode.${m}`) }))} />
        </Form.Item>
        <Form.Item name="keyFields" label={t('connectors.sync.keyFields')} extra={t('connectors.sync.keyFieldsHelp')}>
          <NoAria>
            <Select mode="multiple" maxCount={5} options={mappedFields} style={{ maxWidth: 480 }} data-testid="sync-key-fields" />
          </NoAria>
        </Form.Item>
        <Form.Item name="strategy" label={t('connectors.sync.strategy')} extra={t(`connectors.sync.strategyHelp.${strategy}`)}>
          <Radio.Group
            optionType="button"
            options={CONNECTOR_SYNC_STRATEGIES.map((x) => ({ value: x, label: t(`connectors.sync.strategy.${x}`) }))}
            onChange={(e) => {
              if (e.target.value !== 'full') form.setFieldsValue({ onMissing: 'leave' });
            }}
          />
        </Form.Item>
        {strategy === 'incremental' && (
          <Form.Item name="cursorColumn" label={t('connectors.sync.cursorColumn')} extra={t('connectors.sync.cursorColumnHelp')} rules={[{ required: true, message: t('connectors.required') }]}>
            <NoAria>
              <Select
                style={{ width: 280 }}
                loading={columns.isLoading}
                options={(columns.data ?? []).map((c) => ({ value: c.name, label: `${c.name} (${c.sourceType})` }))}
                data-testid="sync-cursor-column"
              />
            </NoAria>
          </Form.Item>
        )}
        {s?.cursorValue && strategy === 'incremental' && (
          <Form.Item name="resetCursor" valuePropName="checked" label={t('connectors.sync.cursorStored', { value: s.cursorValue })}>
            <Switch checkedChildren={t('connectors.sync.resetCursor')} unCheckedChildren={t('connectors.sync.keepCursor')} />
          </Form.Item>
        )}
        <Form.Item name="onMissing" label={t('connectors.sync.onMissing')} extra={t('connectors.sync.onMissingHelp')}>
          <Radio.Group
            options={CONNECTOR_SYNC_ON_MISSING.map((x) => ({ value: x, label: t(`connectors.sync.onMissing.${x}`), disabled: x === 'recycle' && strategy !== 'full' }))}
          />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="cron" label={t('connectors.sync.cron')} extra={t('connectors.sync.cronHelp')}>
            <Input style={{ width: 220 }} placeholder="0 2 * * *" data-testid="sync-cron" />
          </Form.Item>
          <Form.Item name="timezone" label={t('connectors.sync.timezone')} rules={[{ required: true, message: t('connectors.required') }]}>
            <Input style={{ width: 200 }} data-testid="sync-timezone" />
          </Form.Item>
        </Space>
        <div style={{ marginBottom: 16 }}>
          <NextFires cron={cron} timezone={timezone} />
        </div>
        <Form.Item name="enabled" valuePropName="checked" label={t('connectors.sync.enabled')} extra={t('connectors.sync.enabledHelp')}>
          <Switch />
        </Form.Item>
      </Form>
      {problem ? <ProblemAlert error={problem} /> : null}
      {columns.isError && <Alert type="warning" showIcon message={toApiError(columns.error).message} />}
    </Drawer>
  );
}
