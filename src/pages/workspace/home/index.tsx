/**
 * `/{app}` workspace home (docs/routes-and-loading.md "Route table": home dashboard): the application (icon, name,
 * description, the caller's role, enabled modules, a link to its settings for a manager), its
 * subjects (each into `/{app}/{key}`), the ten newest record changes (each into the record), its
 * members (an administrator or owner adds them here) and the newest notices for this workspace.
 * Every section says what to do when it is empty. Its data comes from the server loader (docs/routes-and-loading.md
 * "Route data"); the `/:app` gate has already checked membership. antd only (no ProComponents): the home is
 * a first load (docs/routes-and-loading.md "First-load budget").
 */
import { SettingOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Descriptions, List, Row, Space, Tag } from 'antd';
import React from 'react';
import { Link, useIntl, useModel } from 'umi';
import type { Member } from '../../../../contracts';
import type { WorkspaceSummary } from '../../../../contracts/route-data';
import IconByName from '../../../components/IconByName';
import AddMemberForm from '../../../components/application/AddMemberForm';
import { ROLE_COLORS } from '../../../components/application/roleColors';
import RouteDataResult from '../../../components/RouteDataResult';
import { useRouteData } from '../../../loaders';
import RecentChanges from './components/RecentChanges';
import SubjectList from './components/SubjectList';
import WorkspaceNotices from './components/WorkspaceNotices';

export default function WorkspaceHome() {
  const query = useRouteData('/:app');
  return <RouteDataResult query={query}>{(data) => <Home data={data} refresh={() => void query.refetch()} />}</RouteDataResult>;
}

function Home({ data, refresh }: { data: WorkspaceSummary; refresh: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { initialState } = useModel('@@initialState');
  const isAdmin = initialState?.currentUser?.isAdmin === true;
  const app = data.application;
  const canManage = isAdmin || app.myRole === 'owner';

  return (
    <div style={{ padding: 24 }}>
      <Card style={{ marginBottom: 16 }}>
        <Space align="center" style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Space align="center">
            <IconByName name={app.icon} style={{ fontSize: 28, color: app.color ?? undefined }} />
            <h1 data-testid="workspace-title" style={{ margin: 0 }}>
              {app.name}
            </h1>
          </Space>
          <Link to={`/${app.slug}/settings`} data-testid="workspace-settings-link">
            <Button icon={<SettingOutlined />}>{t(canManage ? 'wsHome.settings' : 'wsHome.settings.view')}</Button>
          </Link>
        </Space>
        <Descriptions column={{ xs: 1, md: 3 }} style={{ marginTop: 16 }}>
          <Descriptions.Item label={t('app.slug')}>/{app.slug}</Descriptions.Item>
          <Descriptions.Item label={t('workspace.myRole')}>
            {app.myRole ? <Tag color={ROLE_COLORS[app.myRole]}>{t(`role.${app.myRole}`)}</Tag> : t('workspace.adminNotMember')}
          </Descriptions.Item>
          <Descriptions.Item label={t('common.createdAt')}>{new Date(app.createdAt).toLocaleDateString(intl.locale)}</Descriptions.Item>
          {app.description && <Descriptions.Item label={t('app.description')}>{app.description}</Descriptions.Item>}
          <Descriptions.Item label={t('applications.modules')}>
            {app.modules.length === 0 ? t('applications.modules.none') : app.modules.map((m) => <Tag key={m}>{t(`applications.module.${m}`)}</Tag>)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <SubjectList slug={app.slug} subjects={data.subjects} canManage={canManage} isAdmin={isAdmin} />
          <RecentChanges slug={app.slug} changes={data.recentChanges} hasSubjects={data.subjects.length > 0} />
        </Col>
        <Col xs={24} xl={10}>
          <Card
            title={`${t('workspace.members')} (${app.members.length})`}
            extra={canManage ? <AddMemberForm slug={app.slug} onAdded={refresh} /> : null}
            style={{ marginBottom: 16 }}
          >
            <div data-testid="members-table">
              <List<Member>
                dataSource={app.members}
                pagination={app.members.length > 10 ? { pageSize: 10, size: 'small' } : false}
                locale={{ emptyText: t('applications.members.empty') }}
                renderItem={(m) => (
                  <List.Item extra={<Tag color={ROLE_COLORS[m.role]}>{t(`role.${m.role}`)}</Tag>}>
                    <List.Item.Meta title={m.name} description={m.email} />
                  </List.Item>
                )}
              />
            </div>
          </Card>
          <WorkspaceNotices slug={app.slug} notices={data.notices} />
        </Col>
      </Row>
      <Alert type="info" showIcon message={t('workspace.modulesPending')} />
    </div>
  );
}
