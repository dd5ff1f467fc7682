/**
 * "New application" modal of the console dashboard: slug, name, description (contracts/applications.ts).
 * Loaded when its button is first clicked (CreateApplicationForm.tsx): ProForm's fields stay out of
 * the dashboard's first load (docs/performance.md).
 */
import { ModalForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form, message } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { ApplicationCreate } from '../../../../../contracts';
import { SLUG_PATTERN } from '../../../../../contracts/constants';
import { submitForm } from '../../../../services/api-error';
import { createApplication } from '../../../../services/applications';

export interface CreateApplicationModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (slug: string) => void;
}

export default function CreateApplicationModal({ open, onOpenChange, onCreated }: CreateApplicationModalProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<ApplicationCreate>();
  return (
    <ModalForm<ApplicationCreate>
      name="createApplicationForm"
      title={t('dashboard.createApp')}
      form={form}
      width={520}
      modalProps={{ destroyOnClose: false }}
      open={open}
      onOpenChange={onOpenChange}
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
