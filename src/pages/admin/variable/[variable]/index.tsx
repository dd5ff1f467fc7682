/**
 * /admin/variable/:variable (Variables): a variable's details and its edit form, on the resource
 * kit's client and keys (`variablesApi`), delete (the kit's confirmed delete, to the recycle bin)
 * and details (ResourceDetail). Beyond the definition: a secret's value is never shown (••••);
 * "set a new value" replaces it, empty keeps it; the scope shows the application's name; below,
 * the variable's tags and categories (TagsAndCategories, targetType 'variable').
 */
import { PageContainer, ProForm } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, message } from 'antd';
import React, { useEffect } from 'react';
import { history, useIntl, useParams } from 'umi';
import type { Variable, VariableUpdate } from '../../../../../contracts';
import { variableResource } from '../../../../../contracts/variables.resource';
import ExceptionResult from '../../../../components/ExceptionResult';
import { useResourceDelete } from '../../../../components/resource/hooks';
import ResourceDetail from '../../../../components/resource/ResourceDetail';
import TagsAndCategories from '../../../../components/TagsAndCategories';
import { ApiError, submitForm } from '../../../../services/api-error';
import { getVariable, variablesApi } from '../../../../services/variables';
import { TypeTag, ValueCell } from '../columns';
import VariableFields from '../components/VariableFields';

type FormValues = Omit<VariableUpdate, 'applicationId'> & { applicationId?: string | null };

export default function VariableDetail() {
  const { variable: id = '' } = useParams<{ variable: string }>();
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: key }, values);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const query = useQuery({
    queryKey: variablesApi.keys.detail(id),
    queryFn: ({ signal }) => getVariable(id, signal),
    retry: false,
  });
  const { remove, contextHolder } = useResourceDelete(variablesApi, () => history.push('/admin/variable'));
  const v = query.data;
  useEffect(() => {
    if (v)
      form.setFieldsValue({
        key: v.key,
        type: v.type,
        applicationId: v.applicationId ?? undefined,
        value: v.value ?? '',
        description: v.description ?? '',
      });
  }, [v, form]);

  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ExceptionResult code={status === 404 || status === 400 ? 404 : 500} />;
  }
  if (!v) return <PageContainer loading />;

  const save = (values: FormValues) =>
    submitForm(form, async () => {
      // the value is left out when the secret's input stays empty (VariableValueInput): the stored one stays
      const updated = (await variablesApi.update(v.id, {
        ...values,
        applicationId: values.applicationId ?? null,
        description: values.description ?? null,
      })) as unknown as Variable;
      queryClient.setQueryData<Variable>(variablesApi.keys.detail(id), updated);
      void queryClient.invalidateQueries({ queryKey: variablesApi.keys.all });
      if (updated.type === 'secret') form.setFieldValue('value', '');
      message.success(t('catalog.saved'));
    });

  const typeLabel = t(`resources.variables.fields.type.values.${v.type}`);
  const scope = v.applicationId ? t('variable.scope.application', { name: v.applicationName ?? '' }) : t('variable.scope.global');
  return (
    <PageContainer
      title={t('variable.detailTitle', { key: v.key })}
      onBack={() => history.push('/admin/variable')}
      tags={<TypeTag v={v} label={typeLabel} />}
      extra={[
        <Button key="delete" danger data-testid="delete-variable" onClick={() => remove(v as never)}>
          {t('resource.delete')}
        </Button>,
      ]}
    >
      {contextHolder}
      <Card style={{ marginBottom: 16 }}>
        <div data-testid="variable-descriptions">
          <ResourceDetail
            resource={variableResource}
            row={v as never}
            column={2}
            fields={['key', 'applicationId', 'value', 'updatedAt', 'description']}
            columns={{
              key: { copyable: true },
              applicationId: { title: t('variable.scope'), render: () => scope },
              value: {
                render: () => <ValueCell v={v} masked={v.hasValue ? t('variable.secretMasked') : t('variable.secretNoValue')} />,
              },
              description: { span: 2 },
            }}
          />
        </div>
      </Card>
      <Card title={t('catalog.edit')} style={{ marginBottom: 16 }}>
        <ProForm<FormValues>
          form={form}
          name="editVariable"
          onFinish={save}
          submitter={{ searchConfig: { submitText: t('catalog.save') }, resetButtonProps: false }}
          style={{ maxWidth: 640 }}
        >
          <VariableFields
            editing={{ type: v.type, hasValue: v.hasValue }}
            known={v.applicationId ? [{ id: v.applicationId, name: v.applicationName, slug: v.applicationSlug }] : undefined}
          />
        </ProForm>
      </Card>
      <Card title={t('variable.tagsAndCategories')}>
        <div style={{ maxWidth: 640 }}>
          <TagsAndCategories targetType="variable" targetId={v.id} />
        </div>
      </Card>
    </PageContainer>
  );
}
