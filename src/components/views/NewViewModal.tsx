/**
 * "New view" asks for the name before anything is saved: a modal with the name (suggested as
 * "<subject> · <type>" in the interface's language, selected for typing over), OK creates the view
 * with the type's default config (viewColumns.defaultConfig) and opens it. The OK button spins and
 * ignores further clicks while the create runs, so two clicks make one view; a server error (e.g.
 * a name too long) lands under the field and the modal keeps what was typed.
 */
import { Form, Input, message as antMessage, Modal } from 'antd';
import React, { useRef, useState } from 'react';
import { history, useIntl } from 'umi';
import type { SubjectDetail, View, ViewType } from '../../../contracts';
import { showFieldErrors } from '../../services/api-error';
import { createView } from '../../services/views';
import { defaultConfig } from './viewColumns';

/** The hook behind "New view": `ask(type)` opens the modal; render `holder` once. */
export function useNewView(app: string, subject: SubjectDetail, open: (v: View) => string) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [message, messageHolder] = antMessage.useMessage();
  const [form] = Form.useForm<{ name: string }>();
  const [type, setType] = useState<ViewType | null>(null);
  const [saving, setSaving] = useState(false);
  // a second click before the re-render that shows the spinner must not create a second view
  const busy = useRef(false);

  const ask = (next: ViewType) => setType(next);
  const submit = async () => {
    if (!type || busy.current) return;
    busy.current = true;
    setSaving(true);
    try {
      const v = await form.validateFields();
      const created = await createView(app, subject.key, { name: v.name.trim(), config: defaultConfig(type, subject) });
      setType(null);
      history.push(open(created));
    } catch (err) {
      // a validation failure shows under the field by itself; a server error is put there too
      if (err instanceof Error) {
        showFieldErrors(form, err);
        message.error(err.message);
      }
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };
  const holder = (
    <>
      {messageHolder}
      <Modal
        open={type !== null}
        title={type ? intl.formatMessage({ id: 'views.newOf' }, { type: t(`views.type.${type}`) }) : ''}
        onOk={() => void submit()}
        onCancel={() => setType(null)}
        confirmLoading={saving}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'new-view-ok' }}
      >
        <Form
          form={form}
          name="newView"
          layout="vertical"
          initialValues={{ name: type ? `${subject.name} · ${t(`views.type.${type}`)}` : '' }}
          onFinish={() => void submit()}
        >
          <Form.Item name="name" label={t('views.name')} rules={[{ required: true, whitespace: true, message: t('views.nameRequired') }, { max: 100 }]}>
            <Input maxLength={100} autoFocus onFocus={(e) => e.target.select()} data-testid="new-view-name" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
  return { ask, holder };
}
