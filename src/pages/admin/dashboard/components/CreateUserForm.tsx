/** "New user" modal of the console dashboard (minimal; the full form is on the users screen, /admin/user). */
import { UserAddOutlined } from '@ant-design/icons';
import { ModalForm, ProFormCheckbox, ProFormText } from '@ant-design/pro-components';
import { Button, Form, message } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { UserCreate } from '../../../../../contracts';
import { submitForm } from '../../../../services/api-error';
import { createUser } from '../../../../services/users';

export default function CreateUserForm({ onCreated }: { onCreated: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<UserCreate>();
  return (
    <ModalForm<UserCreate> name="createUserForm"
      title={t('dashboard.createUser')}
      form={form}
      width={520}
      trigger={
        <Button icon={<UserAddOutlined />} data-testid="create-user">
          {t('dashboard.createUser')}
        </Button>
      }
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
