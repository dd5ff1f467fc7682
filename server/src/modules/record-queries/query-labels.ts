/**
 * The `labels` of a record query's page: display text of the ids its cells hold — users (user
 * fields, created/updated by) → their names, related records → their subject's display field,
 * attachments → their file names. Ids with nothing to show (no display field, empty value) are
 * left out; the grid shows the id.
 */
import { and, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { attachments, users } from '../../db/schema';
import type { ReadCache } from '../../lib/read-cache';
import { displayValuesOf } from '../records/list';
import { loadSubjectDef } from '../subjects/subject-def';
import type { QueryColumn } from './query-columns';
import { isUuid } from '../../lib/uuid';

/** Every id-looking string in a cell (arrays flattened). */
function collect(into: Set<string>, value: unknown): void {
  if (typeof value === 'string') {
    if (isUuid(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const v of value) collect(into, v);
  }
}

/** The labels of `cells` (rows of cells in `columns` order). */
export async function labelsOf(db: Executor, columns: readonly Pick<QueryColumn, 'refers'>[], cells: readonly unknown[][], cache?: ReadCache): Promise<Record<string, string>> {
  const userIds = new Set<string>();
  const fileIds = new Set<string>();
  const records = new Map<string, Set<string>>();
  columns.forEach((column, i) => {
    const refers = column.refers;
    if (!refers) return;
    let into: Set<string>;
    if (refers.kind === 'user') into = userIds;
    else if (refers.kind === 'attachment') into = fileIds;
    else {
      into = records.get(refers.subjectId) ?? new Set<string>();
      records.set(refers.subjectId, into);
    }
    for (const row of cells) collect(into, row[i]);
  });
  const labels: Record<string, string> = {};
  if (userIds.size) {
    const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, [...userIds]));
    for (const r of rows) labels[r.id] = r.name;
  }
  if (fileIds.size) {
    const rows = await db
      .select({ id: attachments.id, fileName: attachments.fileName })
      .from(attachments)
      .where(and(inArray(attachments.id, [...fileIds]), isNull(attachments.deletedAt)));
    for (const r of rows) labels[r.id] = r.fileName;
  }
  for (const [subjectId, ids] of records) {
    const target = await loadSubjectDef(db, { id: subjectId }, cache);
    if (target) Object.assign(labels, await displayValuesOf(db, target, [...ids]));
  }
  return labels;
}
