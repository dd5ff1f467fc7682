/**
 * The outbound sections of the system settings (docs/outbound.md): the allow-list of private
 * targets webhooks may reach (host names, `.domain`, addresses, CIDR blocks; the server checks each
 * entry and names `outboundAllowedHosts` in a 400), the hosts connectors may reach
 * (`connectorAllowedHosts`, the same kinds of entries; docs/connectors-web.md "Allow-list"), where the daily audit anchor is posted (URL and
 * the secret variable that signs it), and the SMTP server used for e-mail notices
 * (host, port, TLS, user, the global secret variable holding the password, sender address).
 */
import { ProFormDigit, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { Card, Form, Select } from 'antd';
import React from 'react';
import { useIntl } from 'umi';

/** Entries of the allow-list at most, as contracts/settings.ts OUTBOUND_ALLOWED_HOSTS_MAX (a value, so not imported from the zod file). */
const MAX_ENTRIES = 100;

export default function OutboundFields() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <>
      <Card title={t('system.section.outbound')} style={{ marginBottom: 16 }}>
        <Form.Item
          name="outboundAllowedHosts"
          label={t('system.outboundAllowedHosts')}
          extra={t('system.outboundAllowedHostsHelp')}
        >
          <Select
            mode="tags"
            maxCount={MAX_ENTRIES}
            open={false}
            suffixIcon={null}
            tokenSeparators={[',', ' ']}
            placeholder={t('system.outboundAllowedHostsPlaceholder')}
            style={{ maxWidth: 600 }}
          />
        </Form.Item>
        <Form.Item
          name="connectorAllowedHosts"
          label={t('system.connectorAllowedHosts')}
          extra={t('system.connectorAllowedHostsHelp')}
        >
          <Select
            mode="tags"
            maxCount={MAX_ENTRIES}
            open={false}
            suffixIcon={null}
            tokenSeparators={[',', ' ']}
            placeholder={t('system.connectorAllowedHostsPlaceholder')}
            style={{ maxWidth: 600 }}
            data-testid="connector-allowed-hosts-setting"
          />
        </Form.Item>
        <ProFormText
          name="auditAnchorWebhookUrl"
          label={t('system.auditAnchorWebhookUrl')}
          extra={t('system.auditAnchorWebhookUrlHelp')}
          fieldProps={{ maxLength: 2048, style: { maxWidth: 600 } }}
        />
        <ProFormText
          name="auditAnchorSecretVariable"
          label={t('system.auditAnchorSecretVariable')}
          extra={t('system.auditAnchorSecretVariableHelp')}
          fieldProps={{ maxLength: 64, style: { maxWidth: 400 } }}
        />
      </Card>
      <Card title={t('system.section.smtp')} style={{ marginBottom: 16 }}>
        <ProFormText
          name="smtpHost"
          label={t('system.smtpHost')}
          extra={t('system.smtpHostHelp')}
          fieldProps={{ maxLength: 253, style: { maxWidth: 400 } }}
        />
        <ProFormDigit
          name="smtpPort"
          label={t('system.smtpPort')}
          min={1}
          max={65_535}
          fieldProps={{ precision: 0, style: { width: 200 } }}
          rules={[{ required: true, message: t('common.required') }]}
        />
        <ProFormSwitch name="smtpSecure" label={t('system.smtpSecure')} extra={t('system.smtpSecureHelp')} />
        <ProFormText
          name="smtpUser"
          label={t('system.smtpUser')}
          fieldProps={{ maxLength: 200, style: { maxWidth: 400 }, autoComplete: 'off' }}
        />
        <ProFormText
          name="smtpPasswordVariable"
          label={t('system.smtpPasswordVariable')}
          extra={t('system.smtpPasswordVariableHelp')}
          fieldProps={{ maxLength: 64, style: { maxWidth: 400 } }}
        />
        <ProFormText
          name="smtpFrom"
          label={t('system.smtpFrom')}
          extra={t('system.smtpFromHelp')}
          fieldProps={{ maxLength: 254, style: { maxWidth: 400 } }}
        />
      </Card>
    </>
  );
}
