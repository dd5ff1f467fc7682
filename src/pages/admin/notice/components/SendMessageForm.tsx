/**
 * "Send message" (console notice screen): an administrator's in-app message to one user — the
 * recipient (searched through GET /users), a title and a rich text body. The server sends it with
 * the notices module's `sendMessage`, so it lands in the user's bell and notice center.
 */
import { SendOutlined } from '@ant-design/icons';
import { ModalForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { Button, Form, message } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { MessageSend } from '../../../../../contracts';
import { submitForm } from '../../../../services/api-error';
import { sendMessage } from '../../../../services/notices';
import { listUsers } from '../../../../services/users';
import LazyRichTextEditor from './LazyRichTextEditor';

export default function SendMessageForm({ onSent }: { onSent: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<MessageSend>();
  return (
    <ModalForm<MessageSend> name="sendMessageForm"
      title={t('notices.admin.send')}
      form={form}
      width={720}
      modalProps={{ destroyOnHidden: true }}
      trigger={
        <Button icon={<SendOutlined />} data-testid="notice-send-message">
          {t('notices.admin.send')}
        </Button>
      }
      onFinish={(values) =>
        submitForm(form, async () => {
          await sendMessage({ ...values, body: values.body ?? '' });
          message.success(t('notices.admin.sent'));
          form.resetFields();
          onSent();
        })
      }
    >
      <ProFormSelect
        name="recipientId"
        label={t('notices.field.recipient')}
        showSearch
        debounceTime={300}
        rules={[{ required: true, message: t('common.required') }]}
        fieldProps={{ filterOption: false, placeholder: t('notices.form.recipientPlaceholder') }}
        request={async ({ keyWords }: { keyWords?: string }) => {
          const page = await listUsers({ q: keyWords, pageSize: 20 });
          return page.data.map((u) => ({ value: u.id, label: `${u.name} <${u.email}>` }));
        }}
      />
      <ProFormText name="title" label={t('notices.field.title')} rules={[{ required: true, whitespace: true, message: t('common.required') }]} />
      <Form.Item name="body" label={t('notices.field.body')}>
        <LazyRichTextEditor ariaLabel={t('notices.field.body')} />
      </Form.Item>
    </ModalForm>
  );
}
