/**
 * `/{app}/settings` (docs/product.md "Applications and clients": an owner edits the same as the console): the
 * application's settings in tabs. General: an owner (or an administrator) edits name,
 * description, icon, theme colour and modules; other members see them read-only. Members: the
 * same member management as the console (add by e-mail, change role, remove; read-only for
 * others). Subjects: the application's subjects; owners create them and edit their schema (SubjectsPanel).
 * The `/:app` gate has loaded the application and checked membership; after a save the gate
 * re-reads it, so the new colour applies at once.
 */
import { Card, Space, Tabs, Tag, Typography } from 'antd';
import React from 'react';
import { useIntl, useModel } from 'umi';
import IconByName from '../../../components/IconByName';
import MembersPanel from '../../../components/application/MembersPanel';
import { useWorkspace } from '../useWorkspace';
import GeneralSettings from './components/GeneralSettings';
import SubjectsPanel from './components/SubjectsPanel';

export default function WorkspaceSettings() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { app, refresh } = useWorkspace();
  const { initialState } = useModel('@@initialState');
  const isAdmin = initialState?.currentUser?.isAdmin === true;
  const canManage = isAdmin || app.myRole === 'owner';

  return (
    <div style={{ padding: 24 }} data-testid="workspace-settings">
      <Card>
        <Space align="center" style={{ marginBottom: 8 }}>
          <IconByName name={app.icon} style={{ fontSize: 22, color: app.color ?? undefined }} />
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('appSettings.title')}
          </Typography.Title>
          {!canManage && <Tag data-testid="settings-readonly">{t('appSettings.readOnly')}</Tag>}
        </Space>
        <Tabs
          items={[
            {
              key: 'general',
              label: t('appSettings.tab.general'),
              children: <GeneralSettings app={app} canManage={canManage} onSaved={() => void refresh()} />,
            },
            {
              key: 'members',
              label: `${t('workspace.members')} (${app.members.length})`,
              children: <MembersPanel app={app} canManage={canManage} onChanged={() => void refresh()} />,
            },
            { key: 'subjects', label: t('appSettings.tab.subjects'), children: <SubjectsPanel slug={app.slug} canManage={canManage} /> },
          ]}
        />
      </Card>
    </div>
  );
}
