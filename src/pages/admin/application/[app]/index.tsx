/**
 * /admin/application/:app (Applications, docs/product.md "Data core"): one application — its settings
 * (ProDescriptions: slug, description, icon, theme colour, modules, dates), edit, delete to the
 * recycle bin, a link into its workspace `/{app}`, and tabs: members (add by e-mail, change role,
 * remove; the last owner stays) and the clients linked to it. An unknown or deleted slug shows
 * the 404 result in place.
 */
import { ExportOutlined } from '@ant-design/icons';
import { PageContainer, ProDescriptions } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Space, Tabs, Tag } from 'antd';
import React from 'react';
import { history, Link, useIntl, useParams } from 'umi';
import ExceptionResult from '../../../../components/ExceptionResult';
import IconByName from '../../../../components/IconByName';
import MembersPanel from '../../../../components/application/MembersPanel';
import { ApiError } from '../../../../services/api-error';
import { getApplication } from '../../../../services/applications';
import ApplicationFormModal from '../components/ApplicationFormModal';
import { useApplicationActions } from '../components/useApplicationActions';
import LinkedClients from './components/LinkedClients';
import { keys } from '../../../../services/query-keys';
import { BADGE_NEUTRAL } from '../../../../../config/theme';

export default function ApplicationPage() {
  const { app: slug = '' } = useParams<{ app: string }>();
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: key });
  const query = useQuery({ queryKey: keys('applications').detail(slug), queryFn: ({ signal }) => getApplication(slug, signal) });
  const refresh = () => void query.refetch();
  const { remove, contextHolder } = useApplicationActions(() => history.push('/admin/application'));

  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ExceptionResult code={status === 404 || status === 400 ? 404 : 500} />;
  }
  const app = query.data;

  return (
    <PageContainer
      loading={query.isLoading}
      title={
        app && (
          <Space>
            <IconByName name={app.icon} style={{ color: app.color ?? undefined }} />
            <span data-testid="application-title">{app.name}</span>
          </Space>
        )
      }
      onBack={() => history.push('/admin/application')}
      tags={app && <Tag>/{app.slug}</Tag>}
      extra={
        app && [
          <Button key="open" type="primary" icon={<ExportOutlined />} onClick={() => history.push(`/${app.slug}`)} data-testid="open-workspace">
            {t('applications.open')}
          </Button>,
          <ApplicationFormModal key="edit" app={app} onDone={refresh} trigger={<Button data-testid="application-edit">{t('people.edit')}</Button>} />,
          <Button key="delete" danger onClick={() => remove(app)} data-testid="application-delete">
            {t('applications.delete')}
          </Button>,
        ]
      }
    >
      {contextHolder}
      {app && (
        <div data-testid="application-detail">
          <Card style={{ marginBottom: 16 }}>
            <ProDescriptions column={{ xs: 1, sm: 2, lg: 3 }} dataSource={app}>
              <ProDescriptions.Item label={t('app.slug')} dataIndex="slug" render={() => <Link to={`/${app.slug}`}>/{app.slug}</Link>} />
              <ProDescriptions.Item label={t('applications.icon')} dataIndex="icon" render={() => (
                <Space>
                  <IconByName name={app.icon} />
                  {app.icon ?? t('applications.icon.default')}
                </Space>
              )} />
              <ProDescriptions.Item
                label={t('applications.color')}
                dataIndex="color"
                render={() =>
                  app.color ? (
                    <Space data-testid="application-color">
                      <span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 3, background: app.color }} />
                      {app.color}
                    </Space>
                  ) : (
                    t('applications.color.default')
                  )
                }
              />
              <ProDescriptions.Item
                label={t('applications.modules')}
                dataIndex="modules"
                span={2}
                render={() =>
                  app.modules.length === 0
                    ? t('applications.modules.none')
                    : app.modules.map((m) => <Tag key={m}>{t(`applications.module.${m}`)}</Tag>)
                }
              />
              <ProDescriptions.Item label={t('common.createdAt')} dataIndex="createdAt" valueType="dateTime" />
              <ProDescriptions.Item label={t('app.description')} dataIndex="description" span={2} />
              <ProDescriptions.Item label={t('applications.updatedAt')} dataIndex="updatedAt" valueType="dateTime" />
            </ProDescriptions>
          </Card>
          <Card>
            <Tabs
              items={[
                {
                  key: 'members',
                  label: (
                    <Space>
                      {t('workspace.members')}
                      <Badge count={app.members.length} showZero color={BADGE_NEUTRAL} />
                    </Space>
                  ),
                  children: <MembersPanel app={app} canManage onChanged={refresh} />,
                },
                { key: 'clients', label: t('applications.tab.clients'), children: <LinkedClients applicationId={app.id} /> },
              ]}
            />
          </Card>
        </div>
      )}
    </PageContainer>
  );
}
