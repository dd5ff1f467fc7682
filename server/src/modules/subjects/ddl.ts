/**
 * Data definition of subjects' tables (a subject is a real table with typed columns and
 * indexes, DDL run in a transaction when the schema changes). Every function takes the caller's
 * transaction, so a failed schema change leaves no half-made table, column or index behind.
 *
 * Names are generated, never typed by users: table `rec_<32 hex>` (subject id), column
 * `f_<32 hex>` (field id), indexes `i_`/`t_`/`g_`/`u_<32 hex>` (sort, trigram, GIN, unique) and
 * auto-number sequence `s_<32 hex>`; all within PostgreSQL's 63-byte identifier limit.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FieldOptions, FieldType } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { storageOf } from './field-types';

const hex = (uuid: string) => uuid.replace(/-/g, '').toLowerCase();

/** The table of the subject `subjectId`. */
export const tableNameOf = (subjectId: string) => `rec_${hex(subjectId)}`;
/** The column of the field `fieldId`. */
export const columnNameOf = (fieldId: string) => `f_${hex(fieldId)}`;
/** The auto-number sequence of the field `fieldId`. */
export const sequenceNameOf = (fieldId: string) => `s_${hex(fieldId)}`;

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;
/** `name` double-quoted for SQL; throws for anything but a generated lower-case identifier. */
export function ident(name: string): string {
  if (!IDENT.test(name)) throw new Error(`not a generated identifier: ${name}`);
  return `"${name}"`;
}

/** `alias.column` as SQL (both generated identifiers, quoted by ident). */
export const columnOf = (alias: string, column: string): SQL => sql.raw(`${ident(alias)}.${ident(column)}`);

const run = (tx: Executor, statement: string) => tx.execute(sql.raw(statement));

/**
 * Creates the subject's table with the record's own columns: `id`, `version` (from 1, one more per
 * change), `created_at/by`, `updated_at/by`, and `deleted_at/by` (a deleted record waits in the
 * recycle bin), and `import_batch_id` (the import batch that inserted the row: staged, and hidden
 * by live-rows.ts, while that batch runs). Indexes: `(created_at, id)` and `(updated_at, id)` of
 * records not deleted. A statement-level trigger notifies channel `assay_rows` with the table's
 * name when rows change (migration 0024).
 */
export async function createSubjectTable(tx: Executor, tableName: string): Promise<void> {
  const t = ident(tableName);
  await run(
    tx,
    `create table ${t} (
      id uuid primary key default gen_random_uuid(),
      version integer not null default 1,
      created_at timestamptz not null default now(),
      created_by uuid,
      updated_at timestamptz not null default now(),
      updated_by uuid,
      deleted_at timestamptz,
      deleted_by uuid,
      import_batch_id uuid
    )`,
  );
  await run(tx, `create index ${ident(`${tableName}_c`)} on ${t} (created_at, id) where deleted_at is null`);
  await run(tx, `create index ${ident(`${tableName}_u`)} on ${t} (updated_at, id) where deleted_at is null`);
  // a writing statement notifies channel assay_rows once, at commit (migration 0024): cached
  // analytics results that read the table go stale (lib/result-cache.ts)
  await run(tx, `create trigger ${ident(`${tableName}_rows`)} after insert or update or delete on ${t} for each statement execute function assay_notify_rows()`);
}

/** Drops the subject's table (purge from the recycle bin). Its sequences go with their fields. */
export async function dropSubjectTable(tx: Executor, tableName: string): Promise<void> {
  await run(tx, `drop table if exists ${ident(tableName)}`);
}

export interface FieldColumn {
  id: string;
  type: FieldType;
  options: FieldOptions;
  unique: boolean;
}

/**
 * Adds the field's column and its indexes (none for a field without a column, e.g. system types
 * and many-relations); an auto number also gets its sequence.
 * @returns the column name, or null when the field has no column.
 */
export async function addFieldColumn(tx: Executor, tableName: string, field: FieldColumn): Promise<string | null> {
  const storage = storageOf(field.type, field.options);
  if (field.type === 'autoNumber') await run(tx, `create sequence if not exists ${ident(sequenceNameOf(field.id))}`);
  if (!storage.sqlType) return null;
  const column = columnNameOf(field.id);
  await run(tx, `alter table ${ident(tableName)} add column ${ident(column)} ${storage.sqlType}`);
  await createFieldIndexes(tx, tableName, field);
  return column;
}

/**
 * The statistics target of a searchable column (PostgreSQL's default is 100). The planner judges how
 * many rows a quick search `ilike '%term%'` matches from the column's histogram, so 100 sampled
 * values often see a three-letter term none or once: on 1,000,000 records "1f2" (15,139 matches) was
 * estimated at 300, the planner chose the trigram bitmap and sorted all matches (118 ms) instead of
 * walking the sort order's index until 50 matched (11 ms). With 1,000 the estimates came within
 * 35 % and every benchmark term got the fast plan (bench/records.mjs); ANALYZE then samples
 * 300,000 rows instead of 30,000 (4.6 s for that table).
 */
export const SEARCH_STATISTICS_TARGET = 1000;

/**
 * (Re)creates the indexes of a field's column for its type: sort, search, array and unique; a
 * searchable column also gets SEARCH_STATISTICS_TARGET, any other the default.
 */
export async function createFieldIndexes(tx: Executor, tableName: string, field: FieldColumn): Promise<void> {
  const storage = storageOf(field.type, field.options);
  if (!storage.sqlType) return;
  const t = ident(tableName);
  const c = ident(columnNameOf(field.id));
  const h = hex(field.id);
  if (storage.index === 'btree') await run(tx, `create index ${ident(`i_${h}`)} on ${t} (${c}, id) where deleted_at is null`);
  if (storage.index === 'gin') await run(tx, `create index ${ident(`g_${h}`)} on ${t} using gin (${c}) where deleted_at is null`);
  if (storage.searchable) await run(tx, `create index ${ident(`t_${h}`)} on ${t} using gin (${c} gin_trgm_ops) where deleted_at is null`);
  await run(tx, `alter table ${t} alter column ${c} set statistics ${storage.searchable ? SEARCH_STATISTICS_TARGET : -1}`);
  if (field.unique) await run(tx, `create unique index ${ident(`u_${h}`)} on ${t} (${c}) where deleted_at is null`);
}

/** Drops every index of a field's column (before a type change; the column's own drop takes them too). */
export async function dropFieldIndexes(tx: Executor, fieldId: string): Promise<void> {
  const h = hex(fieldId);
  for (const p of ['i', 'g', 't', 'u']) await run(tx, `drop index if exists ${ident(`${p}_${h}`)}`);
}

/** Adds or drops the unique index alone (the `unique` switch of a field). */
export async function setFieldUnique(tx: Executor, tableName: string, fieldId: string, unique: boolean): Promise<void> {
  const name = ident(`u_${hex(fieldId)}`);
  if (unique) await run(tx, `create unique index ${name} on ${ident(tableName)} (${ident(columnNameOf(fieldId))}) where deleted_at is null`);
  else await run(tx, `drop index if exists ${name}`);
}

/** Drops the field's column (and so its indexes) and its auto-number sequence (purge). */
export async function dropFieldColumn(tx: Executor, tableName: string, fieldId: string): Promise<void> {
  await run(tx, `alter table ${ident(tableName)} drop column if exists ${ident(columnNameOf(fieldId))}`);
  await run(tx, `drop sequence if exists ${ident(sequenceNameOf(fieldId))}`);
}
