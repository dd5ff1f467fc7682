/**
 * A subject's own settings in the schema editor: name, icon, description and display field
 * (PATCH …/subjects/:key, contracts/subjects.ts subjectUpdateSchema; the key is fixed). Server
 * errors land under their fields.
 */
import { ProForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form, message, Select } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { SubjectDetail, SubjectUpdate } from '../../../contracts';
import { submitForm } from '../../services/api-error';
import { updateSubject } from '../../services/subjects';
import { DISPLAY_TYPES } from './fieldTypes';
import { SubjectIconSelect } from './icons';

interface Values {
  name: string;
  icon?: string | null;
  description?: string;
  displayField?: string | null;
}

export default function SubjectSettingsForm({
  subject,
  onSaved,
}: {
  subject: SubjectDetail;
  onSaved: (s: SubjectDetail) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<Values>();
  return (
    <ProForm<Values>
      form={form}
      name="subjectSettings"
      autoFocusFirstInput={false}
      layout="vertical"
      initialValues={{
        name: subject.name,
        icon: subject.icon,
        description: subject.description ?? '',
        displayField: subject.displayField,
      }}
      submitter={{
        searchConfig: { submitText: t('subject.save') },
        resetButtonProps: false,
        submitButtonProps: { 'data-testid': 'save-subject-settings' },
      }}
      onFinish={(values) =>
        submitForm(form, async () => {
          const input: SubjectUpdate = {
            name: values.name,
            icon: values.icon ?? null,
            description: values.description?.trim() ? values.description.trim() : null,
            displayField: values.displayField ?? null,
          };
          const saved = await updateSubject(subject.application, subject.key, input);
          message.success(t('subject.saved'));
          onSaved(saved);
        })
      }
    >
      <ProFormText
        name="name"
        label={t('subject.name')}
        rules={[{ required: true, whitespace: true, message: t('common.required') }, { max: 100 }]}
      />
      <Form.Item name="icon" label={t('subject.icon')}>
        <SubjectIconSelect />
      </Form.Item>
      <Form.Item name="displayField" label={t('subject.displayField')} extra={t('subject.displayFieldHelp')}>
        <Select<string>
          allowClear
          placeholder={t('subject.displayFieldNone')}
          options={subject.fields
            .filter((f) => DISPLAY_TYPES.includes(f.type))
            .map((f) => ({ value: f.key, label: `${f.name} (${f.key})` }))}
        />
      </Form.Item>
      <ProFormTextArea name="description" label={t('subject.description')} fieldProps={{ rows: 3 }} rules={[{ max: 2000 }]} />
    </ProForm>
  );
}
