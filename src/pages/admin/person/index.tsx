/**
 * /admin/person (docs/routes-and-loading.md "Screen names": 个人中心; Personal center): every signed-in user's own profile,
 * password, language, personal API tokens and recent activity, one tab each. The tab is in the
 * address (`?tab=password`), so a user whose password expired is sent straight to it (app.tsx).
 */
import { PageContainer } from '@ant-design/pro-components';
import { Card, Tabs } from 'antd';
import React from 'react';
import { useIntl, useSearchParams } from 'umi';
import ActivityTab from './components/ActivityTab';
import LanguageTab from './components/LanguageTab';
import PasswordTab from './components/PasswordTab';
import ProfileTab from './components/ProfileTab';
import TokensTab from './components/TokensTab';

const TABS = ['profile', 'password', 'language', 'tokens', 'activity'] as const;
type Tab = (typeof TABS)[number];

export default function PersonalCenter() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'profile';

  const panes: Record<Tab, React.ReactNode> = {
    profile: <ProfileTab />,
    password: <PasswordTab />,
    language: <LanguageTab />,
    tokens: <TokensTab />,
    activity: <ActivityTab />,
  };

  return (
    <PageContainer title={t('person.title')}>
      <Card data-testid="person-center">
        <Tabs
          activeKey={tab}
          destroyOnHidden
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={TABS.map((key) => ({ key, label: <span data-testid={`person-tab-${key}`}>{t(`person.tab.${key}`)}</span>, children: panes[key] }))}
        />
      </Card>
    </PageContainer>
  );
}
