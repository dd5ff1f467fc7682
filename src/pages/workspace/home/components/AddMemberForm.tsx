/** "Add member" for an administrator or the application's owner: a user's e-mail and a role. */
import { UserAddOutlined } from '@ant-design/icons';
import { ModalForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { Button, Form, message } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { MemberAdd } from '../../../../../contracts';
import { APP_ROLES } from '../../../../../contracts/constants';
import { showFieldErrors } from '../../../../services/api-error';
import { addMember } from '../../../../services/applications';

export default function AddMemberForm({ slug, onAdded }: { slug: string; onAdded: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<MemberAdd>();
  return (
    <ModalForm<MemberAdd>
      title={t('workspace.addMember')}
      form={form}
      width={440}
      initialValues={{ role: 'viewer' }}
      trigger={
        <Button icon={<UserAddOutlined />} data-testid="add-member">
          {t('workspace.addMember')}
        </Button>
      }
      onFinish={async (values) => {
        try {
          await addMember(slug, values);
          message.success(t('workspace.addMember.done', { email: values.email }));
          form.resetFields();
          onAdded();
          return true;
        } catch (e) {
          showFieldErrors(form, e);
          message.error(e instanceof Error ? e.message : String(e));
          return false;
        }
      }}
    >
      <ProFormText
        name="email"
        label={t('common.email')}
        rules={[{ required: true, type: 'email', message: t('common.required') }]}
      />
      <ProFormSelect
        name="role"
        label={t('common.role')}
        rules={[{ required: true, message: t('common.required') }]}
        options={APP_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
      />
    </ModalForm>
  );
}
