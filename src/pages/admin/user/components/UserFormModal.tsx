/**
 * Create or edit a user in a ModalForm (Users). Create asks name, e-mail, password,
 * title, phone and the administrator flag; edit changes name, e-mail, title, phone and the flag
 * (the password is reset separately). Server 400/409s land on their fields; what was typed stays.
 */
import { ModalForm, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { Form, message } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { ManagedUser, UserCreate } from '../../../../../contracts';
import { submitForm } from '../../../../services/api-error';
import { createUser, updateUser } from '../../../../services/users';

type Values = UserCreate;

export default function UserFormModal({
  user,
  trigger,
  onDone,
}: {
  /** The user to edit; absent to create one. */
  user?: ManagedUser;
  trigger: JSX.Element;
  onDone: (id: string) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<Values>();
  const editing = user !== undefined;
  return (
    <ModalForm<Values> name="userFormModal"
      title={t(editing ? 'people.user.edit' : 'people.user.create')}
      form={form}
      width={520}
      trigger={trigger}
      modalProps={{ destroyOnClose: true }}
      initialValues={
        user ? { name: user.name, email: user.email, title: user.title ?? '', phone: user.phone ?? '', isAdmin: user.isAdmin } : { isAdmin: false }
      }
      onFinish={(values) =>
        submitForm(form, async () => {
          if (user) {
            const { name, email, title, phone, isAdmin } = values;
            await updateUser(user.id, { name, email, title: title ?? '', phone: phone ?? '', isAdmin });
            message.success(t('people.user.saved', { name }));
            onDone(user.id);
          } else {
            const created = await createUser(values);
            message.success(t('people.user.created', { name: created.name }));
            onDone(created.id);
          }
        })
      }
    >
      <ProFormText name="name" label={t('common.name')} rules={[{ required: true, whitespace: true, message: t('common.required') }]} />
      <ProFormText
        name="email"
        label={t('common.email')}
        rules={[{ required: true, type: 'email', message: t('login.emailInvalid') }]}
        fieldProps={{ autoComplete: 'off' }}
      />
      {!editing && (
        <ProFormText.Password
          name="password"
          label={t('common.password')}
          extra={t('init.passwordHelp')}
          rules={[{ required: true, message: t('common.required') }]}
          fieldProps={{ autoComplete: 'new-password' }}
        />
      )}
      <ProFormText name="title" label={t('people.user.title')} rules={[{ max: 100 }]} />
      <ProFormText name="phone" label={t('people.user.phone')} rules={[{ max: 100 }]} />
      <ProFormSwitch name="isAdmin" label={t('role.admin')} />
    </ModalForm>
  );
}
