/**
 * /admin/client/:client (Clients, docs/product.md "Data core"): one client — its details (the
 * resource kit's ResourceDetail), contacts, the applications linked to it (each into its console
 * page and its workspace), edit (ResourceFormModal) and delete to the recycle bin. An unknown or
 * deleted id shows the 404 result.
 */
import { PageContainer } from '@ant-design/pro-components';
import { Button, Card, Col, List, Row, Table, Tag } from 'antd';
import React from 'react';
import { history, Link, useIntl, useParams } from 'umi';
import type { Client } from '../../../../../contracts';
import { clientResource } from '../../../../../contracts/clients.resource';
import ExceptionResult from '../../../../components/ExceptionResult';
import { useResourceDelete, useResourceDetail } from '../../../../components/resource/hooks';
import ResourceDetail from '../../../../components/resource/ResourceDetail';
import ResourceFormModal from '../../../../components/resource/ResourceFormModal';
import { ApiError } from '../../../../services/api-error';
import { clientsApi } from '../../../../services/clients';
import { clientFormProps } from '../components/clientForm';

type Contact = Client['contacts'][number] & { key: number };

export default function ClientPage() {
  const { client: id = '' } = useParams<{ client: string }>();
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: key });
  const field = (name: string) => t(`resources.clients.fields.${name}.label`);
  const query = useResourceDetail(clientsApi, id);
  const { remove, contextHolder } = useResourceDelete(clientsApi, () => history.push('/admin/client'));

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
            {t(`resources.clients.fields.status.values.${client.status}`)}
          </Tag>,
        ]
      }
      extra={
        client && [
          <ResourceFormModal key="edit" resource={clientResource} api={clientsApi} row={client} {...clientFormProps} trigger={<Button data-testid="client-edit">{t('resource.edit')}</Button>} />,
          <Button key="delete" danger onClick={() => remove(client)}>
            {t('resource.delete')}
          </Button>,
        ]
      }
    >
      {contextHolder}
      {client && (
        <div data-testid="client-detail">
          <Card style={{ marginBottom: 16 }}>
            <ResourceDetail
              resource={clientResource}
              row={client}
              fields={['code', 'industry', 'createdAt', 'address', 'updatedAt', 'notes']}
              columns={{ code: { copyable: true }, address: { span: 2 }, notes: { span: 3 } }}
            />
          </Card>
          <Row gutter={16}>
            <Col xs={24} lg={15}>
              <Card title={`${field('contacts')} (${client.contacts.length})`} style={{ marginBottom: 16 }}>
                <Table<Contact>
                  rowKey="key"
                  size="small"
                  pagination={false}
                  dataSource={client.contacts.map((c, key) => ({ ...c, key }))}
                  locale={{ emptyText: t('resources.clients.contacts.empty') }}
                  data-testid="client-contacts"
                  columns={(['name', 'title', 'email', 'phone'] as const).map((k) => ({
                    title: t(`resources.clients.fields.contacts.fields.${k}.label`),
                    dataIndex: k,
                    render: (v: string | null) => (v && k === 'email' ? <a href={`mailto:${v}`}>{v}</a> : (v ?? '—')),
                  }))}
                />
              </Card>
            </Col>
            <Col xs={24} lg={9}>
              <Card title={`${field('applicationIds')} (${client.applications.length})`} style={{ marginBottom: 16 }}>
                <List
                  size="small"
                  dataSource={client.applications}
                  locale={{ emptyText: t('resources.clients.applications.empty') }}
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
