/**
 * Which rows of a subject's table a read shows: the live records. A row is live when it is not in
 * the recycle bin (`deleted_at is null`) and not staged by an import that is still running.
 *
 * Import staging (rows are staged in chunks and the batch goes live in one short transaction,
 * so an import never blocks other users for more than a moment; modules/imports/README.md): a run
 * inserts its rows chunk by chunk with `import_batch_id` = the batch, already in every index; while
 * the batch's status is `running` no read shows them; making the batch live is the status update
 * alone (migration 0009). The running batches of a subject travel with its definition
 * (`SubjectDef.pendingImports`, read cache dropped when a batch enters or leaves `running`), so the
 * predicate is exactly `deleted_at is null` — the partial indexes' own — whenever no import runs.
 *
 * Writes and schema work (unique checks, type changes, field data) see staged rows on purpose:
 * they are in the unique indexes and must be converted with the rest.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ident } from './ddl';
import { isUuid } from '../../lib/uuid';

/** What the predicate needs of a subject: the ids of its import batches now `running`. */
export interface PendingImports {
  pendingImports: readonly string[];
}

/**
 * The live-rows predicate as SQL text, for the callers that assemble raw SQL (joins of relation
 * targets). `alias` is a table alias or name (quoted here); batch ids are checked to be uuids.
 * @throws Error when a pending id is not a uuid (never from the database).
 */
export function liveRowsText(subject: PendingImports, alias?: string): string {
  const p = alias ? `${ident(alias)}.` : '';
  const live = `${p}deleted_at is null`;
  if (subject.pendingImports.length === 0) return live;
  for (const id of subject.pendingImports) if (!isUuid(id)) throw new Error(`not a uuid: ${id}`);
  return `(${live} and (${p}import_batch_id is null or ${p}import_batch_id <> all('{${subject.pendingImports.join(',')}}'::uuid[])))`;
}

/** The live-rows predicate of `subject`'s table under `alias` (module comment). */
export function liveRows(subject: PendingImports, alias?: string): SQL {
  return sql.raw(liveRowsText(subject, alias));
}

/**
 * The live-rows predicate as SQL text for a caller that knows only the table (record counts of
 * many subjects): the running batches are looked up in the statement itself.
 */
export function liveRowsOfTableText(alias?: string): string {
  const p = alias ? `${ident(alias)}.` : '';
  return `${p}deleted_at is null and (${p}import_batch_id is null or ${p}import_batch_id not in (select id from import_batches where status = 'running'))`;
}

/** liveRowsOfTableText as SQL. */
export function liveRowsOfTable(alias?: string): SQL {
  return sql.raw(liveRowsOfTableText(alias));
}
