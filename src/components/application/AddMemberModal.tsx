/**
 * The "Add member" dialog (AddMemberForm.tsx loads it on the first click): a user's e-mail and a
 * role, for an administrator or the application's owner. antd Modal + Form (not ProForm: the
 * workspace home keeps ProComponents' form fields out of its first load, docs/performance.md
 * "Budgets"). Server field errors land under the field; nothing typed is lost on an error.
 */
import { Form, Input, message, Modal, Radio } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { MemberAdd } from '../../../contracts';
import { APP_ROLES } from '../../../contracts/constants';
import { submitForm } from '../../services/api-error';
import { addMember } from '../../services/applications';

export interface AddMemberModalProps {
  slug: string;
  open: boolean;
  onClose: () => void;
  onAdded: () => void;
}

export default function AddMemberModal({ slug, open, onClose, onAdded }: AddMemberModalProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<MemberAdd>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: MemberAdd) => {
    setSaving(true);
    await submitForm(form, async () => {
      await addMember(slug, values);
      message.success(t('workspace.addMember.done', { email: values.email }));
      form.resetFields();
      onClose();
      onAdded();
    });
    setSaving(false);
  };

  return (
    <Modal
      title={t('workspace.addMember')}
      open={open}
      width={440}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      forceRender
    >
      <Form
        name="addMemberForm"
        form={form}
        layout="vertical"
        initialValues={{ role: 'viewer' }}
        onFinish={submit}
        requiredMark={false}
      >
        <Form.Item
          name="email"
          label={t('common.email')}
          rules={[{ required: true, type: 'email', message: t('common.required') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label={t('common.role')} rules={[{ required: true, message: t('common.required') }]}>
          <Radio.Group optionType="button" options={APP_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
