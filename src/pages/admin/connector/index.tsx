/**
 * /admin/connector (docs/routes.txt; docs/connectors-web.md): the connectors, for administrators.
 * Above, the allow-list of hosts connectors may reach and where to change it. Then either the list
 * of connectors (ProTable: kind, where it points, the latest run) or, with `?connector=<id>` in the
 * address, one connector: its test, its source browser (schemas → tables → columns and rows), a
 * subject made from a table, its syncs with "Run now" and their runs. The form, the connector's
 * screens and the schedule's parser load on first use (their own chunks).
 */
import { PageContainer, type ActionType } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import React, { Suspense, useRef, useState } from 'react';
import { useSearchParams } from 'umi';
import type { Connector } from '../../../../contracts';
import { useT } from '../../../components/useT';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import Loading from '../../../loading';
import { removeConnector } from '../../../services/connectors';
import { keys } from '../../../services/query-keys';
import { toApiError } from '../../../services/api-error';
import AllowedHosts from './components/AllowedHosts';
import ConnectorTable from './components/ConnectorTable';

const ConnectorForm = React.lazy(() => import('./components/ConnectorForm'));
const ConnectorDetail = React.lazy(() => import('./components/ConnectorDetail'));

export default function ConnectorsPage() {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const openId = search.get('connector');
  const table = useRef<ActionType>();
  const queryClient = useQueryClient();
  // the connector in the form: null = a new one; undefined = the form is closed
  const [editing, setEditing] = useState<Connector | null | undefined>(undefined);
  const { confirmDelete, contextHolder } = useConfirmedDelete();

  const open = (id: string | null) => {
    const next = new URLSearchParams(search);
    if (id) next.set('connector', id);
    else next.delete('connector');
    setSearch(next);
  };
  const remove = (c: Connector, after?: () => void) =>
    confirmDelete({
      title: t('connectors.delete.title', { name: c.name }),
      content: t('connectors.delete.content'),
      okText: t('connectors.delete'),
      success: t('connectors.delete.done', { name: c.name }),
      okTestId: 'confirm-delete-connector',
      run: async () => {
        try {
          await removeConnector(c.id);
        } catch (e) {
          throw toApiError(e);
        }
      },
      onDone: () => {
        void table.current?.reload();
        after?.();
      },
    });

  return (
    <PageContainer title={t('connectors.title')} subTitle={t('connectors.subtitle')}>
      {contextHolder}
      <AllowedHosts />
      {openId ? (
        <Suspense fallback={<Loading />}>
          <ConnectorDetail id={openId} onBack={() => open(null)} onEdit={(c) => setEditing(c)} onDelete={(c) => remove(c, () => open(null))} />
        </Suspense>
      ) : (
        <ConnectorTable actionRef={table} onOpen={(c) => open(c.id)} onCreate={() => setEditing(null)} onEdit={(c) => setEditing(c)} onDelete={(c) => remove(c)} />
      )}
      {editing !== undefined && (
        <Suspense fallback={null}>
          <ConnectorForm
            open
            connector={editing}
            onClose={() => setEditing(undefined)}
            onSaved={(c) => {
              setEditing(undefined);
              void table.current?.reload();
              void queryClient.invalidateQueries({ queryKey: keys('connectors').all });
              if (!editing) open(c.id);
            }}
          />
        </Suspense>
      )}
    </PageContainer>
  );
}
