/**
 * A filter tested on one record's values rather than on the table: the values are made a row of the
 * subject's table (`jsonb_populate_record`) and the filter compiler's condition (filter.ts) runs over
 * it, so a condition means exactly what it means in a view. For trigger conditions
 * (docs/triggers.md "Conditions") and the rules engine's required-if (docs/rules.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FilterGroup } from '../../../../contracts';
import { rowsOf, type Executor } from '../../db/client';
import type { SubjectDef } from '../subjects/subject-def';
import { compileFilter } from './filter';
import { tableOf } from './records.repository';

/**
 * True when `values` (field key → the records API's JSON value; `recordId` the record's id, or
 * none) satisfy `where`, a condition compiled over the row alias `r` (compileFilter). One statement.
 */
export async function rowMatches(
  db: Executor,
  subject: SubjectDef,
  where: SQL,
  values: Record<string, unknown>,
  recordId?: string | null,
): Promise<boolean> {
  const row: Record<string, unknown> = { id: recordId ?? '00000000-0000-0000-0000-000000000000' };
  for (const f of subject.fields) if (f.column) row[f.column] = values[f.key] ?? null;
  const [hit] = rowsOf<{ ok: boolean }>(
    await db.execute(
      sql`select exists (select 1 from jsonb_populate_record(null::${tableOf(subject)}, ${JSON.stringify(row)}::jsonb) r where ${where}) as ok`,
    ),
  );
  return hit?.ok === true;
}

/**
 * True when `values` satisfy `condition` (a FilterGroup; none or an empty one: always true; no
 * values: false).
 * @throws HttpError 400 naming the filter when the condition does not fit the subject.
 */
export async function matchesFilter(
  db: Executor,
  subject: SubjectDef,
  condition: FilterGroup | null | undefined,
  values: Record<string, unknown> | null | undefined,
  recordId?: string | null,
): Promise<boolean> {
  if (!condition || condition.items.length === 0) return true;
  if (!values) return false;
  return rowMatches(db, subject, compileFilter(subject, condition, 'r'), values, recordId);
}
