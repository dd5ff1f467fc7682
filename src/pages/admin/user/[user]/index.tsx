/**
 * /admin/user/:user (Users, docs/product.md "Platform"): one user — profile (ProDescriptions), the
 * edit / disable / reset password / delete actions, and tabs: groups (add/remove), application
 * memberships with the effective role and its source (direct or a group), active sessions
 * (revoke), and the user's audit trail. Unknown or deleted users show a 404 result.
 */
import { PageContainer, ProDescriptions } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Space, Tabs, Tag } from 'antd';
import React from 'react';
import { history, useIntl, useModel, useParams } from 'umi';
import ExceptionResult from '../../../../components/ExceptionResult';
import { ApiError } from '../../../../services/api-error';
import { getUser } from '../../../../services/users';
import UserFormModal from '../components/UserFormModal';
import { useUserActions } from '../components/useUserActions';
import UserAudit from './components/UserAudit';
import UserGroups from './components/UserGroups';
import UserMemberships from './components/UserMemberships';
import UserSessions from './components/UserSessions';
import { keys } from '../../../../services/query-keys';
import { BADGE_NEUTRAL } from '../../../../../config/theme';

/** Each language by its own name (as the language switch shows it). */
const LOCALE_NAMES = { 'zh-CN': { text: '简体中文' }, 'en-US': { text: 'English' } };

export default function UserPage() {
  const { user: id = '' } = useParams<{ user: string }>();
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: key });
  const { initialState } = useModel('@@initialState');
  const me = initialState?.currentUser?.id;
  const query = useQuery({ queryKey: keys('users').detail(id), queryFn: () => getUser(id) });
  const refresh = () => void query.refetch();
  const { toggleDisabled, resetPassword, remove, contextHolder } = useUserActions((deleted) =>
    deleted ? history.push('/admin/user') : refresh(),
  );

  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ExceptionResult code={status === 404 || status === 400 ? 404 : 500} />;
  }
  const detail = query.data;
  const user = detail?.user;

  return (
    <PageContainer
      loading={query.isLoading}
      title={user?.name}
      onBack={() => history.push('/admin/user')}
      tags={
        user && (
          <Space size={0}>
            {user.isAdmin && <Tag color="gold">{t('role.admin')}</Tag>}
            {user.disabled ? <Tag>{t('people.user.status.disabled')}</Tag> : <Tag color="green">{t('people.user.status.enabled')}</Tag>}
          </Space>
        )
      }
      extra={
        user && [
          <UserFormModal key="edit" user={user} onDone={refresh} trigger={<Button>{t('people.edit')}</Button>} />,
          <Button key="toggle" disabled={user.id === me} onClick={() => toggleDisabled(user)}>
            {t(user.disabled ? 'people.user.enable' : 'people.user.disable')}
          </Button>,
          <Button key="reset" onClick={() => resetPassword(user)} data-testid="reset-password">
            {t('people.user.reset')}
          </Button>,
          <Button key="delete" danger disabled={user.id === me} onClick={() => remove(user)}>
            {t('people.delete')}
          </Button>,
        ]
      }
    >
      {contextHolder}
      {user && detail && (
        <>
          <Card style={{ marginBottom: 16 }}>
            <ProDescriptions column={{ xs: 1, sm: 2, lg: 3 }} dataSource={user}>
              <ProDescriptions.Item label={t('common.email')} dataIndex="email" copyable />
              <ProDescriptions.Item label={t('people.user.title')} dataIndex="title" />
              <ProDescriptions.Item label={t('people.user.phone')} dataIndex="phone" />
              <ProDescriptions.Item label={t('people.user.locale')} dataIndex="locale" valueEnum={LOCALE_NAMES} />
              <ProDescriptions.Item label={t('common.createdAt')} dataIndex="createdAt" valueType="dateTime" />
              <ProDescriptions.Item label={t('people.user.passwordChangedAt')} dataIndex="passwordChangedAt" valueType="dateTime" />
            </ProDescriptions>
          </Card>
          <Card>
            <Tabs
              items={[
                {
                  key: 'memberships',
                  label: (
                    <Space>
                      {t('people.tab.memberships')}
                      <Badge count={detail.memberships.length} showZero color={BADGE_NEUTRAL} />
                    </Space>
                  ),
                  children: <UserMemberships userId={user.id} email={user.email} memberships={detail.memberships} onChanged={refresh} />,
                },
                {
                  key: 'groups',
                  label: (
                    <Space>
                      {t('people.tab.groups')}
                      <Badge count={detail.groups.length} showZero color={BADGE_NEUTRAL} />
                    </Space>
                  ),
                  children: <UserGroups userId={user.id} groups={detail.groups} onChanged={refresh} />,
                },
                { key: 'sessions', label: t('people.tab.sessions'), children: <UserSessions userId={user.id} /> },
                { key: 'audit', label: t('people.tab.audit'), children: <UserAudit userId={user.id} /> },
              ]}
            />
          </Card>
        </>
      )}
    </PageContainer>
  );
}
