/**
 * Where users find a subject's views: `ViewsMenu`, the workspace subject page's "Views"
 * dropdown (each view, then "New view" of each type for editors), and `SubjectViewsCard`, the
 * console subject detail's list of views. "New view" asks for the name first (NewViewModal), then
 * saves a view with the type's default config (the first fitting fields) and opens it.
 */
import { AppstoreOutlined, CalendarOutlined, DownOutlined, PlusOutlined, TableOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Dropdown, List, Space, Tag } from 'antd';
import React from 'react';
import { history, Link, useIntl } from 'umi';
import type { SubjectDetail, View, ViewType } from '../../../contracts';
import { VIEW_TYPES } from '../../../contracts/view-rows';
import { listSubjectViews } from '../../services/views';
import { useNewView } from './NewViewModal';
import { keys } from '../../services/query-keys';

const ICONS: Record<ViewType, React.ReactNode> = {
  grid: <TableOutlined />,
  kanban: <AppstoreOutlined />,
  calendar: <CalendarOutlined />,
};

function useSubjectViews(app: string, subject: string) {
  return useQuery({ queryKey: keys('views').list({ app, subject }), queryFn: () => listSubjectViews(app, subject, { pageSize: 100 }) });
}

/** The workspace's "Views" dropdown of a subject. */
export function ViewsMenu({ app, subject, canEdit }: { app: string; subject: SubjectDetail; canEdit: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const views = useSubjectViews(app, subject.key);
  const { ask, holder } = useNewView(app, subject, (v) => `/${app}/view/${v.id}`);
  const items = [
    ...(views.data?.data ?? []).map((v) => ({ key: v.id, icon: ICONS[v.type], label: v.name })),
    ...(views.data?.data.length ? [] : [{ key: '__none', disabled: true, label: t('views.none') }]),
    ...(canEdit
      ? [
          { type: 'divider' as const },
          ...VIEW_TYPES.map((type) => ({
            key: `new:${type}`,
            icon: <PlusOutlined />,
            label: t('views.newOf', { type: t(`views.type.${type}`) }),
          })),
        ]
      : []),
  ];
  return (
    <>
      {holder}
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key.startsWith('new:')) ask(key.slice(4) as ViewType);
            else if (key !== '__none') history.push(`/${app}/view/${key}`);
          },
        }}
      >
        <Button data-testid="views-menu">
          <Space>
            {t('views.menu')}
            <DownOutlined />
          </Space>
        </Button>
      </Dropdown>
    </>
  );
}

/** The console subject detail's card of views. */
export function SubjectViewsCard({ subject }: { subject: SubjectDetail }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const views = useSubjectViews(subject.application, subject.key);
  const { ask, holder } = useNewView(subject.application, subject, (v) => `/admin/view/${v.id}`);
  return (
    <Card
      title={t('views.menu')}
      style={{ marginTop: 16 }}
      extra={
        <Dropdown
          menu={{
            items: VIEW_TYPES.map((type) => ({ key: type, label: t(`views.type.${type}`) })),
            onClick: ({ key }) => ask(key as ViewType),
          }}
        >
          <Button icon={<PlusOutlined />}>{t('views.new')}</Button>
        </Dropdown>
      }
      data-testid="subject-views"
    >
      {holder}
      <List<View>
        size="small"
        loading={views.isLoading}
        dataSource={views.data?.data ?? []}
        locale={{ emptyText: t('views.none') }}
        renderItem={(v) => (
          <List.Item
            actions={[
              <Link key="edit" to={`/admin/view/${v.id}`}>
                {t('views.edit')}
              </Link>,
              <Link key="ws" to={`/${v.application}/view/${v.id}`}>
                {t('views.openWorkspace')}
              </Link>,
            ]}
          >
            <Space>
              {ICONS[v.type]}
              <Link to={`/admin/subject/${subject.id}/${v.id}`}>{v.name}</Link>
              <Tag>{t(`views.type.${v.type}`)}</Tag>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
