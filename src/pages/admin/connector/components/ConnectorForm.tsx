/**
 * The connector form in a drawer (docs/connectors-web.md "Form"): a new connector (its kind first:
 * PostgreSQL, MySQL/MariaDB, REST/JSON, a file at a URL) or an existing one (its kind fixed). Name,
 * description, then the kind's config (ConfigFields). "Test connection" tries what is typed without
 * saving (POST /connectors/test) and says the result in the drawer: ok with the server's version
 * and the time taken, or the reason; the allow-list refusal (422) with where to change the list.
 * Saving refused with a 400 puts each message under its field and keeps everything typed.
 * Loaded on the first open (its own chunk).
 */
import { Alert, Button, Drawer, Form, Input, Radio, Space, message } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
import type { Connector, ConnectorTestResult } from '../../../../../contracts';
import { CONNECTOR_KINDS, type ConnectorKind } from '../../../../../contracts/connectors.constants';
import { useT } from '../../../../components/useT';
import { showFieldErrors, toApiError } from '../../../../services/api-error';
import { createConnector, testConnectorConfig, updateConnector } from '../../../../services/connectors';
import type { ConnectorSpec } from '../../../../../contracts';
import { configOf, defaultConfig } from '../logic';
import ConfigFields from './ConfigFields';
import ProblemAlert from './ProblemAlert';

interface Values {
  name: string;
  description: string;
  kind: ConnectorKind;
  config: Record<string, unknown>;
}

/** The result of a connection test, as the drawer and the detail show it. */
export function TestResult({ result }: { result: ConnectorTestResult }) {
  const t = useT();
  return result.ok ? (
    <Alert
      type="success"
      showIcon
      data-testid="connector-test-result"
      message={t('connectors.test.ok', { ms: result.durationMs })}
      description={result.serverVersion ? t('connectors.test.version', { version: result.serverVersion }) : undefined}
    />
  ) : (
    <Alert
      type="error"
      showIcon
      data-testid="connector-test-result"
      message={t('connectors.test.failed')}
      description={[result.message, result.detail].filter(Boolean).join(' — ')}
    />
  );
}

export default function ConnectorForm({
  open,
  connector,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The connector edited; none: a new one. */
  connector?: Connector | null;
  onClose: () => void;
  onSaved: (c: Connector) => void;
}) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState<'test' | 'save' | null>(null);
  const [result, setResult] = useState<ConnectorTestResult | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  // the result shows under the form: brought into view when it comes (the button is in the footer)
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result || problem) outcome.current?.scrollIntoView({ block: 'nearest' });
  }, [result, problem]);
  const kind = (Form.useWatch('kind', form) ?? connector?.kind ?? 'postgres') as ConnectorKind;
  const initial: Values = connector
    ? { name: connector.name, description: connector.description, kind: connector.kind, config: { ...defaultConfig(connector.kind), ...connector.config } }
    : { name: '', description: '', kind: 'postgres', config: defaultConfig('postgres') };

  /** The values as the API takes them (the whole form, shown or not). */
  const spec = (): ConnectorSpec => {
    const all = form.getFieldsValue(true) as Values;
    return { kind: all.kind, config: configOf(all.kind, all.config) } as ConnectorSpec;
  };
  const test = async () => {
    try {
      await form.validateFields([['config']], { recursive: true });
    } catch {
      return;
    }
    setBusy('test');
    setResult(null);
    setProblem(null);
    try {
      setResult(await testConnectorConfig(spec()));
    } catch (e) {
      showFieldErrors(form, e);
      setProblem(e);
    } finally {
      setBusy(null);
    }
  };
  const save = async (values: Values) => {
    setBusy('save');
    setProblem(null);
    try {
      const { config } = spec();
      const saved = connector
        ? await updateConnector(connector.id, { name: values.name, description: values.description ?? '', config })
        : await createConnector({ name: values.name, description: values.description ?? '', ...spec() });
      message.success(t(connector ? 'connectors.form.updated' : 'connectors.form.created', { name: saved.name }));
      onSaved(saved);
    } catch (e) {
      showFieldErrors(form, e);
      if (toApiError(e).details.length === 0) setProblem(e);
      else message.error(toApiError(e).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={640}
      destroyOnClose
      title={t(connector ? 'connectors.form.editTitle' : 'connectors.form.newTitle')}
      data-testid="connector-form"
      footer={
        <Space>
          <Button onClick={() => void test()} loading={busy === 'test'} data-testid="connector-test">
            {t('connectors.test.button')}
          </Button>
          <Button type="primary" onClick={() => form.submit()} loading={busy === 'save'} data-testid="connector-save">
            {t('connectors.form.save')}
          </Button>
          <Button onClick={onClose}>{t('connectors.cancel')}</Button>
        </Space>
      }
    >
      <Form<Values>
        name="connectorForm"
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => void save(v)}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.kind) {
            // a new kind starts from its defaults; the name and description stay
            form.setFieldValue('config', defaultConfig(changed.kind));
          }
          if (changed.kind || changed.config) setResult(null);
        }}
      >
        <Form.Item name="kind" label={t('connectors.field.kind')} extra={connector ? t('connectors.field.kindFixed') : undefined}>
          <Radio.Group
            optionType="button"
            disabled={!!connector}
            options={CONNECTOR_KINDS.map((k) => ({ value: k, label: t(`connectors.kind.${k}`) }))}
            data-testid="connector-kind"
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('connectors.field.name')}
          rules={[
            { required: true, whitespace: true, message: t('connectors.required') },
            { max: 100, message: t('connectors.tooLong', { max: 100 }) },
          ]}
        >
          <Input data-testid="connector-name" autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label={t('connectors.field.description')} rules={[{ max: 2000 }]}>
          {/* fixed rows: antd's autoSize measures through a style attribute, which the CSP refuses */}
          <Input.TextArea rows={2} />
        </Form.Item>
        <ConfigFields kind={kind} />
      </Form>
      <Space direction="vertical" style={{ width: '100%' }} ref={outcome}>
        {result && <TestResult result={result} />}
        <ProblemAlert error={problem} />
      </Space>
    </Drawer>
  );
}
