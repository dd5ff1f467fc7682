/**
 * The recycle bin: lists every soft-deleted object across types, restores
 * or purges one through the handler its module registered (core/recycle.registry.ts), and keeps the
 * retention setting that the scheduler's daily run applies (purgeExpired). Each restore, purge and
 * retention change writes one audit entry in its transaction (`recycle.restore`, `recycle.purge`,
 * `recycle.retention`); a retention run that purged something writes one `recycle.purge` entry
 * with its counts, as the actor `system`.
 */
import type { RecycleEntry, RecycleQuery, RecycleRetention } from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import type { RecycleBinRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { likePattern, offsetOf } from '../../lib/paging';
import { auditWriter, type AuditActor, type AuditWriter } from '../../core/audit.writer';
import {
  binEntriesBefore,
  listBin,
  lockBinEntry,
  readRetentionDays,
  writeRetentionDays,
} from './recycle.repository';
import { recyclableOf, removeFromRecycleBin, type Recyclable } from '../../core/recycle.registry';

/** The actor of the scheduler's retention runs. */
export const SYSTEM_ACTOR: AuditActor = { id: null, label: 'system', ip: null };

const DAY_MS = 24 * 60 * 60 * 1000;

/** A bin row as contracts' RecycleEntry. */
export function toRecycleEntry(row: RecycleBinRow): RecycleEntry {
  return {
    type: row.type,
    targetId: row.targetId,
    label: row.label,
    deletedAt: row.deletedAt.toISOString(),
    deletedBy: row.deletedBy,
    deletedByLabel: row.deletedByLabel,
    details: row.details ?? null,
  };
}

/** One page of the bin (contracts recycleQuerySchema: type, q on label or deleter, sort by deletedAt). */
export async function listRecycle(db: Executor, query: RecycleQuery): Promise<{ items: RecycleEntry[]; total: number }> {
  const { rows, total } = await listBin(
    db,
    { type: query.type, pattern: likePattern(query.q) },
    { ascending: query.sort === 'deletedAt:asc', limit: query.pageSize, offset: offsetOf(query) },
  );
  return { items: rows.map(toRecycleEntry), total };
}

function handlerOf(type: string): Recyclable {
  const handler = recyclableOf(type);
  if (!handler) throw notFound('errors.recycleTypeUnknown', [{ field: 'type', messageKey: 'errors.recycleTypeUnknown' }]);
  return handler;
}

async function binEntryOf(tx: Executor, type: string, id: string): Promise<RecycleBinRow> {
  const row = await lockBinEntry(tx, type, id);
  if (!row) throw notFound('errors.recycleEntryNotFound', [{ field: 'id', messageKey: 'errors.recycleEntryNotFound' }]);
  return row;
}

/**
 * Restores one object: its module's `restore` (clears deleted_at; its relations were kept), the
 * bin row removed, one `recycle.restore` entry — all in one transaction.
 * @returns the bin entry as it was.
 * @throws HttpError 404 unknown type (no handler) or not in the bin; 409 when the handler refuses
 *   (e.g. a live object took its unique name meanwhile): nothing changes then.
 */
export async function restoreFromBin(db: Database, type: string, id: string, audit: AuditWriter): Promise<RecycleEntry> {
  const handler = handlerOf(type);
  return db.transaction(async (tx) => {
    const row = await binEntryOf(tx, type, id);
    await handler.restore(tx, id);
    await removeFromRecycleBin(tx, type, id);
    const entry = toRecycleEntry(row);
    await audit.record(tx, { action: 'recycle.restore', targetType: type, targetId: id, before: entry, details: { label: row.label } });
    return entry;
  });
}

/**
 * Purges one object for good: its module's `purge` (hard delete; relations go by cascade), the bin
 * row removed, one `recycle.purge` entry — in one transaction.
 * @throws HttpError 404 unknown type or not in the bin.
 */
export async function purgeFromBin(db: Database, type: string, id: string, audit: AuditWriter): Promise<RecycleEntry> {
  const handler = handlerOf(type);
  return db.transaction(async (tx) => {
    const row = await binEntryOf(tx, type, id);
    await handler.purge(tx, id);
    await removeFromRecycleBin(tx, type, id);
    const entry = toRecycleEntry(row);
    await audit.record(tx, { action: 'recycle.purge', targetType: type, targetId: id, before: entry, details: { label: row.label } });
    return entry;
  });
}

/** The retention setting (0 = keep forever). */
export async function getRetention(db: Executor): Promise<RecycleRetention> {
  return { days: await readRetentionDays(db) };
}

/** Changes the retention; one `recycle.retention` entry with the days before and after. */
export async function setRetention(db: Database, input: RecycleRetention, audit: AuditWriter): Promise<RecycleRetention> {
  return db.transaction(async (tx) => {
    const before = await readRetentionDays(tx);
    if (before === input.days) {
      audit.unchanged();
      return { days: before };
    }
    await writeRetentionDays(tx, input.days, audit.actor.id);
    await audit.record(tx, { action: 'recycle.retention', targetType: 'setting', targetId: 'recycle.retentionDays', before: { days: before }, after: { days: input.days } });
    return { days: input.days };
  });
}

/** What one retention run did. */
export interface RetentionRun {
  retentionDays: number;
  /** Objects purged, in all and by type. */
  purged: number;
  byType: Record<string, number>;
  /** Entries left alone: no handler registered for their type, or the handler failed (logged in `errors`). */
  skipped: number;
  errors: { type: string; id: string; error: string }[];
}

/** Most objects one retention run purges (the rest wait for the next day's run). */
export const RETENTION_RUN_MAX = 5000;

/**
 * Purges what has been in the bin longer than the retention (nothing when it is 0), oldest first,
 * at most `max` objects, in one transaction with each object in its own savepoint (one failing
 * handler skips that object only), and writes ONE `recycle.purge` audit entry with the counts as
 * `actor` (default SYSTEM_ACTOR) when something was purged.
 */
export async function purgeExpired(
  db: Database,
  opts: { now?: Date; max?: number; actor?: AuditActor } = {},
): Promise<RetentionRun> {
  const now = opts.now ?? new Date();
  const retentionDays = await readRetentionDays(db);
  const run: RetentionRun = { retentionDays, purged: 0, byType: {}, skipped: 0, errors: [] };
  if (retentionDays === 0) return run;
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const rows = await binEntriesBefore(db, cutoff, opts.max ?? RETENTION_RUN_MAX);
  if (rows.length === 0) return run;
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const handler = recyclableOf(row.type);
      if (!handler) {
        run.skipped += 1;
        continue;
      }
      try {
        await tx.transaction(async (sp) => {
          await handler.purge(sp, row.targetId);
          await removeFromRecycleBin(sp, row.type, row.targetId);
        });
        run.purged += 1;
        run.byType[row.type] = (run.byType[row.type] ?? 0) + 1;
      } catch (err) {
        run.skipped += 1;
        run.errors.push({ type: row.type, id: row.targetId, error: err instanceof Error ? err.message : String(err) });
      }
    }
    if (run.purged > 0) {
      await auditWriter(opts.actor ?? SYSTEM_ACTOR).record(tx, {
        action: 'recycle.purge',
        targetType: 'recycle_bin',
        details: { reason: 'retention', retentionDays, cutoff: cutoff.toISOString(), purged: run.purged, byType: run.byType, skipped: run.skipped },
      });
    }
  });
  return run;
}
