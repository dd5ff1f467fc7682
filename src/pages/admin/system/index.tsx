/**
 * /admin/system (docs/routes-and-loading.md "Screen names": 系统设置; System settings), administrators: one form in six
 * sections — site (name, logo, default language), password policy (length, classes, expiry),
 * sessions and sign-in (idle and absolute timeouts, failed sign-ins before the back-off), uploads
 * (size limit), outbound requests (the allow-list of private targets) and e-mail (the SMTP server:
 * components/OutboundFields.tsx). Saving applies at once on the server (and here: header title and logo), each change
 * audited; a 400 puts the message under its field, a 409 says someone saved meanwhile.
 */
import { PageContainer, ProForm, ProFormDigit, ProFormRadio, ProFormText } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Form, message } from 'antd';
import React from 'react';
import { useIntl, useModel } from 'umi';
import type { SettingsUpdate, SettingsView } from '../../../../contracts';
import { LOCALES } from '../../../../contracts/constants';
import { PASSWORD_POLICY_BOUNDS } from '../../../../contracts/password-policy';
import { LOCALE_LABELS } from '../../../components/LanguageSwitch.labels';
import RouteDataResult from '../../../components/RouteDataResult';
import { submitForm } from '../../../services/api-error';
import { getSettings, updateSettings } from '../../../services/settings';
import LogoField from './components/LogoField';
import OutboundFields from './components/OutboundFields';
import { keys } from '../../../services/query-keys';

const KEY = keys('settings').detail('system');

export default function SystemSettings() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<SettingsUpdate>();
  const queryClient = useQueryClient();
  const { setInitialState } = useModel('@@initialState');
  const query = useQuery({ queryKey: KEY, queryFn: getSettings });

  const digit = (name: keyof SettingsUpdate, label: string, min: number, max: number, extra?: string) => (
    <ProFormDigit name={name} label={t(label)} min={min} max={max} extra={extra && t(extra)} fieldProps={{ precision: 0, style: { width: 200 } }} rules={[{ required: true, message: t('common.required') }]} />
  );

  const save = async (values: SettingsUpdate, version: string) => {
    const view = await updateSettings({ ...values, version });
    queryClient.setQueryData(KEY, view);
    form.setFieldsValue(view);
    document.title = view.siteName;
    await setInitialState((s) => ({
      currentUser: s?.currentUser ?? null,
      site: {
        siteName: view.siteName,
        logo: view.logo,
        defaultLocale: view.defaultLocale,
        passwordPolicy: { minLength: view.passwordMinLength, requiredClasses: view.passwordClasses, expiryDays: view.passwordExpiryDays },
        uploadMaxMb: view.uploadMaxMb,
      },
    }));
    message.success(t(view.version === version ? 'system.unchanged' : 'system.saved'));
  };

  return (
    <PageContainer title={t('system.title')}>
      <RouteDataResult query={query}>
        {(settings: SettingsView) => (
          <ProForm<SettingsUpdate> name="system"
            form={form}
            layout="vertical"
            initialValues={settings}
            data-testid="system-settings"
            submitter={{
              searchConfig: { submitText: t('system.save'), resetText: t('system.reset') },
              render: (_, dom) => <div style={{ display: 'flex', gap: 8 }}>{dom}</div>,
            }}
            onFinish={(values) => submitForm(form, () => save(values, (queryClient.getQueryData<SettingsView>(KEY) ?? settings).version))}
          >
            <Card title={t('system.section.site')} style={{ marginBottom: 16 }}>
              <ProFormText
                name="siteName"
                label={t('system.siteName')}
                extra={t('system.siteNameHelp')}
                fieldProps={{ maxLength: 60, style: { maxWidth: 400 } }}
                rules={[{ required: true, whitespace: true, message: t('common.required') }]}
              />
              <Form.Item name="logo" label={t('system.logo')} extra={t('system.logoHelp')}>
                <LogoField />
              </Form.Item>
              <ProFormRadio.Group
                name="defaultLocale"
                label={t('system.defaultLocale')}
                extra={t('system.defaultLocaleHelp')}
                radioType="button"
                options={LOCALES.map((l) => ({ value: l, label: LOCALE_LABELS[l] }))}
              />
            </Card>
            <Card title={t('system.section.password')} style={{ marginBottom: 16 }}>
              {digit('passwordMinLength', 'system.passwordMinLength', PASSWORD_POLICY_BOUNDS.minLength.min, PASSWORD_POLICY_BOUNDS.minLength.max)}
              {digit(
                'passwordClasses',
                'system.passwordClasses',
                PASSWORD_POLICY_BOUNDS.requiredClasses.min,
                PASSWORD_POLICY_BOUNDS.requiredClasses.max,
                'system.passwordClassesHelp',
              )}
              {digit('passwordExpiryDays', 'system.passwordExpiryDays', PASSWORD_POLICY_BOUNDS.expiryDays.min, PASSWORD_POLICY_BOUNDS.expiryDays.max, 'system.passwordExpiryHelp')}
            </Card>
            <Card title={t('system.section.session')} style={{ marginBottom: 16 }}>
              {digit('sessionIdleMinutes', 'system.sessionIdleMinutes', 5, 10_080, 'system.sessionIdleHelp')}
              {digit('sessionAbsoluteDays', 'system.sessionAbsoluteDays', 1, 90, 'system.sessionAbsoluteHelp')}
              {digit('loginFreeFailures', 'system.loginFreeFailures', 1, 100, 'system.loginFreeFailuresHelp')}
            </Card>
            <Card title={t('system.section.upload')} style={{ marginBottom: 16 }}>
              {digit('uploadMaxMb', 'system.uploadMaxMb', 1, 10_240)}
            </Card>
            <OutboundFields />
          </ProForm>
        )}
      </RouteDataResult>
    </PageContainer>
  );
}
