/**
 * The connectors' allow-list as the page shows it (docs/connectors-web.md "Allow-list"): the hosts
 * administrators allowed in the system setting `connectorAllowedHosts`, and a link to where it is
 * changed (/admin/system, its entry "Connectors: hosts allowed" under outbound requests). A database connector's host must be on it; a
 * REST or file URL on it may reach a private address. Also the alert the page shows for the
 * server's refusal (422 CONNECTOR_HOST_NOT_ALLOWED), with the same link.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Space, Tag, Typography } from 'antd';
import React from 'react';
import { Link } from 'umi';
import { useT } from '../../../../components/useT';
import { keys } from '../../../../services/query-keys';
import { getSettings } from '../../../../services/settings';

/** Where the allow-list is edited. */
export const ALLOW_LIST_PATH = '/admin/system';

/** The allow-list's entries (settings are read once a minute at most); `undefined` while loading. */
export function useAllowedHosts(): string[] | undefined {
  const q = useQuery({ queryKey: keys('settings').detail('system'), queryFn: getSettings, staleTime: 60_000 });
  return q.data?.connectorAllowedHosts;
}

/** The allow-list above the page: its entries as tags (or "none yet") and where to change it. */
export default function AllowedHosts() {
  const t = useT();
  const hosts = useAllowedHosts();
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="connector-allowed-hosts"
      message={t('connectors.allow.title')}
      description={
        <Space direction="vertical" size={4}>
          <span>
            {hosts === undefined ? (
              <Typography.Text type="secondary">{t('connectors.loading')}</Typography.Text>
            ) : hosts.length ? (
              hosts.map((h) => (
                <Tag key={h} data-testid="allowed-host">
                  {h}
                </Tag>
              ))
            ) : (
              <Typography.Text type="secondary">{t('connectors.allow.none')}</Typography.Text>
            )}
          </span>
          <span>{t('connectors.allow.help')}</span>
          {/* on a line of its own: a link inside a line of text needs more than its colour to stand out (axe link-in-text-block) */}
          <Link to={ALLOW_LIST_PATH}>{t('connectors.allow.change')}</Link>
        </Space>
      }
    />
  );
}

/** The server's refusal of a host (422 CONNECTOR_HOST_NOT_ALLOWED): its message and where the allow-list is changed. */
export function HostRefused({ message }: { message: string }) {
  const t = useT();
  return (
    <Alert
      type="error"
      showIcon
      data-testid="connector-host-refused"
      message={t('connectors.allow.refused')}
      description={
        <>
          <div>{message}</div>
          <Link to={ALLOW_LIST_PATH}>{t('connectors.allow.change')}</Link>
        </>
      }
    />
  );
}
