/**
 * Columns of the users table (Users): sortable name, e-mail and creation time (sorted on
 * the server), the role and status filters, and the hidden search fields (keyword, group).
 */
import type { ProColumns } from '@ant-design/pro-components';
import { Space, Tag } from 'antd';
import { Link, type useIntl } from 'umi';
import type { ManagedUser } from '../../../../contracts';
import { GroupSelect } from '../group/components/pickers';

/** The users table's columns; `actions` renders the row's operations. */
export function userColumns(intl: ReturnType<typeof useIntl>, actions: (user: ManagedUser) => React.ReactNode): ProColumns<ManagedUser>[] {
  const t = (id: string) => intl.formatMessage({ id });
  return [
    { title: t('people.search.keyword'), dataIndex: 'q', hideInTable: true, fieldProps: { placeholder: t('people.search.userPlaceholder') } },
    {
      title: t('common.name'),
      dataIndex: 'name',
      sorter: true,
      search: false,
      render: (_, u) => (
        <Link to={`/admin/user/${u.id}`} data-testid="user-link">
          {u.name}
        </Link>
      ),
    },
    { title: t('common.email'), dataIndex: 'email', sorter: true, search: false, copyable: true },
    { title: t('people.user.title'), dataIndex: 'title', search: false, responsive: ['lg'] },
    {
      title: t('people.user.role'),
      dataIndex: 'isAdmin',
      valueType: 'select',
      valueEnum: { true: { text: t('role.admin') }, false: { text: t('people.user.member') } },
      render: (_, u) => (u.isAdmin ? <Tag color="gold">{t('role.admin')}</Tag> : <Tag>{t('people.user.member')}</Tag>),
    },
    {
      title: t('people.user.status'),
      dataIndex: 'disabled',
      valueType: 'select',
      valueEnum: {
        false: { text: t('people.user.status.enabled'), status: 'Success' },
        true: { text: t('people.user.status.disabled'), status: 'Default' },
      },
    },
    {
      title: t('people.group'),
      dataIndex: 'groupId',
      hideInTable: true,
      renderFormItem: () => <GroupSelect />,
    },
    { title: t('common.createdAt'), dataIndex: 'createdAt', valueType: 'dateTime', sorter: true, search: false, responsive: ['md'] },
    {
      title: t('people.actions'),
      valueType: 'option',
      key: 'option',
      render: (_, u) => <Space size={0}>{actions(u)}</Space>,
    },
  ];
}
