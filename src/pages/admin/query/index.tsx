/**
 * /admin/query (docs/routes.txt, docs/queries.md): the analytics query builder for administrators,
 * over any application picked at the top (remembered in the address as `?app=<slug>`). The
 * server sends administrators the generated SQL with each result, shown read-only under it.
 */
import { PageContainer } from '@ant-design/pro-components';
import { Card, Empty, Form } from 'antd';
import React from 'react';
import { useSearchParams } from 'umi';
import QueryBuilderPage from '../../../components/query-builder/QueryBuilderPage';
import { useT } from '../../../components/useT';
import { AppSelect } from '../../compare_record_field/components/Pickers';

export default function AdminQueryPage() {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const app = search.get('app') || undefined;
  const choose = (slug: string | undefined) => {
    const next = new URLSearchParams(search);
    if (slug) next.set('app', slug);
    else next.delete('app');
    setSearch(next, { replace: true });
  };
  return (
    <PageContainer title={t('queries.title')} subTitle={t('queries.subtitle.admin')}>
      <Form name="queryApplication" layout="inline" component="div" style={{ marginBottom: 16 }}>
        <Form.Item label={t('queries.application')} htmlFor="qb-app">
          <AppSelect id="qb-app" value={app} onChange={choose} aria-label={t('queries.application')} data-testid="qb-app" style={{ minWidth: 280 }} />
        </Form.Item>
      </Form>
      {app ? (
        <QueryBuilderPage key={app} app={app} />
      ) : (
        <Card>
          <Empty description={t('queries.empty.app')} data-testid="qb-pick-app" />
        </Card>
      )}
    </PageContainer>
  );
}
