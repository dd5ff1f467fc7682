/**
 * "New subject" modal of /admin/subject and of a workspace's settings (Subjects and fields): application, name, key
 * (pattern and reserved words checked here as the server does: contracts/subjects.ts
 * subjectKeySchema), icon, description. POST …/applications/:app/subjects; 400/409 land on their
 * fields (KEY_TAKEN on `key`). On success the caller opens the schema editor to add fields.
 */
import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Button, Form, message } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { SubjectDetail } from '../../../contracts';
import { FIELD_KEY_PATTERN } from '../../../contracts/constants';
import { isReservedWord } from '../../../contracts/reserved';
import { SubjectIconSelect } from './icons';
import { suggestKey } from './fieldTypes';
import { submitForm } from '../../services/api-error';
import { createSubject } from '../../services/subjects';
import { useApplicationSlugs } from './useApplicationSlugs';

interface Values {
  application: string;
  key: string;
  name: string;
  icon?: string | null;
  description?: string;
}

export default function CreateSubjectModal({
  application,
  onCreated,
}: {
  application?: string;
  onCreated: (s: SubjectDetail) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<Values>();
  const apps = useApplicationSlugs();
  const [keyTouched, setKeyTouched] = useState(false);
  return (
    <ModalForm<Values>
      title={t('subject.new')}
      form={form}
      name="createSubject"
      width={560}
      initialValues={{ application, icon: 'table' }}
      modalProps={{ destroyOnClose: true, afterClose: () => setKeyTouched(false) }}
      trigger={
        <Button type="primary" icon={<PlusOutlined />} data-testid="create-subject">
          {t('subject.new')}
        </Button>
      }
      onValuesChange={(changed: Partial<Values>) => {
        if ('key' in changed) setKeyTouched(true);
        else if ('name' in changed && !keyTouched) form.setFieldValue('key', suggestKey(changed.name ?? ''));
      }}
      onFinish={(values) =>
        submitForm(form, async () => {
          const created = await createSubject(values.application, {
            key: values.key.trim(),
            name: values.name.trim(),
            icon: values.icon ?? undefined,
            description: values.description?.trim() || undefined,
          });
          message.success(t('subject.created', { name: created.name }));
          onCreated(created);
        })
      }
    >
      <ProFormSelect
        name="application"
        label={t('subject.application')}
        options={apps}
        placeholder={t('subject.applicationPlaceholder')}
        fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
        rules={[{ required: true, message: t('common.required') }]}
      />
      <ProFormText
        name="name"
        label={t('subject.name')}
        rules={[{ required: true, whitespace: true, message: t('common.required') }, { max: 100 }]}
      />
      <ProFormText
        name="key"
        label={t('subject.key')}
        extra={t('subject.keyHelp')}
        fieldProps={{ style: { fontFamily: 'monospace' }, autoComplete: 'off' }}
        rules={[
          { required: true, message: t('common.required') },
          { pattern: FIELD_KEY_PATTERN, message: t('subject.keyPattern') },
          {
            validator: async (_, v?: string) => {
              if (v && isReservedWord(v.trim())) throw new Error(t('subject.keyReserved', { key: v.trim() }));
            },
          },
        ]}
      />
      <Form.Item name="icon" label={t('subject.icon')}>
        <SubjectIconSelect />
      </Form.Item>
      <ProFormTextArea name="description" label={t('subject.description')} fieldProps={{ rows: 3 }} rules={[{ max: 2000 }]} />
    </ModalForm>
  );
}
