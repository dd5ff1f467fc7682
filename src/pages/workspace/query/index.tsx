/**
 * /:app/query (docs/routes.txt, docs/queries.md): the analytics query builder over the workspace's
 * application, for its members (the server checks membership on every call).
 */
import { PageContainer } from '@ant-design/pro-components';
import React from 'react';
import QueryBuilderPage from '../../../components/query-builder/QueryBuilderPage';
import { useT } from '../../../components/useT';
import { useWorkspace } from '../useWorkspace';

export default function WorkspaceQueryPage() {
  const t = useT();
  const { app } = useWorkspace();
  return (
    <PageContainer title={t('queries.title')} subTitle={t('queries.subtitle')}>
      <QueryBuilderPage app={app.slug} />
    </PageContainer>
  );
}
