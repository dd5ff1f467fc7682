/**
 * The "General" tab of `/{app}/settings`: for a manager (owner or administrator) an antd Form
 * over the shared application fields (name, description, icon, colour, modules) that saves with
 * PATCH /applications/:slug (server errors under their fields); for other members the same
 * values read-only.
 */
import { Button, Descriptions, Form, message, Space, Tag } from 'antd';
import React, { useEffect, useState } from 'react';
import { useIntl } from 'umi';
import type { AppIcon, ApplicationDetail, AppModule } from '../../../../../contracts';
import IconByName, { appIconOf } from '../../../../components/IconByName';
import ApplicationFields from '../../../../components/application/ApplicationFields';
import { submitForm } from '../../../../services/api-error';
import { updateApplication } from '../../../../services/applications';

interface Values {
  name: string;
  description: string;
  icon: AppIcon | null;
  color: string | null;
  modules: AppModule[];
}

const valuesOf = (app: ApplicationDetail): Values => ({
  name: app.name,
  description: app.description ?? '',
  icon: appIconOf(app.icon),
  color: app.color,
  modules: app.modules,
});

export default function GeneralSettings({ app, canManage, onSaved }: { app: ApplicationDetail; canManage: boolean; onSaved: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  useEffect(() => form.setFieldsValue(valuesOf(app)), [app.updatedAt]);

  if (!canManage) {
    return (
      <Descriptions column={1} bordered size="small" data-testid="settings-general-readonly">
        <Descriptions.Item label={t('common.name')}>{app.name}</Descriptions.Item>
        <Descriptions.Item label={t('app.slug')}>/{app.slug}</Descriptions.Item>
        <Descriptions.Item label={t('app.description')}>{app.description ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('applications.icon')}>
          <Space>
            <IconByName name={app.icon} />
            {app.icon ?? t('applications.icon.default')}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('applications.color')}>
          {app.color ? (
            <Space>
              <span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 3, background: app.color }} />
              {app.color}
            </Space>
          ) : (
            t('applications.color.default')
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('applications.modules')}>
          {app.modules.length === 0 ? t('applications.modules.none') : app.modules.map((m) => <Tag key={m}>{t(`applications.module.${m}`)}</Tag>)}
        </Descriptions.Item>
      </Descriptions>
    );
  }

  const save = async (values: Values) => {
    setSaving(true);
    await submitForm(form, async () => {
      await updateApplication(app.slug, { ...values, icon: values.icon ?? null, color: values.color ?? null });
      message.success(t('applications.saved', { name: values.name }));
      onSaved();
    });
    setSaving(false);
  };

  return (
    <Form<Values> name="generalSettings" form={form} layout="vertical" initialValues={valuesOf(app)} onFinish={save} style={{ maxWidth: 640 }} data-testid="settings-general-form">
      <Form.Item label={t('app.slug')} extra={t('appSettings.slugFixed')}>
        <Tag>/{app.slug}</Tag>
      </Form.Item>
      <ApplicationFields />
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="settings-save">
          {t('appSettings.save')}
        </Button>
        <Button onClick={() => form.setFieldsValue(valuesOf(app))}>{t('appSettings.reset')}</Button>
      </Space>
    </Form>
  );
}
