/**
 * /admin/trigger/:trigger, one trigger (docs/triggers.md), or a new one (`/admin/trigger/new`).
 * Settings: name, application, event, subject; for record events the condition (the views' filter
 * builder) and, for updates, the fields whose change fires it; for schedules the cron and time zone
 * with the next 5 fire times (asked of the server, which computes them as pg-boss does); the ordered
 * action steps (a library action, or an inline type with its configuration in the type's form,
 * ActionConfigForm, or as JSON; each with its own
 * condition); the retry policy; enabled. Test runs the steps against a record with every write
 * rolled back and shows the step log; "Run for records" queues manual runs. The run history shows
 * each run's step log. Field errors of the server are shown where they belong.
 */
import { PageContainer } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  message,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Tabs,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import React, { useEffect, useMemo, useState } from 'react';
import { history, useParams } from 'umi';
import type { FilterGroup, Trigger, TriggerEventKind, TriggerInput, TriggerRun } from '../../../../../contracts';
import { TRIGGER_EVENT_KINDS } from '../../../../../contracts/triggers.constants';
import ExceptionResult from '../../../../components/ExceptionResult';
import { FieldContextProvider } from '../../../../components/fields/FieldContext';
import FilterBuilder from '../../../../components/fields/FilterBuilder';
import { cleanFilter, filterFieldsOf, newCondition } from '../../../../components/fields/filter';
import { ApiError, toApiError } from '../../../../services/api-error';
import { getSubject } from '../../../../services/subjects';
import {
  createTrigger,
  deleteTrigger,
  getTrigger,
  listActions,
  listActionTypes,
  nextFires,
  runTrigger,
  testTrigger,
  updateTrigger,
} from '../../../../services/triggers';
import { AppSelect, SubjectSelect } from '../../../compare_record_field/components/Pickers';
import ActionConfigForm from '../../../../components/triggers/ActionConfigForm';
import { RunsTable, StepLog, useT } from '../components/TriggerBits';

interface StepDraft {
  mode: 'library' | 'inline';
  actionId?: string;
  type?: string;
  /** The inline action's configuration (ActionConfigForm); `configValid` false while its JSON text does not parse. */
  config: unknown;
  configValid: boolean;
  condition: FilterGroup | null;
}

interface Draft {
  name: string;
  application?: string;
  event: TriggerEventKind;
  subject?: string;
  enabled: boolean;
  condition: FilterGroup | null;
  changedFields: string[];
  cron: string;
  timezone: string;
  steps: StepDraft[];
  retryLimit: number;
  retryDelaySeconds: number;
}

const RECORD_EVENTS: TriggerEventKind[] = ['record.created', 'record.updated', 'record.deleted'];
const needsSubject = (e: TriggerEventKind) => RECORD_EVENTS.includes(e) || e === 'manual' || e === 'incident.opened';

function draftOf(t?: Trigger): Draft {
  if (!t)
    return {
      name: '',
      event: 'record.updated',
      enabled: true,
      condition: null,
      changedFields: [],
      cron: '0 9 * * *',
      timezone: 'UTC',
      steps: [],
      retryLimit: 2,
      retryDelaySeconds: 30,
    };
  return {
    name: t.name,
    application: t.application,
    event: t.event,
    subject: t.subject ?? undefined,
    enabled: t.enabled,
    condition: t.condition,
    changedFields: t.changedFields,
    cron: t.cron ?? '0 9 * * *',
    timezone: t.timezone ?? 'UTC',
    steps: t.steps.map((s) => ({
      mode: s.actionId ? 'library' : 'inline',
      actionId: s.actionId ?? undefined,
      type: s.type ?? undefined,
      config: s.actionId ? {} : (s.config ?? {}),
      configValid: true,
      condition: (s.condition as FilterGroup | null | undefined) ?? null,
    })),
    retryLimit: t.retryLimit,
    retryDelaySeconds: t.retryDelaySeconds,
  };
}

