/**
 * Names for the ids a field holds across a record's versions (versions carry raw values, no
 * labels): a user field's ids are named from the application's members (GET /api/v1/applications/
 * :slug), a relation field's from the target subject's records (GET …/records filtered by id, named
 * by the target's display field). Ids it cannot name (a user no longer a member, a deleted record)
 * stay as they are.
 */
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'umi';
import type { Field } from '../../../contracts';
import { RECORD_PAGE_MAX } from '../../../contracts/constants';
import { getApplication } from '../../services/applications';
import { listRecords } from '../../services/records';
import { getSubject } from '../../services/subjects';
import { listOf } from './compare';
import { useAppSubjects } from './components/Pickers';
import { recordLabel } from './labels';
import { keys } from '../../services/query-keys';

const USER_TYPES: readonly Field['type'][] = ['user', 'createdBy', 'updatedBy'];

/** Labels for `values` (every version's value of `field`); `{}` while loading or when none apply. */
export function useVersionLabels(app: string, field: Field | undefined, values: unknown[]): Record<string, string> {
  const intl = useIntl();
  const isUser = !!field && USER_TYPES.includes(field.type);
  const isRelation = field?.type === 'relation';
  const ids = [...new Set(values.flatMap(listOf))].sort().slice(0, RECORD_PAGE_MAX);

  const members = useQuery({
    queryKey: keys('applications').detail(app),
    queryFn: ({ signal }) => getApplication(app, signal),
    enabled: isUser,
  });

  const subjects = useAppSubjects(isRelation ? app : undefined);
  const target = subjects.data?.find((s) => s.id === field?.options.targetSubjectId);
  const related = useQuery({
    queryKey: keys('records').action('labels', app, target?.key, ids),
    queryFn: async ({ signal }) => {
      const detail = await getSubject(app, target?.key ?? '', signal);
      // listRecords without the signal: a cancelled request would show a "network error" toast.
      const page = await listRecords(app, detail.key, { filter: { op: 'and', items: [{ field: 'id', op: 'in', value: ids }] }, pageSize: Math.max(ids.length, 1) });
      return Object.fromEntries(page.data.map((r) => [r.id, recordLabel(detail, r, intl.locale)]));
    },
    enabled: isRelation && !!target && ids.length > 0,
  });

  if (isUser) return Object.fromEntries((members.data?.members ?? []).map((m) => [m.userId, m.name]));
  if (isRelation) return related.data ?? {};
  return {};
}
