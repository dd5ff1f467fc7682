/**
 * "New user" modal of the console dashboard (minimal; the full form is on the users screen, /admin/user).
 * Loaded when its button is first clicked (CreateUserForm.tsx): ProForm's fields stay out of the
 * dashboard's first load (docs/performance.md).
 */
import { ModalForm, ProFormCheckbox, ProFormText } from '@ant-design/pro-components';
import { Form, message } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { UserCreate } from '../../../../../contracts';
import { submitForm } from '../../../../services/api-error';
import { createUser } from '../../../../services/users';

export interface CreateUserModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: () => void;
}

export default function CreateUserModal({ open, onOpenChange, onCreated }: CreateUserModalProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<UserCreate>();
  return (
    <ModalForm<UserCreate>
      name="createUserForm"
      title={t('dashboard.createUser')}
      form={form}
      width={520}
      open={open}
      onOpenChange={onOpenChange}
      onFinish={(values) =>
        submitForm(form, async () => {
          const user = await createUser(values);
          message.success(t('dashboard.createUser.done', { name: user.name }));
          form.resetFields();
          onCreated();
        })
      }
    >
      <ProFormText
        name="name"
        label={t('common.name')}
        rules={[{ required: true, whitespace: true, message: t('common.required') }]}
      />
      <ProFormText
        name="email"
        label={t('common.email')}
        rules={[{ required: true, type: 'email', message: t('common.required') }]}
      />
      <ProFormText.Password
        name="password"
        label={t('common.password')}
        extra={t('init.passwordHelp')}
        rules={[{ required: true, message: t('common.required') }]}
        fieldProps={{ autoComplete: 'new-password' }}
      />
      <ProFormCheckbox name="isAdmin">{t('dashboard.isAdmin')}</ProFormCheckbox>
    </ModalForm>
  );
}
