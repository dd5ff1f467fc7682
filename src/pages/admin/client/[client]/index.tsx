/**
 * /admin/client/:client (Clients, docs/product.md "Data core"): one client — its details
 * (ProDescriptions), contacts, the applications linked to it (each into its console page and its
 * workspace), edit and delete to the recycle bin. An unknown or deleted id shows the 404 result.
 */
import { PageContainer, ProDescriptions } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, List, Row, Table, Tag } from 'antd';
import React from 'react';
import { history, Link, useIntl, useParams } from 'umi';
import type { Client } from '../../../../../contracts';
import ExceptionResult from '../../../../components/ExceptionResult';
import { ApiError } from '../../../../services/api-error';
import { getClient } from '../../../../services/clients';
import ClientFormModal from '../components/ClientFormModal';
import { useClientActions } from '../components/useClientActions';
import { keys } from '../../../../services/query-keys';

type Contact = Client['contacts'][number] & { key: number };

export default function ClientPage() {
  const { client: id = '' } = useParams<{ client: string }>();
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: key });
  const query = useQuery({ queryKey: keys('clients').detail(id), queryFn: () => getClient(id) });
  const refresh = () => void query.refetch();
  const { remove, contextHolder } = useClientActions(() => history.push('/admin/client'));

  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ExceptionResult code={status === 404 || status === 400 ? 404 : 500} />;
  }
  const client = query.data;

  return (
    <PageContainer
      loading={query.isLoading}
      title={client && <span data-testid="client-title">{client.name}</span>}
      onBack={() => history.push('/admin/client')}
      tags={
        client && [
          <Tag key="code">{client.code}</Tag>,
          <Tag key="status" color={client.status === 'active' ? 'green' : 'default'}>
            {t(`clients.status.${client.status}`)}
          </Tag>,
        ]
      }
      extra={
        client && [
          <ClientFormModal key="edit" client={client} onDone={refresh} trigger={<Button data-testid="client-edit">{t('people.edit')}</Button>} />,
          <Button key="delete" danger onClick={() => remove(client)}>
            {t('clients.delete')}
          </Button>,
        ]
      }
    >
      {contextHolder}
      {client && (
        <div data-testid="client-detail">
          <Card style={{ marginBottom: 16 }}>
            <ProDescriptions column={{ xs: 1, sm: 2, lg: 3 }} dataSource={client}>
              <ProDescriptions.Item label={t('clients.code')} dataIndex="code" copyable />
              <ProDescriptions.Item label={t('clients.industry')} dataIndex="industry" />
              <ProDescriptions.Item label={t('common.createdAt')} dataIndex="createdAt" valueType="dateTime" />
              <ProDescriptions.Item label={t('clients.address')} dataIndex="address" span={2} />
              <ProDescriptions.Item label={t('applications.updatedAt')} dataIndex="updatedAt" valueType="dateTime" />
              <ProDescriptions.Item label={t('clients.notes')} dataIndex="notes" span={3} render={() => (
                <span style={{ whiteSpace: 'pre-wrap' }}>{client.notes ?? '—'}</span>
              )} />
            </ProDescriptions>
          </Card>
          <Row gutter={16}>
            <Col xs={24} lg={15}>
              <Card title={`${t('clients.contacts')} (${client.contacts.length})`} style={{ marginBottom: 16 }}>
                <Table<Contact>
                  rowKey="key"
                  size="small"
                  pagination={false}
                  dataSource={client.contacts.map((c, key) => ({ ...c, key }))}
                  locale={{ emptyText: t('clients.contacts.empty') }}
                  data-testid="client-contacts"
                  columns={[
                    { title: t('clients.contact.name'), dataIndex: 'name' },
                    { title: t('clients.contact.title'), dataIndex: 'title', render: (v: string | null) => v ?? '—' },
                    {
                      title: t('common.email'),
                      dataIndex: 'email',
                      render: (v: string | null) => (v ? <a href={`mailto:${v}`}>{v}</a> : '—'),
                    },
                    { title: t('clients.contact.phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '—' },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} lg={9}>
              <Card title={`${t('clients.applications')} (${client.applications.length})`} style={{ marginBottom: 16 }}>
                <List
                  size="small"
                  dataSource={client.applications}
                  locale={{ emptyText: t('clients.applications.empty') }}
                  data-testid="client-applications"
                  renderItem={(a) => (
                    <List.Item actions={[<Link key="open" to={`/${a.slug}`}>{t('applications.open')}</Link>]}>
                      <List.Item.Meta title={<Link to={`/admin/application/${a.slug}`}>{a.name}</Link>} description={`/${a.slug}`} />
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
          </Row>
        </div>
      )}
    </PageContainer>
  );
}
