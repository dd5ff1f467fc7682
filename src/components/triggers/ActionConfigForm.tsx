/**
 * ActionConfigForm: the configuration of one action (a trigger step's inline action, or a library
 * action) as a form per built-in type — notify (NotifyFields), webhook (WebhookFields),
 * update_record and create_record (RecordFields) — with a "Form / JSON" switch for advanced
 * users. Any other type (one a later module registers) is edited as JSON only.
 *
 * Controlled: `value` is the configuration object as the API takes it; `onChange(config, valid)`
 * gets every edit (`valid` false while the JSON text does not parse: the caller keeps the last
 * good configuration and refuses to save). `errors` are the server's 400 details for this
 * configuration, their `field` relative to it (`recipients`, `set.0.value`: the caller strips
 * `config.` or `steps.<i>.config.`); each is put on its form field (actionConfig.formFieldOf), the
 * others are listed above the form. A value changed from outside (a reload) resets the form.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Segmented, Space, Typography } from 'antd';
import React, { useEffect, useMemo, useRef, useState } from 'react';
import { getUser } from '../../services/users';
import { FieldContextProvider } from '../fields/FieldContext';
import { JsonEditorField } from './JsonEditorField';
import { formFieldOf, hasForm, toConfig, toFormValues, type FormType } from './actionConfig';
import { useSubjectFields, useT } from './ConfigPickers';
import NotifyFields from './NotifyFields';
import RecordFields from './RecordFields';
import WebhookFields from './WebhookFields';

export interface ActionConfigFormProps {
  /** The action type; undefined until chosen (nothing is shown). */
  type?: string;
  value: unknown;
  onChange: (config: unknown, valid: boolean) => void;
  /** The server's field errors of this configuration (paths relative to it). */
  errors?: { field: string; message: string }[];
  /** The application's slug (subjects, user pickers); undefined for a global library action. */
  app?: string;
  /** The trigger's subject: placeholders, the record field of notify, update_record's default. */
  subject?: string;
  /** The trigger's retries (the webhook form says how a failed request is retried). */
  retryLimit?: number;
  /** Prefix of the test ids (`<testId>-url`, `<testId>-json`, `<testId>-mode`…). */
  testId: string;
  jsonRows?: number;
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'object' && Object.keys(v as object).length === 0);

export default function ActionConfigForm(props: ActionConfigFormProps) {
  const { type, value, onChange, errors = [], app, subject, testId } = props;
  const t = useT();
  const formable = hasForm(type);
  const [mode, setMode] = useState<'form' | 'json'>('form');
  const showForm = formable && mode === 'form';
  const labels = useUserLabels(type === 'notify' ? value : undefined);
  const context = useMemo(() => ({ app: app ?? '', subjectKey: subject, labels, files: {} }), [app, subject, labels]);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={testId}>
      {formable ? (
        <Segmented
          size="small"
          value={mode}
          onChange={(m) => setMode(m as 'form' | 'json')}
          options={[
            { value: 'form', label: t('actionForm.mode.form') },
            { value: 'json', label: 'JSON' },
          ]}
          data-testid={`${testId}-mode`}
        />
      ) : type ? (
        <Typography.Text type="secondary">{t('actionForm.jsonOnly')}</Typography.Text>
      ) : null}
      {!type ? null : showForm ? (
        <FieldContextProvider value={context}>
          <TypeForm {...props} type={type} />
        </FieldContextProvider>
      ) : (
        <JsonEditorField value={value} onChange={onChange} errors={errors} rows={props.jsonRows} testId={`${testId}-json`} />
      )}
    </Space>
  );
}

/** Names of the users a notify configuration lists (`recipients.users`, at most 100), for the user picker to show. */
function useUserLabels(config: unknown): Record<string, string> {
  const users = (toFormValues('notify', config ?? {}) as { users: string[] }).users.slice(0, 100);
  const key = [...users].sort().join(',');
  const { data } = useQuery({
    queryKey: ['users', 'labels', key],
    queryFn: async () => {
      const found = await Promise.all(users.map((id) => getUser(id).catch(() => null)));
      return Object.fromEntries(found.filter((u) => u !== null).map(({ user: u }) => [u.id, `${u.name} <${u.email}>`]));
    },
    enabled: users.length > 0,
    staleTime: 60_000,
  });
  return data ?? EMPTY;
}
const EMPTY: Record<string, string> = {};

/** The form of one built-in type (see the file's comment). */
function TypeForm({
  type,
  value,
  onChange,
  errors = [],
  app,
  subject,
  retryLimit,
  testId,
}: ActionConfigFormProps & { type: FormType }) {
  const [form] = Form.useForm();
  const emitted = useRef<string>();
  const { fields } = useSubjectFields(app, subject);
  const emit = () => {
    const config = toConfig(type, form.getFieldsValue(true));
    emitted.current = JSON.stringify(config);
    onChange(config, true);
  };
  // a value from outside (first render, a reload, another type): the form starts over from it
  useEffect(() => {
    if (emitted.current !== undefined && JSON.stringify(value) === emitted.current) return;
    form.resetFields();
    form.setFieldsValue(toFormValues(type, value));
    if (isEmpty(value)) emit();
    else emitted.current = JSON.stringify(value);
  }, [type, value]);
  // the server's errors on their fields; the rest above the form
  const [loose, setLoose] = useState<string[]>([]);
  useEffect(() => {
    const values = form.getFieldsValue(true);
    const cleared = form
      .getFieldsError()
      .filter((f) => f.errors.length)
      .map((f) => ({ name: f.name, errors: [] as string[] }));
    const placed = new Map<string, { name: (string | number)[]; errors: string[] }>();
    const rest: string[] = [];
    for (const e of errors) {
      const name = formFieldOf(type, e.field, values);
      if (!name) {
        rest.push(e.field ? `${e.field}: ${e.message}` : e.message);
        continue;
      }
      const k = name.join('.');
      placed.set(k, { name, errors: [...(placed.get(k)?.errors ?? []), e.message] });
    }
    form.setFields([...cleared, ...placed.values()]);
    setLoose(rest);
    // the callers build `errors` on every render: its content is what counts
  }, [JSON.stringify(errors), form, type]);
  /** A field edited after a save loses the server's error it had (its list's too). */
  const edited = (changed: Record<string, unknown>) => {
    const tops = Object.keys(changed);
    const stale = form.getFieldsError().filter((f) => f.errors.length && tops.includes(String(f.name[0])));
    if (stale.length) form.setFields(stale.map((f) => ({ name: f.name, errors: [] })));
  };
  return (
    <>
      {loose.map((m) => (
        <Alert key={m} type="error" showIcon message={m} data-testid={`${testId}-error`} />
      ))}
      <Form
        form={form}
        layout="vertical"
        component="div"
        name={`${testId}-form`}
        onValuesChange={(changed) => {
          edited(changed as Record<string, unknown>);
          emit();
        }}
        data-testid={`${testId}-form`}
      >
        {type === 'notify' ? <NotifyFields form={form} fields={fields} testId={testId} onPicked={emit} /> : null}
        {type === 'webhook' ? (
          <WebhookFields form={form} fields={fields} testId={testId} onPicked={emit} retryLimit={retryLimit} />
        ) : null}
        {type === 'update_record' || type === 'create_record' ? (
          <RecordFields form={form} kind={type} app={app} subject={subject} testId={testId} />
        ) : null}
      </Form>
    </>
  );
}
