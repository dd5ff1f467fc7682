/**
 * /admin/variable/:variable (Variables): a variable's details and its edit form. A
 * secret's value is never shown (••••); "set a new value" replaces it, empty keeps it. Below, the
 * variable's tags and categories (TagsAndCategories, targetType 'variable'). Delete asks first
 * and goes to the recycle bin.
 */
import { PageContainer, ProDescriptions, ProForm } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, message, Popconfirm, Result, Skeleton, Tag } from 'antd';
import React, { useEffect } from 'react';
import { history, useIntl, useParams } from 'umi';
import type { Variable, VariableUpdate } from '../../../../../contracts';
import TagsAndCategories from '../../../../components/TagsAndCategories';
import { submitForm } from '../../../../services/api-error';
import { deleteVariable, getVariable, updateVariable } from '../../../../services/variables';
import { TYPE_COLORS, ValueCell } from '../columns';
import VariableFields from '../components/VariableFields';
import { keys } from '../../../../services/query-keys';

type FormValues = Omit<VariableUpdate, 'applicationId'> & { applicationId?: string | null };

export default function VariableDetail() {
  const { variable: id = '' } = useParams<{ variable: string }>();
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: key }, values);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const query = useQuery({
    queryKey: keys('variables').detail(id),
    queryFn: ({ signal }) => getVariable(id, signal),
    retry: false,
  });
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

  if (query.isLoading)
    return (
      <PageContainer>
        <Skeleton active />
      </PageContainer>
    );
  if (!v) {
    return (
      <PageContainer>
        <div data-testid="exception-404">
          <Result
            status="404"
            title="404"
            subTitle={t('catalog.notFound')}
            extra={<Button onClick={() => history.push('/admin/variable')}>{t('catalog.backToList')}</Button>}
          />
        </div>
      </PageContainer>
    );
  }

  const save = (values: FormValues) =>
    submitForm(form, async () => {
      const input: VariableUpdate = {
        key: values.key,
        type: values.type,
        applicationId: values.applicationId ?? null,
        description: values.description ?? null,
      };
      const secretKept = values.type === 'secret' && !values.value;
      if (!secretKept) input.value = values.value ?? '';
      const updated = await updateVariable(v.id, input);
      queryClient.setQueryData<Variable>(keys('variables').detail(id), updated);
      if (updated.type === 'secret') form.setFieldValue('value', '');
      message.success(t('catalog.saved'));
    });

  const remove = async () => {
    await deleteVariable(v.id);
    message.success(t('catalog.deleted'));
    history.push('/admin/variable');
  };

  return (
    <PageContainer
      title={t('variable.detailTitle', { key: v.key })}
      onBack={() => history.push('/admin/variable')}
      tags={<Tag color={TYPE_COLORS[v.type]}>{t(`variable.type.${v.type}`)}</Tag>}
      extra={[
        <Popconfirm key="delete" title={t('catalog.deleteConfirm', { name: v.key })} onConfirm={() => void remove()}>
          <Button danger data-testid="delete-variable">
            {t('catalog.delete')}
          </Button>
        </Popconfirm>,
      ]}
    >
      <Card style={{ marginBottom: 16 }}>
        <div data-testid="variable-descriptions">
          <ProDescriptions<Variable> column={2} dataSource={v}>
            <ProDescriptions.Item label={t('variable.key')} dataIndex="key" copyable />
            <ProDescriptions.Item label={t('variable.scope')}>
              {v.applicationId ? t('variable.scope.application', { name: v.applicationName ?? '' }) : t('variable.scope.global')}
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('variable.value')}>
              <ValueCell v={v} masked={v.hasValue ? t('variable.secretMasked') : t('variable.secretNoValue')} />
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('catalog.updatedAt')} dataIndex="updatedAt" valueType="dateTime" />
            <ProDescriptions.Item label={t('catalog.description')} dataIndex="description" span={2} />
          </ProDescriptions>
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
          <VariableFields editing={{ type: v.type, hasValue: v.hasValue }} />
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
