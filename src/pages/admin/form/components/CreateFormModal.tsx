/**
 * "New form" modal of /admin/form (Dynamic forms): application, then one of its
 * subjects, name, description, "default form". POST /api/v1/forms (the layout starts as one
 * section of every writable field); 400s land on their fields. On success the designer opens.
 */
import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProFormDependency, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Button, Form, message } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { DynamicForm } from '../../../../../contracts';
import { useApplicationSlugs } from '../../../../components/subject/useApplicationSlugs';
import { submitForm } from '../../../../services/api-error';
import { createForm } from '../../../../services/forms';
import { listAppSubjectOptions } from '../../../../services/subjects';

interface Values {
  application: string;
  subjectKey: string;
  name: string;
  description?: string;
  isDefault?: boolean;
}

export default function CreateFormModal({ onCreated }: { onCreated: (f: DynamicForm) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<Values>();
  const apps = useApplicationSlugs();
  return (
    <ModalForm<Values>
      title={t('forms.new')}
      form={form}
      name="createForm"
      width={560}
      modalProps={{ destroyOnClose: true }}
      trigger={
        <Button type="primary" icon={<PlusOutlined />} data-testid="create-form">
          {t('forms.new')}
        </Button>
      }
      onValuesChange={(changed: Partial<Values>) => {
        if ('application' in changed) form.setFieldValue('subjectKey', undefined);
      }}
      onFinish={(values) =>
        submitForm(form, async () => {
          const created = await createForm({
            application: values.application,
            subjectKey: values.subjectKey,
            name: values.name.trim(),
            description: values.description?.trim() || undefined,
            isDefault: values.isDefault ?? false,
          });
          message.success(t('forms.created', { name: created.name }));
          onCreated(created);
        })
      }
    >
      <ProFormSelect
        name="application"
        label={t('forms.application')}
        options={apps}
        placeholder={t('forms.applicationPlaceholder')}
        fieldProps={{ showSearch: true, optionFilterProp: 'label', 'data-testid': 'form-application' } as object}
        rules={[{ required: true, message: t('common.required') }]}
      />
      <ProFormDependency name={['application']}>
        {({ application }: { application?: string }) => (
          <ProFormSelect
            name="subjectKey"
            label={t('forms.subject')}
            placeholder={t('forms.subjectPlaceholder')}
            disabled={!application}
            params={{ application }}
            request={async () =>
              application ? (await listAppSubjectOptions(application)).map((s) => ({ value: s.key, label: `${s.name} (${s.key})` })) : []
            }
            fieldProps={{ showSearch: true, optionFilterProp: 'label', 'data-testid': 'form-subject' } as object}
            rules={[{ required: true, message: t('common.required') }]}
          />
        )}
      </ProFormDependency>
      <ProFormText
        name="name"
        label={t('forms.name')}
        fieldProps={{ maxLength: 100, 'data-testid': 'form-name' } as object}
        rules={[{ required: true, whitespace: true, message: t('common.required') }]}
      />
      <ProFormTextArea name="description" label={t('forms.description')} fieldProps={{ maxLength: 1000, rows: 2 }} />
      <ProFormSwitch name="isDefault" label={t('forms.designer.setDefault')} fieldProps={{ 'data-testid': 'form-default' } as object} />
    </ModalForm>
  );
}
