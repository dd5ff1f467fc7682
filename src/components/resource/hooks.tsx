/**
 * The resource kit's hooks: one row through react-query under the resource's keys
 * (services/query-keys.ts `resourceKeys`), and the confirmed delete every table and detail page
 * of a resource shares (to the recycle bin when the definition says `recycle`).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'umi';
import type { ResourceDef, ResourceRecord } from '../../../contracts/resource';
import type { ResourceApi } from '../../services/resource-api';
import { useConfirmedDelete } from '../useConfirmedDelete';
import { resourceText, rowTitle } from './messages';

/** One row by id, keyed `api.keys.detail(id)`; rejects as ApiError (404 for an unknown or deleted id). */
export function useResourceDetail<D extends ResourceDef>(api: ResourceApi<D>, id: string) {
  return useQuery({ queryKey: api.keys.detail(id), queryFn: ({ signal }) => api.get(id, signal) });
}

/**
 * A delete asked first: `remove(row)` opens a confirmation naming the row (`resources.<name>.delete.confirm`,
 * else `resource.delete.confirm`), then deletes, reports, invalidates the resource's keys and calls
 * `onDone`. Render `contextHolder` once.
 */
export function useResourceDelete<D extends ResourceDef>(api: ResourceApi<D>, onDone?: () => void) {
  const def = api.def;
  const text = resourceText(useIntl(), def);
  const queryClient = useQueryClient();
  const { confirmDelete, contextHolder } = useConfirmedDelete();
  const recycle = def.deletion.mode === 'recycle';
  const remove = (row: ResourceRecord<D>) => {
    const name = rowTitle(def, row as Record<string, unknown>);
    confirmDelete({
      title: text.msg('delete.confirm', { name }),
      content: text.first([`resources.${def.name}.delete.desc`, recycle ? 'resource.delete.desc.recycle' : 'resource.delete.desc.hard']),
      okText: text.t('resource.delete'),
      success: text.first([`resources.${def.name}.deleted`, recycle ? 'resource.deleted.recycle' : 'resource.deleted'], { name }),
      okTestId: `${def.singular}-delete-ok`,
      run: () => api.remove(row.id),
      onDone: () => {
        void queryClient.invalidateQueries({ queryKey: api.keys.all });
        onDone?.();
      },
    });
  };
  return { remove, contextHolder };
}
