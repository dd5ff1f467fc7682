/**
 * The `notify` action's form (docs/outbound.md "Notify"; server notify.action.ts): recipients
 * (users, groups, and/or the user in a user field of the record), the title and body with
 * placeholders, e-mail on/off. Form items of ActionConfigForm's form (NotifyValues).
 */
import { AutoComplete, Form, Input, Space, Switch } from 'antd';
import type { FormInstance } from 'antd';
import React from 'react';
import type { Field } from '../../../contracts';
import { UserPicker } from '../fields/pickers';
import { withPlaceholder } from './actionConfig';
import { GroupsSelect, PlaceholderMenu, useT } from './ConfigPickers';

export default function NotifyFields({
  form,
  fields,
  testId,
  onPicked,
}: {
  form: FormInstance;
  /** The fields of the trigger's subject (user fields are offered as recipients; all as placeholders). */
  fields: Field[];
  testId: string;
  /** Called after a placeholder was inserted (setFieldValue does not fire onValuesChange). */
  onPicked: () => void;
}) {
  const t = useT();
  const insert = (name: 'title' | 'body') => (placeholder: string) => {
    form.setFieldValue(name, withPlaceholder(form.getFieldValue(name) as string | undefined, placeholder));
    onPicked();
  };
  const userFields = fields.filter((f) => f.type === 'user');
  const label = (text: string, name: 'title' | 'body') => (
    <Space size={12}>
      {text}
      <PlaceholderMenu fields={fields} onPick={insert(name)} testId={`${testId}-${name}-placeholder`} />
    </Space>
  );
  return (
    <>
      <Form.Item label={t('actionForm.notify.users')} name="users" extra={t('actionForm.notify.recipients.help')}>
        <UserPicker multiple data-testid={`${testId}-users`} />
      </Form.Item>
      <Form.Item label={t('actionForm.notify.groups')} name="groups">
        <GroupsSelect data-testid={`${testId}-groups`} />
      </Form.Item>
      <Form.Item label={t('actionForm.notify.field')} name="field" extra={t('actionForm.notify.field.help')}>
        <AutoComplete
          allowClear
          placeholder={t('actionForm.notify.field.placeholder')}
          options={userFields.map((f) => ({ value: f.key, label: `${f.name} (${f.key})` }))}
          filterOption={(input, o) =>
            String(o?.label ?? '')
              .toLowerCase()
              .includes(input.toLowerCase())
          }
          style={{ maxWidth: 360 }}
          data-testid={`${testId}-field`}
        />
      </Form.Item>
      <Form.Item label={label(t('actionForm.notify.title'), 'title')} name="title" required>
        <Input maxLength={200} data-testid={`${testId}-title`} />
      </Form.Item>
      <Form.Item label={label(t('actionForm.notify.body'), 'body')} name="body" extra={t('actionForm.placeholder.help')}>
        <Input.TextArea rows={4} maxLength={10_000} data-testid={`${testId}-body`} />
      </Form.Item>
      <Form.Item
        label={t('actionForm.notify.email')}
        name="email"
        valuePropName="checked"
        extra={t('actionForm.notify.email.help')}
      >
        <Switch data-testid={`${testId}-email`} />
      </Form.Item>
    </>
  );
}
