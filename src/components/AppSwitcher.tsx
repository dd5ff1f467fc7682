/**
 * Header application switcher (docs/product.md "Layout"): the applications the user may open, the
 * current one selected; choosing one opens its workspace.
 */
import { AppstoreOutlined, DownOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import React from 'react';
import { history, useIntl } from 'umi';
import { listApplications } from '../services/applications';
import { keys } from '../services/query-keys';

/** How many applications the switcher lists (the console's application list has the rest). */
const SWITCHER_PAGE_SIZE = 100;

export default function AppSwitcher({ current }: { current?: string }) {
  const intl = useIntl();
  const { data } = useQuery({
    queryKey: keys('applications').list({ pageSize: SWITCHER_PAGE_SIZE }),
    queryFn: () => listApplications({ pageSize: SWITCHER_PAGE_SIZE }),
  });
  const apps = data?.data ?? [];
  const currentApp = apps.find((a) => a.slug === current);
  const items = apps.length
    ? apps.map((a) => ({ key: a.slug, label: `${a.name} (/${a.slug})` }))
    : [{ key: '', label: intl.formatMessage({ id: 'header.noApps' }), disabled: true }];

  return (
    <Dropdown menu={{ items, selectedKeys: current ? [current] : [], onClick: ({ key }) => key && history.push(`/${key}`) }}>
      <Button type="text" icon={<AppstoreOutlined />} data-testid="app-switcher">
        {currentApp?.name ?? intl.formatMessage({ id: 'header.switchApp' })} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
