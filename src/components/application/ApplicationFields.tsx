/**
 * The editable fields of an application (contracts/applications.ts), as antd Form items so the
 * console's ModalForm and the workspace's settings form share them: name, description, icon,
 * theme colour and enabled modules. The slug (create only) and members are the callers' own.
 */
import { Checkbox, Form, Input } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import { APP_MODULES } from '../../../contracts/constants';
import ColorField from './ColorField';
import IconSelect from './IconSelect';

export default function ApplicationFields() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <>
      <Form.Item name="name" label={t('common.name')} rules={[{ required: true, whitespace: true, message: t('common.required') }]}>
        <Input maxLength={100} data-testid="app-field-name" />
      </Form.Item>
      <Form.Item name="description" label={t('app.description')}>
        <Input.TextArea maxLength={2000} rows={3} data-testid="app-field-description" />
      </Form.Item>
      <Form.Item name="icon" label={t('applications.icon')} extra={t('applications.icon.help')}>
        <IconSelect placeholder={t('applications.icon.placeholder')} testId="app-field-icon" />
      </Form.Item>
      <Form.Item name="color" label={t('applications.color')} extra={t('applications.color.help')}>
        <ColorField presetsLabel={t('applications.color.presets')} testId="app-field-color" />
      </Form.Item>
      <Form.Item name="modules" label={t('applications.modules')} extra={t('applications.modules.help')}>
        <Checkbox.Group
         
          data-testid="app-field-modules"
          options={APP_MODULES.map((m) => ({ value: m, label: t(`applications.module.${m}`) }))}
        />
      </Form.Item>
    </>
  );
}
