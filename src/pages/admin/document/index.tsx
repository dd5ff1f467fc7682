/**
 * /admin/document (docs/routes.txt, docs/documents.md), administrators: the console's evidence
 * store (documents of no application) — folders, documents, drag-and-drop upload, preview. A
 * document opens at /admin/document/:document.
 */
import { PageContainer } from '@ant-design/pro-components';
import React from 'react';
import { history } from 'umi';
import FilesBrowser from '../../../components/documents/FilesBrowser';
import { useT } from '../../../components/useT';

export default function ConsoleDocumentsPage() {
  const t = useT();
  return (
    <PageContainer title={t('documents.title')} subTitle={t('documents.subtitle.console')}>
      <FilesBrowser scope={{ kind: 'console' }} canEdit openDetail={(id) => history.push(`/admin/document/${id}`)} />
    </PageContainer>
  );
}
