/**
 * The view page's actions: "Save view" (the edited config over the saved one), "Save as
 * new view" (asks for a name, opens the new one) and "Share" (ShareModal). Editors only; a viewer
 * may still change the toolbar to look around, without saving.
 */
import { SaveOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, message as antMessage, Modal, Space } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { View, ViewConfig } from '../../../contracts';
import { showFieldErrors } from '../../services/api-error';
import { createView, updateView } from '../../services/views';
import ShareModal from './ShareModal';
import { keys } from '../../services/query-keys';

export default function ViewActions({
  view,
  name,
  config,
  dirty,
  onSaved,
  onCreated,
}: {
  view: View;
  name: string;
  config: ViewConfig;
  dirty: boolean;
  onSaved: (v: View) => void;
  onCreated: (v: View) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [message, messageHolder] = antMessage.useMessage();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [asNew, setAsNew] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  const save = async () => {
    setSaving(true);
    try {
      const saved = await updateView(view.id, { name, config });
      client.setQueryData(keys('views').detail(view.id), saved);
      message.success(t('views.saved'));
      onSaved(saved);
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const saveAsNew = async () => {
    const v = await form.validateFields();
    try {
      const created = await createView(view.application, view.subjectKey, { name: v.name, config });
      message.success(t('views.saved'));
      setAsNew(false);
      onCreated(created);
    } catch (err) {
      showFieldErrors(form, err);
      message.error((err as Error).message);
    }
  };
  return (
    <Space wrap>
      {messageHolder}
      <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!dirty} onClick={() => void save()} data-testid="view-save">
        {t('views.save')}
      </Button>
      <Button
        onClick={() => {
          form.setFieldsValue({ name: `${name} 2` });
          setAsNew(true);
        }}
        data-testid="view-save-as"
      >
        {t('views.saveAs')}
      </Button>
      <Button icon={<ShareAltOutlined />} onClick={() => setSharing(true)} data-testid="view-share">
        {t('views.share.button')}
      </Button>
      <Modal open={asNew} title={t('views.saveAs')} onOk={() => void saveAsNew()} onCancel={() => setAsNew(false)} destroyOnHidden okButtonProps={{ id: 'save-as-ok' }}>
        <Form name="viewActions" form={form} layout="vertical">
          <Form.Item name="name" label={t('views.name')} rules={[{ required: true, whitespace: true, message: t('views.nameRequired') }]}>
            <Input maxLength={100} data-testid="save-as-name" />
          </Form.Item>
        </Form>
      </Modal>
      <ShareModal app={view.application} viewId={view.id} open={sharing} onClose={() => setSharing(false)} />
    </Space>
  );
}
