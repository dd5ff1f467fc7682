/**
 * /admin/subject/:subject (Subjects and fields, docs/product.md "Data core"), `:subject` = the subject's
 * id: its description (application, key, display field, counts), its fields (key, name, type,
 * required, unique, help) and the ways on: edit the schema, open the records in the workspace
 * (`/{app}/{key}`), delete to the recycle bin. An unknown or deleted id renders the 404 in place.
 */
import { PageContainer, ProDescriptions } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import React from 'react';
import { history, Link, useIntl, useParams } from 'umi';
import type { Field } from '../../../../../contracts';
import ExceptionResult from '../../../../components/ExceptionResult';
import { FieldTypeLabel, SubjectIcon } from '../../../../components/subject/icons';
import { ApiError } from '../../../../services/api-error';
import { getSubjectById } from '../../../../services/subjects';
import { useSubjectActions } from '../components/useSubjectActions';
import { SubjectViewsCard } from '../../../../components/views/SubjectViews';
import { keys } from '../../../../services/query-keys';

export default function SubjectPage() {
  const { subject: id = '' } = useParams<{ subject: string }>();
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: key }, values);
  const query = useQuery({ queryKey: keys('subjects').action('byId', id), queryFn: ({ signal }) => getSubjectById(id, signal) });
  const { remove, contextHolder } = useSubjectActions(() => history.push('/admin/subject'));

  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ExceptionResult code={status === 404 || status === 400 ? 404 : 500} />;
  }
  const s = query.data;
  const display = s?.fields.find((f) => f.key === s.displayField);

  return (
    <PageContainer
      loading={query.isLoading}
      title={
        s && (
          <Space>
            <SubjectIcon icon={s.icon} />
            {s.name}
          </Space>
        )
      }
      onBack={() => history.push('/admin/subject')}
      tags={s && <Tag color="cyan">{s.applicationName}</Tag>}
      extra={
        s && [
          <Button key="edit" type="primary" onClick={() => history.push(`/admin/subject/${s.id}/edit`)} data-testid="edit-schema">
            {t('subject.editSchema')}
          </Button>,
          <Button key="records" onClick={() => history.push(`/${s.application}/${s.key}`)} data-testid="open-records">
            {t('subject.openRecords')}
          </Button>,
          <Button key="delete" danger onClick={() => remove(s)} data-testid="delete-subject">
            {t('subject.delete')}
          </Button>,
        ]
      }
    >
      {contextHolder}
      {s && (
        <>
          <Card style={{ marginBottom: 16 }}>
            <ProDescriptions column={{ xs: 1, sm: 2, lg: 3 }} dataSource={s} data-testid="subject-descriptions">
              <ProDescriptions.Item
                label={t('subject.key')}
                dataIndex="key"
                render={() => <Typography.Text code>{s.key}</Typography.Text>}
              />
              <ProDescriptions.Item
                label={t('subject.application')}
                dataIndex="application"
                render={() => (
                  <Link
                    to={`/admin/subject?application=${encodeURIComponent(s.application)}`}
                  >{`${s.applicationName} (${s.application})`}</Link>
                )}
              />
              <ProDescriptions.Item
                label={t('subject.displayField')}
                dataIndex="displayField"
                render={() => (display ? `${display.name} (${display.key})` : t('subject.displayFieldNone'))}
              />
              <ProDescriptions.Item label={t('subject.fieldCount')} dataIndex="fieldCount" render={() => s.fields.length} />
              <ProDescriptions.Item
                label={t('subject.recordCount')}
                dataIndex="recordCount"
                tooltip={t('subject.recordCountHelp')}
                render={() => <span data-testid="record-count">{s.recordCount.toLocaleString()}</span>}
              />
              <ProDescriptions.Item label={t('subject.updatedAt')} dataIndex="updatedAt" valueType="dateTime" />
              <ProDescriptions.Item label={t('subject.createdAt')} dataIndex="createdAt" valueType="dateTime" />
              <ProDescriptions.Item label={t('subject.description')} dataIndex="description" span={2} />
            </ProDescriptions>
          </Card>
          <Card title={t('subject.fields')}>
            <Table<Field>
              rowKey="key"
              size="small"
              dataSource={s.fields}
              pagination={false}
              data-testid="subject-fields"
              locale={{ emptyText: t('subject.noFields') }}
              columns={[
                { title: t('field.key'), dataIndex: 'key', render: (k: string) => <Typography.Text code>{k}</Typography.Text> },
                { title: t('field.name'), dataIndex: 'name' },
                { title: t('field.type'), dataIndex: 'type', render: (_, f) => <FieldTypeLabel type={f.type} /> },
                {
                  title: t('field.required'),
                  dataIndex: 'required',
                  render: (v: boolean) => (v ? <Tag color="red">{t('field.yes')}</Tag> : null),
                },
                {
                  title: t('field.unique'),
                  dataIndex: 'unique',
                  render: (v: boolean) => (v ? <Tag color="blue">{t('field.yes')}</Tag> : null),
                },
                { title: t('field.help'), dataIndex: 'helpText', ellipsis: true },
              ]}
            />
          </Card>
          <SubjectViewsCard subject={s} />
        </>
      )}
    </PageContainer>
  );
}
