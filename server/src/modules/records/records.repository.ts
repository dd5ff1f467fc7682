/**
 * SQL of records (docs/code-style.md "Server in layers": SQL lives in the repository): a subject's table `rec_<hex>` (row alias
 * `r`), its many-relation links (record_links) and its history (record_versions). Identifiers are
 * the generated names of modules/subjects/ddl.ts (checked by `ident`); values are parameters.
 */
import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { RecordItem, RecordVersion } from '../../../../contracts';
import { rowsOf, type Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { recordLinks, recordVersions, type RecordVersionRow } from '../../db/schema';
import { ident } from '../subjects/ddl';
import type { FieldDef, SubjectDef } from '../subjects/subject-def';
import { columnOf } from './columns';
import { isoOf, readValue, selectExprOf, sqlValue, type FieldValue } from '../subjects/values';
import { liveRows } from '../subjects/live-rows';

/** A row of `selectRecords`: the record's own columns and `v<i>` = the value of `subject.fields[i]`. */
export type RecordRow = Record<string, unknown> & {
  id: string;
  version: number;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
};

/** The subject's table as SQL, aliased `alias` when given. */
export const tableOf = (subject: Pick<SubjectDef, 'tableName'>, alias?: string): SQL =>
  sql.raw(alias ? `${ident(subject.tableName)} ${ident(alias)}` : ident(subject.tableName));

/** The select list of a record (own columns + one `v<i>` per field with a column). */
export function recordSelection(subject: SubjectDef, alias = 'r'): SQL {
  const parts: SQL[] = [
    sql`${columnOf(alias, 'id')} as id`,
    sql`${columnOf(alias, 'version')} as version`,
    sql`${isoOf(columnOf(alias, 'created_at'))} as created_at`,
    sql`${columnOf(alias, 'created_by')} as created_by`,
    sql`${isoOf(columnOf(alias, 'updated_at'))} as updated_at`,
    sql`${columnOf(alias, 'updated_by')} as updated_by`,
  ];
  subject.fields.forEach((f, i) => {
    const expr = selectExprOf(f, alias);
    if (expr) parts.push(sql`${expr} as ${sql.raw(`v${i}`)}`);
  });
  return sql.join(parts, sql`, `);
}

/** Many-relation ids by field id, then by source record id, in `position` order. */
export type LinkMap = Map<string, Map<string, string[]>>;

/** The many-relation links of records `ids` (every many-relation field of `subject`). */
export async function loadLinks(db: Executor, subject: SubjectDef, ids: readonly string[]): Promise<LinkMap> {
  const fieldIds = subject.fields.filter((f) => f.type === 'relation' && !f.column).map((f) => f.id);
  const out: LinkMap = new Map(fieldIds.map((id) => [id, new Map()]));
  if (fieldIds.length === 0 || ids.length === 0) return out;
  const rows = await db
    .select({ fieldId: recordLinks.fieldId, sourceId: recordLinks.sourceId, targetId: recordLinks.targetId })
    .from(recordLinks)
    .where(and(inArray(recordLinks.fieldId, fieldIds), inArray(recordLinks.sourceId, [...ids])))
    .orderBy(asc(recordLinks.position), asc(recordLinks.targetId));
  for (const r of rows) {
    const bySource = out.get(r.fieldId)!;
    bySource.set(r.sourceId, [...(bySource.get(r.sourceId) ?? []), r.targetId]);
  }
  return out;
}

/** A row (and its links) as contracts' RecordItem: every live field's value by key. */
export function toRecordItem(subject: SubjectDef, row: RecordRow, links: LinkMap): RecordItem {
  const values: Record<string, FieldValue> = {};
  subject.fields.forEach((f, i) => {
    values[f.key] = f.column ? readValue(f, row[`v${i}`]) : readValue(f, links.get(f.id)?.get(row.id) ?? null);
  });
  return {
    id: row.id,
    version: Number(row.version),
    createdAt: row.created_at,
    createdBy: row.created_by,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    values,
  };
}

/** Rows of `subject` matching `where` (alias `r`), with extra select items appended (`extra`). */
export async function selectRecordRows(
  db: Executor,
  subject: SubjectDef,
  opts: { where: SQL; orderBy?: SQL; limit?: number; offset?: number; extra?: SQL; lock?: boolean },
): Promise<RecordRow[]> {
  const query = sql`select ${recordSelection(subject)}${opts.extra ? sql`, ${opts.extra}` : sql``} from ${tableOf(subject, 'r')} where ${opts.where}`;
  if (opts.orderBy) query.append(sql` order by ${opts.orderBy}`);
  if (opts.limit !== undefined) query.append(sql` limit ${opts.limit}`);
  if (opts.offset) query.append(sql` offset ${opts.offset}`);
  if (opts.lock) query.append(sql` for update of r`);
  return rowsOf<RecordRow>(await db.execute(query));
}

/** Rows as RecordItems (links loaded in one query). */
export async function rowsToItems(db: Executor, subject: SubjectDef, rows: RecordRow[]): Promise<RecordItem[]> {
  const links = await loadLinks(
    db,
    subject,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toRecordItem(subject, r, links));
}

/**
 * Refuses a write to records that a running import will update or is updating (imports.run.ts:
 * its updates are written chunk by chunk and put back from what they replaced if the run fails, so
 * nobody else may write them meanwhile). Costs nothing when no import of the subject runs.
 * @throws HttpError 409 CONFLICT errors.record.importing.
 */
async function refuseImporting(db: Executor, subject: SubjectDef, ids: readonly string[]): Promise<void> {
  if (subject.pendingImports.length === 0) return;
  const claimed = rowsOf(
    await db.execute(sql`select 1 from import_rows where batch_id = any(${sql.param([...subject.pendingImports])}::uuid[])
      and record_id = any(${sql.param([...ids])}::uuid[]) and action = 'update' limit 1`),
  );
  if (claimed.length > 0) throw new HttpError(409, 'CONFLICT', 'errors.record.importing');
}

/**
 * Live records `ids` of `subject` (in the order of `ids`; missing ones left out). `lock` (a write
 * follows) takes their row locks (`for update`, in id order so concurrent bulk writes cannot
 * deadlock), after refusing records a running import updates (409 errors.record.importing).
 */
export async function findRecords(db: Executor, subject: SubjectDef, ids: readonly string[], lock = false): Promise<RecordItem[]> {
  if (ids.length === 0) return [];
  if (lock) await refuseImporting(db, subject, ids);
  const rows = await selectRecordRows(db, subject, {
    where: sql`r.id = any(${sql.param([...ids])}::uuid[]) and ${liveRows(subject, 'r')}`,
    orderBy: sql`r.id`,
    lock,
  });
  const items = await rowsToItems(db, subject, rows);
  const byId = new Map(items.map((i) => [i.id, i]));
  return ids.map((id) => byId.get(id)).filter((i): i is RecordItem => i !== undefined);
}

/** One live record (locked with `lock`), or undefined. */
export async function findRecord(db: Executor, subject: SubjectDef, id: string, lock = false): Promise<RecordItem | undefined> {
  return (await findRecords(db, subject, [id], lock))[0];
}

/** A record row in any state (deleted too), locked: its id, version and deletion time; undefined when none. */
export async function lockAnyRecord(db: Executor, subject: Pick<SubjectDef, 'tableName'>, id: string): Promise<{ version: number; deletedAt: string | null } | undefined> {
  const [row] = rowsOf<{ version: number; deleted_at: string | null }>(
    await db.execute(sql`select version, deleted_at::text as deleted_at from ${tableOf(subject)} where id = ${id}::uuid for update`),
  );
  return row ? { version: Number(row.version), deletedAt: row.deleted_at } : undefined;
}

/** Field columns → SQL assignments/values for the fields of `values` that have a column. */
export function columnValues(subject: SubjectDef, values: Record<string, FieldValue>): { column: string; value: SQL }[] {
  const out: { column: string; value: SQL }[] = [];
  for (const f of subject.fields) {
    if (!(f.key in values) || !f.column || !f.column.startsWith('f_')) continue;
    out.push({ column: f.column, value: sqlValue(f, values[f.key]) });
  }
  return out;
}

/** Inserts a record row (version 1) with the values of its field columns. */
export async function insertRecordRow(
  db: Executor,
  subject: SubjectDef,
  row: { id: string; at: Date; actorId: string | null; values: Record<string, FieldValue> },
): Promise<void> {
  const cols = columnValues(subject, row.values);
  const names = ['id', 'version', 'created_at', 'created_by', 'updated_at', 'updated_by', ...cols.map((c) => c.column)];
  const at = row.at.toISOString();
  const vals: SQL[] = [
    sql`${row.id}::uuid`,
    sql`1`,
    sql`${at}::timestamptz`,
    sql`${row.actorId}::uuid`,
    sql`${at}::timestamptz`,
    sql`${row.actorId}::uuid`,
    ...cols.map((c) => c.value),
  ];
  await db.execute(
    sql`insert into ${tableOf(subject)} (${sql.raw(names.map(ident).join(', '))}) values (${sql.join(vals, sql`, `)})`,
  );
}

/** Sets a record's field columns (those in `values`), its version and its updated/deleted stamps. */
export async function updateRecordRow(
  db: Executor,
  subject: SubjectDef,
  id: string,
  change: { version: number; at: Date; actorId: string | null; values: Record<string, FieldValue>; deleted?: boolean | null },
): Promise<void> {
  const at = change.at.toISOString();
  const sets: SQL[] = [sql`version = ${change.version}`, sql`updated_at = ${at}::timestamptz`, sql`updated_by = ${change.actorId}::uuid`];
  for (const c of columnValues(subject, change.values)) sets.push(sql`${sql.raw(ident(c.column))} = ${c.value}`);
  if (change.deleted === true) sets.push(sql`deleted_at = ${at}::timestamptz`, sql`deleted_by = ${change.actorId}::uuid`);
  if (change.deleted === false) sets.push(sql`deleted_at = null`, sql`deleted_by = null`);
  await db.execute(sql`update ${tableOf(subject)} set ${sql.join(sets, sql`, `)} where id = ${id}::uuid`);
}

/** Replaces the links of many-relation `field` from record `sourceId` with `targetIds` (in order). */
export async function replaceLinks(db: Executor, field: FieldDef, sourceId: string, targetIds: readonly string[] | null): Promise<void> {
  await db.delete(recordLinks).where(and(eq(recordLinks.fieldId, field.id), eq(recordLinks.sourceId, sourceId)));
  if (targetIds && targetIds.length > 0) {
    await db.insert(recordLinks).values(targetIds.map((targetId, position) => ({ fieldId: field.id, sourceId, targetId, position })));
  }
}

/** Appends a version of a record. */
export async function insertVersion(
  db: Executor,
  v: Pick<RecordVersionRow, 'subjectId' | 'recordId' | 'version' | 'action' | 'actorId' | 'actorLabel' | 'at' | 'changes' | 'snapshot'> &
    Partial<Pick<RecordVersionRow, 'batchId'>>,
): Promise<void> {
  await db.insert(recordVersions).values(v);
}

/** A version row as contracts' RecordVersion. */
export function toRecordVersion(r: RecordVersionRow): RecordVersion {
  return {
    version: r.version,
    action: r.action,
    actorId: r.actorId,
    actorLabel: r.actorLabel,
    at: r.at.toISOString(),
    changes: (r.changes ?? {}) as RecordVersion['changes'],
    snapshot: (r.snapshot ?? {}) as RecordVersion['snapshot'],
  };
}

/** One page of a record's versions, newest first, and how many there are. */
export async function listVersions(db: Executor, recordId: string, limit: number, offset: number): Promise<{ rows: RecordVersionRow[]; total: number }> {
  const rows = await db
    .select()
    .from(recordVersions)
    .where(eq(recordVersions.recordId, recordId))
    .orderBy(desc(recordVersions.version))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(recordVersions).where(eq(recordVersions.recordId, recordId));
  return { rows, total: n };
}

/** The versions of a record after `version`, oldest first. */
export async function versionsAfter(db: Executor, recordId: string, version: number): Promise<RecordVersionRow[]> {
  return db
    .select()
    .from(recordVersions)
    .where(and(eq(recordVersions.recordId, recordId), gt(recordVersions.version, version)))
    .orderBy(asc(recordVersions.version));
}

/** One version of a record, or undefined. */
export async function findVersion(db: Executor, recordId: string, version: number): Promise<RecordVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(recordVersions)
    .where(and(eq(recordVersions.recordId, recordId), eq(recordVersions.version, version)))
    .limit(1);
  return row;
}

/** The subject a record belongs to, from its history (every record has a version 1); undefined when unknown. */
export async function subjectIdOfRecord(db: Executor, recordId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ subjectId: recordVersions.subjectId })
    .from(recordVersions)
    .where(eq(recordVersions.recordId, recordId))
    .limit(1);
  return row?.subjectId;
}
