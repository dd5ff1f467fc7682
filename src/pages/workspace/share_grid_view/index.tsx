/**
 * /:app/share_grid_view?token=… (share links, docs/product.md "Views"): the read-only grid of a shared view for
 * anyone holding the token, signed in or not (the workspace gate and the layout let this path
 * through: layouts/share.ts). Only the view's columns and rows come back from the server, each column
 * with its field's display options (select colours, decimals), so the cells look as in the signed-in
 * grid; nothing here calls a private API. A link
 * with a password asks for it (401 SHARE_PASSWORD_REQUIRED / _WRONG); an unknown, expired or
 * revoked link shows one "not available" page (the server does not say which). A link whose
 * password guesses are spent for now (429) or that locked after too many wrong ones (423
 * SHARE_LOCKED) says so, with the server's message.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Result, Space, Typography } from 'antd';
import React, { useCallback, useMemo, useState } from 'react';
import { useIntl, useParams, useSearchParams } from 'umi';
import type { FieldType } from '../../../../contracts';
import VirtualGrid, { type GridPage } from '../../../components/views/VirtualGrid';
import type { GridColumn } from '../../../components/views/viewColumns';
import { defaultWidth } from '../../../components/records/columns';
import Loading from '../../../loading';
import { ApiError } from '../../../services/api-error';
import { readSharedView } from '../../../services/views';
import { keys } from '../../../services/query-keys';

export default function ShareGridViewPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { app = '' } = useParams<{ app: string }>();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState<string | undefined>();
  const [height] = useState(() => Math.max(320, window.innerHeight - 120));
  const meta = useQuery({
    queryKey: keys('shares').detail(token, password ?? ''),
    queryFn: ({ signal }) => readSharedView(token, { pageSize: 1, password }, signal),
    enabled: token !== '',
    retry: false,
  });
  const fetchPage = useCallback(
    async (cursor: string | undefined, signal: AbortSignal): Promise<GridPage> => {
      const page = await readSharedView(token, { cursor, pageSize: 200, password }, signal);
      return { rows: page.data, labels: page.labels, nextCursor: page.nextCursor, total: page.total, totalExact: page.totalExact };
    },
    [token, password],
  );
  const columns: GridColumn[] = useMemo(
    () =>
      (meta.data?.view.columns ?? []).map((c) => ({
        key: c.key,
        name: c.name,
        field: { type: c.type as FieldType, options: c.options ?? {} },
        width: c.width ?? defaultWidth(c.type as FieldType),
      })),
    [meta.data],
  );

  const code = meta.error instanceof ApiError ? meta.error.errorCode : '';
  if (code === 'SHARE_LOCKED' || code === 'RATE_LIMITED') {
    return (
      <div data-testid="share-locked">
        <Result status="warning" title={code === 'SHARE_LOCKED' ? t('views.shared.lockedTitle') : t('views.shared.unavailable')} subTitle={meta.error?.message} />
      </div>
    );
  }
  if (!token || (meta.error && !code.startsWith('SHARE_PASSWORD'))) {
    return (
      <div data-testid="share-unavailable">
        <Result status="warning" title={t('views.shared.unavailable')} subTitle={t('views.shared.unavailableHint')} />
      </div>
    );
  }
  if (code.startsWith('SHARE_PASSWORD')) {
    return (
      <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 80 }}>
        <Card title={t('views.shared.passwordTitle')} style={{ width: 380 }}>
          {code === 'SHARE_PASSWORD_WRONG' && <Alert type="error" showIcon message={meta.error?.message} style={{ marginBottom: 12 }} />}
          <Form name="sharegridview" layout="vertical" onFinish={(v: { password: string }) => setPassword(v.password)}>
            <Form.Item name="password" label={t('views.share.password')} rules={[{ required: true, message: t('views.shared.passwordRequired') }]}>
              <Input.Password autoFocus data-testid="share-open-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block data-testid="share-open">
              {t('views.shared.open')}
            </Button>
          </Form>
        </Card>
      </div>
    );
  }
  if (!meta.data) return <Loading />;
  return (
    <div style={{ padding: '12px 16px' }} data-testid="share-grid-page">
      <Space direction="vertical" size={0} style={{ marginBottom: 8 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {meta.data.view.name}
        </Typography.Title>
        <Typography.Text type="secondary">
          {meta.data.view.subjectName} · {t('views.shared.readOnly')}
        </Typography.Text>
      </Space>
      <VirtualGrid
        queryKey={keys('shares').action('rows', token, password ?? '')}
        fetchPage={fetchPage}
        columns={columns}
        groupBy={meta.data.view.groupBy ?? undefined}
        height={height}
        app={app}
      />
    </div>
  );
}
