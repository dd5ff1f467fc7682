/**
 * /admin/document/:document (docs/routes.txt, docs/documents.md), administrators: one document of
 * the console's store — properties, versions, legal hold, retention, "linked from", share links and
 * the preview (components/documents/DocumentDetail.tsx).
 */
import { PageContainer } from '@ant-design/pro-components';
import React from 'react';
import { history, useParams } from 'umi';
import DocumentDetail from '../../../../components/documents/DocumentDetail';
import { useT } from '../../../../components/useT';

export default function ConsoleDocumentPage() {
  const t = useT();
  const { document: id = '' } = useParams<{ document: string }>();
  return (
    <PageContainer title={t('documents.detail.title')} onBack={() => history.push('/admin/document')}>
      <DocumentDetail id={id} scope={{ kind: 'console' }} canEdit isAdmin onDeleted={() => history.push('/admin/document')} />
    </PageContainer>
  );
}