export default function TriggerEditor() {
  const { trigger: id = 'new' } = useParams<{ trigger: string }>();
  const isNew = id === 'new';
  const t = useT();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['triggers', 'detail', id], queryFn: () => getTrigger(id), enabled: !isNew, retry: false });
  const [draft, setDraft] = useState<Draft>(draftOf());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [fires, setFires] = useState<string[]>([]);
  const [testRecord, setTestRecord] = useState('');
  const [testRun, setTestRun] = useState<TriggerRun | null>(null);
  const [manualIds, setManualIds] = useState('');
  useEffect(() => {
    if (query.data) setDraft(draftOf(query.data));
  }, [query.data]);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const subjectQuery = useQuery({
    queryKey: ['subjects', 'detail', draft.application, draft.subject],
    queryFn: () => getSubject(draft.application!, draft.subject!),
    enabled: !!draft.application && !!draft.subject,
  });
  const fields = useMemo(
    () =>
      subjectQuery.data
        ? filterFieldsOf(subjectQuery.data.fields, {
            createdAt: 'createdAt',
            updatedAt: 'updatedAt',
            createdBy: 'createdBy',
            updatedBy: 'updatedBy',
          })
        : [],
    [subjectQuery.data],
  );
  const types = useQuery({ queryKey: ['actions', 'types'], queryFn: listActionTypes });
  const actions = useQuery({ queryKey: ['actions', 'list', 100], queryFn: () => listActions({ pageSize: 100 }) });

  // the schedule's next fire times, asked of the server (it validates cron and zone)
  useEffect(() => {
    if (draft.event !== 'schedule') return undefined;
    const timer = setTimeout(() => {
      nextFires(draft.cron, draft.timezone).then(
        (f) => {
          setFires(f);
          setErrors((e) => ({ ...e, cron: '', timezone: '' }));
        },
        (err: unknown) => {
          setFires([]);
          const api = toApiError(err);
          setErrors((e) => ({ ...e, ...Object.fromEntries(api.details.map((d) => [d.field, d.message])) }));
        },
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [draft.event, draft.cron, draft.timezone]);

  if (!isNew && query.error)
    return (
      <ExceptionResult
        code={query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400) ? 404 : 500}
      />
    );

  const input = (): TriggerInput | undefined => {
    const steps: TriggerInput['steps'] = [];
    for (const s of draft.steps) {
      const condition = s.condition ? (cleanFilter(s.condition, fields) ?? null) : null;
      if (s.mode === 'library') steps.push({ actionId: s.actionId ?? null, condition });
      else {
        if (!s.configValid) return undefined;
        steps.push({ type: s.type ?? null, config: s.config, condition });
      }
    }
    return {
      name: draft.name,
      application: draft.application ?? '',
      enabled: draft.enabled,
      event: draft.event,
      subject: needsSubject(draft.event) || draft.event === 'import.finished' ? (draft.subject ?? null) : null,
      condition: RECORD_EVENTS.includes(draft.event) && draft.condition ? (cleanFilter(draft.condition, fields) ?? null) : null,
      changedFields: draft.event === 'record.updated' ? draft.changedFields : [],
      cron: draft.event === 'schedule' ? draft.cron : null,
      timezone: draft.event === 'schedule' ? draft.timezone : null,
      steps,
      retryLimit: draft.retryLimit,
      retryDelaySeconds: draft.retryDelaySeconds,
    };
  };

  const save = async () => {
    const body = input();
    if (!body) {
      message.error(t('triggers.json.invalid'));
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const saved = isNew ? await createTrigger(body) : await updateTrigger(id, body);
      message.success(t('triggers.saved'));
      queryClient.setQueryData(['triggers', 'detail', saved.id], saved);
      if (isNew) history.replace(`/admin/trigger/${saved.id}`);
    } catch (err) {
      const api = toApiError(err);
      setErrors(Object.fromEntries(api.details.map((d) => [d.field, d.message])));
      message.error(api.message);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    try {
      await deleteTrigger(id);
      message.success(t('triggers.deleted'));
      history.push('/admin/trigger');
    } catch (err) {
      message.error(toApiError(err).message);
    }
  };

  const runTest = async () => {
    try {
      setTestRun(await testTrigger(id, testRecord.trim() || undefined));
    } catch (err) {
      message.error(toApiError(err).message);
    }
  };

  const runManual = async () => {
    const ids = manualIds.split(/\s+/).filter(Boolean);
    try {
      const runs = await runTrigger(id, ids);
      message.success(t('triggers.run.started', { n: runs.length }));
      setManualIds('');
    } catch (err) {
      message.error(toApiError(err).message);
    }
  };

  const err = (field: string) => (errors[field] ? { validateStatus: 'error' as const, help: errors[field] } : {});
  // the step's own errors (its action, type, condition); those of its configuration go to the form
  const stepErrors = (i: number) =>
    Object.entries(errors)
      .filter(([f, m]) => m && (f === `steps.${i}` || (f.startsWith(`steps.${i}.`) && !f.startsWith(`steps.${i}.config`))))
      .map(([f, m]) => `${f}: ${m}`);
  const configErrors = (i: number) =>
    Object.entries(errors)
      .filter(([f, m]) => m && (f === `steps.${i}.config` || f.startsWith(`steps.${i}.config.`)))
      .map(([f, m]) => ({ field: f.slice(`steps.${i}.config`.length).replace(/^\./, ''), message: m }));
  const moveStep = (i: number, by: number) =>
    set({
      steps: (() => {
        const s = [...draft.steps];
        const [x] = s.splice(i, 1);
        s.splice(i + by, 0, x);
        return s;
      })(),
    });
  const updateStep = (i: number, patch: Partial<StepDraft>) =>
    setDraft((d) => ({ ...d, steps: d.steps.map((s, j) => (j === i ? { ...s, ...patch } : s)) }));
  const context = { app: draft.application ?? '', subjectKey: draft.subject, labels: {}, files: {} };

  const conditionEditor = (value: FilterGroup | null, onChange: (v: FilterGroup | null) => void, testId: string) =>
    !fields.length ? (
      <Typography.Text type="secondary">–</Typography.Text>
    ) : value ? (
      <Space direction="vertical" style={{ width: '100%' }} data-testid={testId}>
        <FilterBuilder fields={fields} value={value} onChange={onChange} />
        <Button size="small" onClick={() => onChange(null)}>
          {t('triggers.condition.clear')}
        </Button>
      </Space>
    ) : (
      <Button
        size="small"
        onClick={() => onChange({ op: 'and', items: [newCondition(fields[0])] })}
        data-testid={`${testId}-add`}
      >
        {t('triggers.condition.add')}
      </Button>
    );

  const settings = (
    <FieldContextProvider value={context}>
      <Form layout="vertical" component="div" name="trigger" data-testid="trigger-form">
        <Space wrap size={[16, 0]}>
          <Form.Item label={t('triggers.field.name')} required {...err('name')}>
            <Input
              value={draft.name}
              onChange={(e) => set({ name: e.target.value })}
              style={{ width: 280 }}
              data-testid="trigger-name"
            />
          </Form.Item>
          <Form.Item label={t('triggers.field.application')} required {...err('application')}>
            <AppSelect
              value={draft.application}
              onChange={(v) => set({ application: v, subject: undefined, condition: null, changedFields: [] })}
              data-testid="trigger-app"
            />
          </Form.Item>
          <Form.Item label={t('triggers.field.event')} required>
            <Select
              value={draft.event}
              onChange={(v: TriggerEventKind) => set({ event: v })}
              style={{ width: 200 }}
              options={TRIGGER_EVENT_KINDS.map((k) => ({ value: k, label: t(`triggers.event.${k}`) }))}
              data-testid="trigger-event"
            />
          </Form.Item>
          {draft.event !== 'schedule' ? (
            <Form.Item label={t('triggers.field.subject')} required={needsSubject(draft.event)} {...err('subject')}>
              <SubjectSelect
                app={draft.application}
                value={draft.subject}
                onChange={(k) => set({ subject: k, condition: null, changedFields: [] })}
                data-testid="trigger-subject"
              />
            </Form.Item>
          ) : null}
          <Form.Item label={t('triggers.field.enabled')}>
            <Switch checked={draft.enabled} onChange={(v) => set({ enabled: v })} aria-label={t('triggers.field.enabled')} data-testid="trigger-enabled-switch" />
          </Form.Item>
        </Space>
        {draft.event === 'record.updated' ? (
          <Form.Item
            label={t('triggers.field.changedFields')}
            extra={t('triggers.field.changedFields.help')}
            {...err('changedFields')}
          >
            <Select
              mode="multiple"
              value={draft.changedFields}
              onChange={(v: string[]) => set({ changedFields: v })}
              options={(subjectQuery.data?.fields ?? []).map((f) => ({ value: f.key, label: `${f.name} (${f.key})` }))}
              style={{ maxWidth: 560 }}
              data-testid="trigger-changed"
            />
          </Form.Item>
        ) : null}
        {RECORD_EVENTS.includes(draft.event) ? (
          <Form.Item label={t('triggers.field.condition')} extra={t('triggers.field.condition.help')} {...err('condition')}>
            {conditionEditor(draft.condition, (v) => set({ condition: v }), 'trigger-condition')}
          </Form.Item>
        ) : null}
        {draft.event === 'schedule' ? (
          <Space wrap align="start" size={[16, 0]}>
            <Form.Item label={t('triggers.field.cron')} required {...err('cron')}>
              <Input
                value={draft.cron}
                onChange={(e) => set({ cron: e.target.value })}
                style={{ width: 200, fontFamily: 'monospace' }}
                data-testid="trigger-cron"
              />
            </Form.Item>
            <Form.Item label={t('triggers.field.timezone')} required {...err('timezone')}>
              <Input
                value={draft.timezone}
                onChange={(e) => set({ timezone: e.target.value })}
                style={{ width: 200 }}
                data-testid="trigger-timezone"
              />
            </Form.Item>
            <Form.Item label={t('triggers.field.nextFires')}>
              <List
                size="small"
                dataSource={fires}
                renderItem={(f) => <List.Item>{dayjs(f).format('YYYY-MM-DD HH:mm (ddd)')}</List.Item>}
                data-testid="trigger-next-fires"
              />
            </Form.Item>
          </Space>
        ) : null}
        <Form.Item label={t('triggers.field.steps')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {draft.steps.map((s, i) => (
              <Card
                key={i}
                size="small"
                title={t('triggers.step.title', { n: i + 1 })}
                data-testid={`trigger-step-${i}`}
                extra={
                  <Space>
                    <Button size="small" disabled={i === 0} onClick={() => moveStep(i, -1)}>
                      {t('triggers.step.up')}
                    </Button>
                    <Button size="small" disabled={i === draft.steps.length - 1} onClick={() => moveStep(i, 1)}>
                      {t('triggers.step.down')}
                    </Button>
                    <Button size="small" danger onClick={() => set({ steps: draft.steps.filter((_, j) => j !== i) })}>
                      {t('triggers.step.remove')}
                    </Button>
                  </Space>
                }
              >
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Radio.Group value={s.mode} onChange={(e) => updateStep(i, { mode: e.target.value as StepDraft['mode'] })}>
                    <Radio value="library">{t('triggers.step.library')}</Radio>
                    <Radio value="inline">{t('triggers.step.inline')}</Radio>
                  </Radio.Group>
                  {s.mode === 'library' ? (
                    <Select
                      showSearch
                      optionFilterProp="label"
                      placeholder={t('triggers.step.action')}
                      value={s.actionId}
                      onChange={(v: string) => updateStep(i, { actionId: v })}
                      style={{ width: 360 }}
                      options={(actions.data?.data ?? [])
                        .filter((a) => !a.application || a.application === draft.application)
                        .map((a) => ({ value: a.id, label: `${a.name} (${a.type})` }))}
                      data-testid={`trigger-step-${i}-action`}
                    />
                  ) : (
                    <>
                      <Select
                        placeholder={t('triggers.step.type')}
                        value={s.type}
                        onChange={(v: string) => updateStep(i, { type: v, config: {}, configValid: true })}
                        style={{ width: 240 }}
                        options={(types.data ?? []).map((x) => ({ value: x.type, label: x.type }))}
                        data-testid={`trigger-step-${i}-type`}
                      />
                      <ActionConfigForm
                        type={s.type}
                        value={s.config}
                        onChange={(config, valid) => updateStep(i, { config, configValid: valid })}
                        errors={configErrors(i)}
                        app={draft.application}
                        subject={draft.subject}
                        retryLimit={draft.retryLimit}
                        testId={`trigger-step-${i}-config`}
                      />
                    </>
                  )}
                  {stepErrors(i).map((m) => (
                    <Typography.Text type="danger" key={m}>
                      {m}
                    </Typography.Text>
                  ))}
                  {fields.length ? (
                    <>
                      <Typography.Text type="secondary">{t('triggers.step.condition')}</Typography.Text>
                      {conditionEditor(s.condition, (v) => updateStep(i, { condition: v }), `trigger-step-${i}-condition`)}
                    </>
                  ) : null}
                </Space>
              </Card>
            ))}
            <Button
              onClick={() =>
                set({ steps: [...draft.steps, { mode: 'library', config: {}, configValid: true, condition: null }] })
              }
              data-testid="trigger-step-add"
            >
              {t('triggers.step.add')}
            </Button>
          </Space>
        </Form.Item>
        <Space wrap size={[16, 0]}>
          <Form.Item label={t('triggers.field.retryLimit')}>
            <InputNumber min={0} max={10} value={draft.retryLimit} onChange={(v) => set({ retryLimit: Number(v ?? 0) })} />
          </Form.Item>
          <Form.Item label={t('triggers.field.retryDelay')}>
            <InputNumber
              min={1}
              max={3600}
              value={draft.retryDelaySeconds}
              onChange={(v) => set({ retryDelaySeconds: Number(v ?? 1) })}
            />
          </Form.Item>
        </Space>
        <Space>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="trigger-save">
            {t('triggers.save')}
          </Button>
          {!isNew ? (
            <Popconfirm title={t('triggers.delete.confirm')} onConfirm={() => void remove()}>
              <Button danger data-testid="trigger-delete">
                {t('triggers.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      </Form>
    </FieldContextProvider>
  );

  const tools = isNew ? null : (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Card size="small" title={t('triggers.test')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('triggers.test.help')}</Typography.Text>
          <Space>
            <Input
              placeholder={t('triggers.test.record')}
              value={testRecord}
              onChange={(e) => setTestRecord(e.target.value)}
              style={{ width: 360 }}
              data-testid="trigger-test-record"
            />
            <Button onClick={() => void runTest()} data-testid="trigger-test">
              {t('triggers.test')}
            </Button>
          </Space>
          {testRun ? (
            <>
              {testRun.error ? <Alert type="error" message={testRun.error} /> : null}
              <StepLog steps={testRun.steps} />
            </>
          ) : null}
        </Space>
      </Card>
      {query.data?.subject ? (
        <Card size="small" title={t('triggers.run.manual')}>
          <Space align="start">
            <Input.TextArea
              rows={3}
              placeholder={t('triggers.run.ids')}
              value={manualIds}
              onChange={(e) => setManualIds(e.target.value)}
              style={{ width: 360 }}
              data-testid="trigger-run-ids"
            />
            <Button disabled={!manualIds.trim()} onClick={() => void runManual()} data-testid="trigger-run">
              {t('triggers.run.manual')}
            </Button>
          </Space>
        </Card>
      ) : null}
    </Space>
  );

  return (
    <PageContainer
      title={isNew ? t('triggers.detail.new') : t('triggers.detail.title', { name: query.data?.name ?? '' })}
      onBack={() => history.push('/admin/trigger')}
    >
      {!isNew && query.isLoading ? (
        <Empty />
      ) : (
        <Tabs
          items={[
            {
              key: 'settings',
              label: t('triggers.tab.settings'),
              children: (
                <Space direction="vertical" style={{ width: '100%' }} size="large">
                  {settings}
                  {tools}
                </Space>
              ),
            },
            ...(isNew ? [] : [{ key: 'runs', label: t('triggers.tab.runs'), children: <RunsTable triggerId={id} /> }]),
          ]}
        />
      )}
    </PageContainer>
  );
}
