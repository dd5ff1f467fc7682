/**
 * Shared hooks of the audit process components: translated select codes, one engagement's records
 * of an audit subject (the records API with a filter), and the invalidation after a change.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'umi';
import type { FilterGroup, RecordPage } from '../../../contracts/records';
import { auditKeys } from '../../services/audit-model';
import { keys } from '../../services/query-keys';
import { listRecords } from '../../services/records';

/**
 * `label(code)`: a select code (phase, status, severity…) in the current language — helper
 * "dash"'s `engagements.value.<code>` when present, else this page's `auditProcess.value.<code>`,
 * else the code itself.
 */
export function useValueLabel() {
  const intl = useIntl();
  return (code: unknown): string => {
    if (code === null || code === undefined || code === '') return '';
    const c = String(code);
    for (const id of [`engagements.value.${c}`, `auditProcess.value.${c}`]) {
      if (intl.messages[id]) return intl.formatMessage({ id });
    }
    return c;
  };
}

/**
 * Up to 200 records of `subject` matching `filter` (oldest first unless `sort`), with the labels
 * of the users and records they refer to. Disabled until `subject` and `filter` are known.
 */
export function useAuditRecords(app: string, subject: string | undefined, filter: FilterGroup | null, sort = 'createdAt:asc') {
  return useQuery<RecordPage>({
    queryKey: keys('records').list({ app, subject, filter, sort, pageSize: 200 }),
    queryFn: ({ signal }) => listRecords(app, subject!, { filter: filter!, sort, pageSize: 200 }, signal),
    enabled: !!subject && !!filter,
  });
}

/** After any audit change: every audit read (actions, progress, samples…; not the model) and every records list refresh. */
export function useRefreshAudit() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      // every audit read but the model (which no action changes)
      client.invalidateQueries({ queryKey: auditKeys.all, predicate: (q) => q.queryKey[2] !== 'detail' }),
      client.invalidateQueries({ queryKey: keys('records').all }),
    ]);
}
