/**
 * Deleting a client to the recycle bin, asked first (the list and the client's page share it).
 * Render the returned `contextHolder` once.
 */
import { useIntl } from 'umi';
import type { Client } from '../../../../../contracts';
import { useConfirmedDelete } from '../../../../components/useConfirmedDelete';
import { removeClient } from '../../../../services/clients';

export function useClientActions(onDeleted: () => void) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { confirmDelete, contextHolder } = useConfirmedDelete();

  /** Deletes `client` to the recycle bin after a confirmation naming it. */
  const remove = (client: Pick<Client, 'id' | 'code' | 'name'>) =>
    confirmDelete({
      title: t('clients.delete.confirm', { name: `${client.code} ${client.name}` }),
      content: t('clients.delete.desc'),
      okText: t('clients.delete'),
      success: t('clients.deleted', { name: client.name }),
      run: () => removeClient(client.id),
      onDone: onDeleted,
    });

  return { remove, contextHolder };
}
