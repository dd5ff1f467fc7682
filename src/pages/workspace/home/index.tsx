/**
 * `/{app}` workspace home (SPEC.md §2 "home dashboard"), first form: the application's name,
 * description, the caller's role and the members. Subjects, recent records and notices join it
 * with the data core. An administrator or owner adds members here. Its data comes from the
 * server loader (SPEC.md §7); the `/:app` gate has already checked membership.
 */
import { Alert, Card, Descriptions, List, Tag } from 'antd';
import React from 'react';
import { useIntl, useModel } from 'umi';
import type { ApplicationDetail, Member } from '../../../../contracts';
import RouteDataResult from '../../../components/RouteDataResult';
import { useRouteData } from '../../../loaders';
import AddMemberForm from './components/AddMemberForm';

const ROLE_COLORS: Record<Member['role'], string> = { owner: 'gold', editor: 'blue', viewer: 'default' };

export default function WorkspaceHome() {
  const query = useRouteData('/:app');
  return (
    <RouteDataResult query={query}>
      {(data) => <Home app={data.application} refresh={() => void query.refetch()} />}
    </RouteDataResult>
  );
}

function Home({ app, refresh }: { app: ApplicationDetail; refresh: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { initialState } = useModel('@@initialState');
  const canManage = initialState?.currentUser?.isAdmin || app.myRole === 'owner';

  return (
    <div style={{ padding: 24 }}>
      <Card style={{ marginBottom: 16 }}>
        <h1 data-testid="workspace-title" style={{ marginTop: 0 }}>
          {app.name}
        </h1>
        <Descriptions column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('app.slug')}>/{app.slug}</Descriptions.Item>
          <Descriptions.Item label={t('workspace.myRole')}>
            {app.myRole ? <Tag color={ROLE_COLORS[app.myRole]}>{t(`role.${app.myRole}`)}</Tag> : t('workspace.adminNotMember')}
          </Descriptions.Item>
          <Descriptions.Item label={t('common.createdAt')}>
            {new Date(app.createdAt).toLocaleDateString(intl.locale)}
          </Descriptions.Item>
          {app.description && <Descriptions.Item label={t('app.description')}>{app.description}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Card
        title={`${t('workspace.members')} (${app.members.length})`}
        extra={canManage ? <AddMemberForm slug={app.slug} onAdded={refresh} /> : null}
        style={{ marginBottom: 16 }}
      >
        <div data-testid="members-table">
          <List<Member>
            dataSource={app.members}
            pagination={app.members.length > 20 ? { pageSize: 20, size: 'small' } : false}
            renderItem={(m) => (
              <List.Item extra={<Tag color={ROLE_COLORS[m.role]}>{t(`role.${m.role}`)}</Tag>}>
                <List.Item.Meta title={m.name} description={m.email} />
              </List.Item>
            )}
          />
        </div>
      </Card>
      <Alert type="info" showIcon message={t('workspace.modulesPending')} />
    </div>
  );
}
