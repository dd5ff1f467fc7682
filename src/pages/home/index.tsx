/**
 * / (docs/routes-and-loading.md "Screen names": 首页): sends each visitor where they work (docs/product.md "Shell"): an empty
 * installation to /init, an anonymous visitor to /login, an administrator to /admin, anyone else
 * to their last application, else a picker of their applications, else a page saying that an
 * administrator or an application owner grants access.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, List, Result } from 'antd';
import React, { useEffect } from 'react';
import { history, useIntl, useModel } from 'umi';
import AuthCard from '../../components/AuthCard';
import UserMenu from '../../components/UserMenu';
import Loading from '../../loading';
import { listApplications } from '../../services/applications';
import { getSetupStatus } from '../../services/setup';
import { keys } from '../../services/query-keys';

export default function HomePage() {
  const intl = useIntl();
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser ?? null;
  const needsPicker = user !== null && !user.isAdmin && !user.lastApp;

  useEffect(() => {
    if (user?.isAdmin) history.replace('/admin');
    else if (user?.lastApp) history.replace(`/${user.lastApp}`);
    else if (!user) {
      getSetupStatus()
        .then((s) => history.replace(s.initialized ? '/login' : '/init'))
        .catch(() => history.replace('/login'));
    }
  }, [user]);

  const apps = useQuery({
    queryKey: keys('applications').list({ pageSize: 100 }),
    queryFn: () => listApplications({ pageSize: 100 }),
    enabled: needsPicker,
  });

  const items = apps.data?.data ?? [];
  useEffect(() => {
    if (items.length === 1) history.replace(`/${items[0].slug}`);
  }, [items]);

  if (!needsPicker || apps.isLoading || items.length === 1) return <Loading />;
  return (
    <AuthCard title={intl.formatMessage({ id: items.length ? 'home.pick.title' : 'home.noApps.title' })} width={520}>
      {items.length ? (
        <List
          dataSource={items}
          renderItem={(a) => (
            <List.Item
              actions={[
                <Button key="open" type="link" onClick={() => history.push(`/${a.slug}`)}>
                  {intl.formatMessage({ id: 'dashboard.open' })}
                </Button>,
              ]}
            >
              <List.Item.Meta title={a.name} description={`/${a.slug}`} />
            </List.Item>
          )}
        />
      ) : (
        <div data-testid="no-apps">
          <Result
            status="info"
            subTitle={intl.formatMessage({ id: 'home.noApps.desc' })}
            extra={
              <UserMenu>
                <Button>{user?.name}</Button>
              </UserMenu>
            }
          />
        </div>
      )}
    </AuthCard>
  );
}
