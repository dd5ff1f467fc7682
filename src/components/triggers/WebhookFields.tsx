/**
 * The `webhook` action's form (docs/outbound.md "Webhooks"; server webhook.action.ts): URL and
 * method, the variable whose value signs the body, the time-out (seconds, 1–30), extra headers and
 * an optional body template with placeholders (empty: the event as JSON). Retries are the
 * trigger's retry policy (a failed request fails the step), said under the time-out. Form items of
 * ActionConfigForm's form (WebhookValues).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import type { FormInstance } from 'antd';
import React from 'react';
import type { Field } from '../../../contracts';
import { WEBHOOK_METHODS, WEBHOOK_TIMEOUT_MS, withPlaceholder } from './actionConfig';
import { PlaceholderMenu, useT, VariableSelect } from './ConfigPickers';

export default function WebhookFields({
  form,
  fields,
  testId,
  onPicked,
  retryLimit,
}: {
  form: FormInstance;
  fields: Field[];
  testId: string;
  onPicked: () => void;
  /** The trigger's retries (undefined in the action library). */
  retryLimit?: number;
}) {
  const t = useT();
  return (
    <>
      <Form.Item label="URL" name="url" required extra={t('actionForm.webhook.url.help')}>
        <Input
          placeholder="https://example.com/hooks/assay"
          data-testid={`${testId}-url`}
          addonBefore={
            <Form.Item name="method" noStyle>
              <Select
                style={{ width: 100 }}
                options={WEBHOOK_METHODS.map((m) => ({ value: m, label: m }))}
                data-testid={`${testId}-method`}
                aria-label={t('actionForm.webhook.method')}
              />
            </Form.Item>
          }
        />
      </Form.Item>
      <Space wrap size={[16, 0]} align="start">
        <Form.Item label={t('actionForm.webhook.secret')} name="secretVariable" extra={t('actionForm.webhook.secret.help')}>
          <VariableSelect data-testid={`${testId}-secret`} />
        </Form.Item>
        <Form.Item
          label={t('actionForm.webhook.timeout')}
          name="timeout"
          extra={
            retryLimit === undefined
              ? t('actionForm.webhook.retries.library')
              : t('actionForm.webhook.retries.trigger', { n: retryLimit })
          }
        >
          <InputNumber
            min={WEBHOOK_TIMEOUT_MS.min / 1000}
            max={WEBHOOK_TIMEOUT_MS.max / 1000}
            precision={0}
            addonAfter={t('actionForm.seconds')}
            style={{ width: 140 }}
            data-testid={`${testId}-timeout`}
          />
        </Form.Item>
      </Space>
      <Form.Item label={t('actionForm.webhook.headers')} extra={t('actionForm.webhook.headers.help')}>
        <Form.List name="headers">
          {(rows, { add, remove }, { errors }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {rows.map((row) => (
                <Space key={row.key} align="start" wrap>
                  <Form.Item name={[row.name, 'name']} style={{ marginBottom: 0 }}>
                    <Input
                      placeholder={t('actionForm.webhook.header.name')}
                      style={{ width: 200 }}
                      data-testid={`${testId}-header-${row.name}-name`}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, 'value']} style={{ marginBottom: 0 }}>
                    <Input
                      placeholder={t('actionForm.webhook.header.value')}
                      style={{ width: 280 }}
                      data-testid={`${testId}-header-${row.name}-value`}
                    />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} onClick={() => remove(row.name)} aria-label={t('actionForm.remove')} />
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => add({ name: '', value: '' })}
                data-testid={`${testId}-header-add`}
              >
                {t('actionForm.webhook.header.add')}
              </Button>
            </Space>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item
        label={
          <Space size={12}>
            {t('actionForm.webhook.body')}
            <PlaceholderMenu
              fields={fields}
              onPick={(p) => {
                form.setFieldValue('bodyTemplate', withPlaceholder(form.getFieldValue('bodyTemplate') as string | undefined, p));
                onPicked();
              }}
              testId={`${testId}-body-placeholder`}
            />
          </Space>
        }
        name="bodyTemplate"
        extra={t('actionForm.webhook.body.help')}
      >
        <Input.TextArea rows={4} spellCheck={false} style={{ fontFamily: 'monospace' }} data-testid={`${testId}-body`} />
      </Form.Item>
    </>
  );
}
