/**
 * /:app/files (docs/routes.txt, docs/documents.md): the application's evidence store — folders,
 * documents, drag-and-drop upload, preview. Members read and preview; editors upload, edit folders
 * and documents; administrators set legal holds (the server checks the same). A document opens in a
 * drawer, kept in the address as `?document=<id>` so it can be linked to and reopened.
 */
import { PageContainer } from '@ant-design/pro-components';
import { Drawer } from 'antd';
import React from 'react';
import { useModel, useSearchParams } from 'umi';
import { appAccess } from '../../../access';
import DocumentDetail from '../../../components/documents/DocumentDetail';
import FilesBrowser from '../../../components/documents/FilesBrowser';
import { useT } from '../../../components/useT';
import { useWorkspace } from '../useWorkspace';

export default function FilesPage() {
  const t = useT();
  const { app } = useWorkspace();
  const { initialState } = useModel('@@initialState');
  const isAdmin = initialState?.currentUser?.isAdmin === true;
  const { canEditRecords } = appAccess(app.myRole, isAdmin);
  const [search, setSearch] = useSearchParams();
  const open = search.get('document');
  const scope = { kind: 'app', slug: app.slug } as const;
  const setOpen = (id: string | null) => {
    const next = new URLSearchParams(search);
    if (id) next.set('document', id);
    else next.delete('document');
    setSearch(next);
  };
  return (
    <PageContainer title={t('documents.title')} subTitle={t('documents.subtitle.app')}>
      <FilesBrowser scope={scope} canEdit={canEditRecords} openDetail={setOpen} />
      <Drawer
        open={!!open}
        onClose={() => setOpen(null)}
        width={Math.min(960, window.innerWidth - 40)}
        title={t('documents.detail.title')}
        destroyOnClose
        data-testid="document-drawer"
      >
        {open && (
          <DocumentDetail id={open} scope={scope} canEdit={canEditRecords} isAdmin={isAdmin} onDeleted={() => setOpen(null)} />
        )}
      </Drawer>
    </PageContainer>
  );
}
