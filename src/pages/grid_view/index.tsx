/**
 * /grid_view?view=<id> (docs/product.md "Views": the full-screen grid of a view): the
 * view's grid filling the window, without the layout's chrome (route `layout: false`), read-only,
 * with a way back to the view's page. Signed-in members only (the server checks); a visitor is sent
 * to sign in.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Result, Space, Typography } from 'antd';
import React, { useEffect, useState } from 'react';
import { history, Link, useIntl, useSearchParams } from 'umi';
import ExceptionResult from '../../components/ExceptionResult';
import { useViewWithSubject } from '../../components/views/useView';
import ViewRenderer from '../../components/views/ViewRenderer';
import Loading from '../../loading';
import { ApiError } from '../../services/api-error';

export default function GridViewPage() {
  const [params] = useSearchParams();
  const id = params.get('view') ?? '';
  const intl = useIntl();
  const { view, subject, error } = useViewWithSubject(id);
  const [height, setHeight] = useState(() => window.innerHeight - 90);
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight - 90);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const status = error instanceof ApiError ? error.status : error ? 500 : 0;
  useEffect(() => {
    if (status === 401) history.replace(`/login?redirect=${encodeURIComponent(`/grid_view?view=${id}`)}`);
  }, [status]);

  if (!id)
    return (
      <div data-testid="grid-view-no-view">
        <Result status="info" title={intl.formatMessage({ id: 'views.gridView.noView' })} />
      </div>
    );
  if (error) return <ExceptionResult code={status === 403 ? 403 : status === 404 || status === 400 ? 404 : 500} />;
  if (!view.data || !subject.data) return <Loading />;
  const v = view.data;
  const config =
    v.config.type === 'grid'
      ? v.config
      : {
          type: 'grid' as const,
          columns: [],
          widths: {},
          sort: [],
          rowHeight: 'short' as const,
          pageSize: 100,
          filter: v.config.filter,
        };
  return (
    <div style={{ padding: '8px 12px', height: '100vh', boxSizing: 'border-box' }} data-testid="grid-view-page">
      <Space style={{ marginBottom: 8 }}>
        <Link to={`/${v.application}/view/${v.id}`}>
          <Button size="small" icon={<ArrowLeftOutlined />} />
        </Link>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {v.name}
        </Typography.Title>
        <Typography.Text type="secondary">{v.subjectName}</Typography.Text>
      </Space>
      <ViewRenderer app={v.application} subject={subject.data} config={config} canEdit={false} height={height} />
    </div>
  );
}
