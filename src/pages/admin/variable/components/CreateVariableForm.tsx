/** "New variable" modal of /admin/variable: VariableFields, POST /api/v1/variables; errors land on their fields. */
import { PlusOutlined } from '@ant-design/icons';
import { ModalForm } from '@ant-design/pro-components';
import { Button, Form, message } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { Variable, VariableCreate } from '../../../../../contracts';
import { submitForm } from '../../../../services/api-error';
import { createVariable } from '../../../../services/variables';
import VariableFields from './VariableFields';

export default function CreateVariableForm({ onCreated }: { onCreated: (v: Variable) => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<VariableCreate>();
  return (
    <ModalForm<VariableCreate>
      title={intl.formatMessage({ id: 'variable.new' })}
      form={form}
      name="createVariable"
      width={560}
      initialValues={{ type: 'text', value: '' }}
      modalProps={{ destroyOnClose: true }}
      trigger={
        <Button type="primary" icon={<PlusOutlined />} data-testid="create-variable">
          {intl.formatMessage({ id: 'variable.new' })}
        </Button>
      }
      onFinish={(values) =>
        submitForm(form, async () => {
          const created = await createVariable({
            ...values,
            value: values.value ?? '',
            applicationId: values.applicationId ?? null,
          });
          message.success(intl.formatMessage({ id: 'variable.created' }, { key: created.key }));
          form.resetFields();
          onCreated(created);
        })
      }
    >
      <VariableFields />
    </ModalForm>
  );
}
