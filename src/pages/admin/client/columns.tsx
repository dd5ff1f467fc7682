/**
 * Columns of the clients table (Clients): code (to the client's page), name, industry,
 * status, the first contact, linked applications and the last change. Code, name, industry,
 * status and the last change sort on the server; search fields: keyword (code or name), status,
 * industry (those in use) and application.
 */
import type { ProColumns } from '@ant-design/pro-components';
import { Space, Tag, Typography } from 'antd';
import { Link, type useIntl } from 'umi';
import type { Client } from '../../../../contracts';
import { CLIENT_STATUSES } from '../../../../contracts/constants';
import { listClientIndustries } from '../../../services/clients';
import { ApplicationSelect } from '../group/components/pickers';

/** The clients table's columns; `actions` renders a row's operations. */
export function clientColumns(intl: ReturnType<typeof useIntl>, actions: (client: Client) => React.ReactNode): ProColumns<Client>[] {
  const t = (id: string) => intl.formatMessage({ id });
  return [
    { title: t('common.search'), dataIndex: 'q', hideInTable: true, fieldProps: { placeholder: t('clients.search.placeholder') } },
    {
      title: t('clients.code'),
      dataIndex: 'code',
      sorter: true,
      search: false,
      render: (_, c) => (
        <Link to={`/admin/client/${c.id}`} data-testid="client-link">
          {c.code}
        </Link>
      ),
    },
    { title: t('common.name'), dataIndex: 'name', sorter: true, search: false },
    {
      title: t('clients.industry'),
      dataIndex: 'industry',
      sorter: true,
      valueType: 'select',
      request: async () => (await listClientIndustries()).map((i) => ({ label: i, value: i })),
      fieldProps: { showSearch: true },
      render: (_, c) => c.industry ?? '—',
    },
    {
      title: t('clients.status'),
      dataIndex: 'status',
      sorter: true,
      valueType: 'select',
      valueEnum: Object.fromEntries(
        CLIENT_STATUSES.map((s) => [s, { text: t(`clients.status.${s}`), status: s === 'active' ? 'Success' : 'Default' }]),
      ),
    },
    {
      title: t('clients.contacts'),
      dataIndex: 'contacts',
      search: false,
      responsive: ['lg'],
      render: (_, c) =>
        c.contacts.length === 0 ? (
          '—'
        ) : (
          <Typography.Text>
            {c.contacts[0].name}
            {c.contacts.length > 1 && <Typography.Text type="secondary"> +{c.contacts.length - 1}</Typography.Text>}
          </Typography.Text>
        ),
    },
    {
      title: t('clients.applications'),
      dataIndex: 'applicationId',
      renderFormItem: () => <ApplicationSelect />,
      render: (_, c) =>
        c.applications.length === 0 ? (
          '—'
        ) : (
          <Space size={[0, 4]} wrap>
            {c.applications.map((a) => (
              <Tag key={a.id}>{a.name}</Tag>
            ))}
          </Space>
        ),
    },
    { title: t('applications.updatedAt'), dataIndex: 'updatedAt', valueType: 'dateTime', sorter: true, search: false, responsive: ['md'] },
    {
      title: t('people.actions'),
      valueType: 'option',
      key: 'option',
      render: (_, c) => <Space size={0}>{actions(c)}</Space>,
    },
  ];
}
