/**
 * /:app/query (docs/routes.txt, docs/queries.md): the analytics query builder over the workspace's
 * application, for its members (the server checks membership on every call); viewers run and read
 * saved queries, editors and owners also save them.
 */
import { PageContainer } from '@ant-design/pro-components';
import React from 'react';
import { useAccess } from 'umi';
import { hasAppRole } from '../../../access';
import QueryBuilderPage from '../../../components/query-builder/QueryBuilderPage';
import { useT } from '../../../components/useT';
import { useWorkspace } from '../useWorkspace';

export default function WorkspaceQueryPage() {
  const t = useT();
  const { app } = useWorkspace();
  const { canAdmin } = useAccess();
  return (
    <PageContainer title={t('queries.title')} subTitle={t('queries.subtitle')}>
      <QueryBuilderPage app={app.slug} canSave={hasAppRole(app.myRole, 'editor', canAdmin)} />
    </PageContainer>
  );
}
