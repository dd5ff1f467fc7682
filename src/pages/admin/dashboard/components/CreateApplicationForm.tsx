/** "New application" modal of the console dashboard: slug, name, description (contracts/applications.ts). */
import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Button, Form, message } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { ApplicationCreate } from '../../../../../contracts';
import { SLUG_PATTERN } from '../../../../../contracts/constants';
import { submitForm } from '../../../../services/api-error';
import { createApplication } from '../../../../services/applications';

export default function CreateApplicationForm({ onCreated, primary }: { onCreated: (slug: string) => void; primary?: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<ApplicationCreate>();
  return (
    <ModalForm<ApplicationCreate> name="createApplicationForm"
      title={t('dashboard.createApp')}
      form={form}
      width={520}
      modalProps={{ destroyOnClose: false }}
      trigger={
        <Button type={primary ? 'primary' : 'default'} icon={<PlusOutlined />} data-testid="create-app">
          {t('dashboard.createApp')}
        </Button>
      }
      onFinish={(values) =>
        submitForm(form, async () => {
          const app = await createApplication(values);
          message.success(t('dashboard.createApp.done', { name: app.name }));
          form.resetFields();
          onCreated(app.slug);
        })
      }
    >
      <ProFormText
        name="name"
        label={t('common.name')}
        rules={[{ required: true, whitespace: true, message: t('common.required') }]}
        fieldProps={{ maxLength: 100 }}
      />
      <ProFormText
        name="slug"
        label={t('app.slug')}
        extra={t('app.slugHelp')}
        rules={[
          { required: true, message: t('common.required') },
          { pattern: SLUG_PATTERN, message: t('app.slugHelp') },
        ]}
        fieldProps={{ maxLength: 32, addonBefore: '/' }}
      />
      <ProFormTextArea name="description" label={t('app.description')} fieldProps={{ maxLength: 2000, rows: 3 }} />
    </ModalForm>
  );
}
