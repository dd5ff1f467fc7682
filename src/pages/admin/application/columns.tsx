/**
 * Columns of the applications table (Applications): icon and name (to the application's
 * page), slug (to its workspace), description, enabled modules, members, the administrator's own
 * role and creation time. Name, slug and creation sort on the server; the keyword searches slug
 * and name.
 */
import type { ProColumns } from '@ant-design/pro-components';
import { Space, Tag, Typography } from 'antd';
import { Link, type useIntl } from 'umi';
import type { Application } from '../../../../contracts';
import IconByName from '../../../components/IconByName';
import { ROLE_COLORS } from '../../../components/application/roleColors';

/** The applications table's columns; `actions` renders a row's operations. */
export function applicationColumns(intl: ReturnType<typeof useIntl>, actions: (app: Application) => React.ReactNode): ProColumns<Application>[] {
  const t = (id: string) => intl.formatMessage({ id });
  return [
    { title: t('common.search'), dataIndex: 'q', hideInTable: true, fieldProps: { placeholder: t('applications.search.placeholder') } },
    {
      title: t('common.name'),
      dataIndex: 'name',
      sorter: true,
      search: false,
      render: (_, a) => (
        <Space>
          <IconByName name={a.icon} style={{ color: a.color ?? undefined }} />
          <Link to={`/admin/application/${a.slug}`} data-testid="application-link">
            {a.name}
          </Link>
        </Space>
      ),
    },
    {
      title: t('app.slug'),
      dataIndex: 'slug',
      sorter: true,
      search: false,
      render: (_, a) => <Link to={`/${a.slug}`}>/{a.slug}</Link>,
    },
    {
      title: t('app.description'),
      dataIndex: 'description',
      search: false,
      responsive: ['lg'],
      render: (_, a) => (a.description ? <Typography.Text ellipsis={{ tooltip: a.description }} style={{ maxWidth: 240 }}>{a.description}</Typography.Text> : '—'),
    },
    {
      title: t('applications.modules'),
      dataIndex: 'modules',
      search: false,
      responsive: ['xl'],
      render: (_, a) =>
        a.modules.length === 0 ? (
          <Typography.Text type="secondary">{t('applications.modules.none')}</Typography.Text>
        ) : (
          <Space size={[0, 4]} wrap>
            {a.modules.map((m) => (
              <Tag key={m}>{t(`applications.module.${m}`)}</Tag>
            ))}
          </Space>
        ),
    },
    { title: t('applications.memberCount'), dataIndex: 'memberCount', search: false, width: 90 },
    {
      title: t('workspace.myRole'),
      dataIndex: 'myRole',
      search: false,
      responsive: ['md'],
      render: (_, a) => (a.myRole ? <Tag color={ROLE_COLORS[a.myRole]}>{t(`role.${a.myRole}`)}</Tag> : '—'),
    },
    { title: t('common.createdAt'), dataIndex: 'createdAt', valueType: 'dateTime', sorter: true, search: false, responsive: ['md'] },
    {
      title: t('people.actions'),
      valueType: 'option',
      key: 'option',
      render: (_, a) => <Space size={0}>{actions(a)}</Space>,
    },
  ];
}
