/**
 * SQL of the audit log (docs/code-style.md "Server in layers": SQL lives in the repository).
 */
import { and, asc, count, desc, eq, gt, gte, ilike, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditHead, auditLog, auditSignatures, type AuditLogRow } from '../../db/schema';

export type AuditSignatureRow = typeof auditSignatures.$inferSelect;

/** The chain head without locking it. */
export async function readHead(db: Executor): Promise<{ seq: number; hash: string }> {
  const [row] = await db.select({ seq: auditHead.seq, hash: auditHead.hash }).from(auditHead).where(eq(auditHead.id, 1));
  if (!row) throw new Error('audit_head has no row: the database is not migrated');
  return row;
}

/** Up to `limit` entries with seq > `afterSeq`, in chain order (verification walks the log in batches). */
export async function entriesAfter(db: Executor, afterSeq: number, limit: number): Promise<AuditLogRow[]> {
  return db.select().from(auditLog).where(gt(auditLog.seq, afterSeq)).orderBy(asc(auditLog.seq)).limit(limit);
}

/** The entry at `seq`, or undefined. */
export async function entryAt(db: Executor, seq: number): Promise<AuditLogRow | undefined> {
  const [row] = await db.select().from(auditLog).where(eq(auditLog.seq, seq)).limit(1);
  return row;
}

/**
 * Filters of the list and the export: actor id (exact), actor label (ILIKE pattern), action (exact
 * or `action.%`), target type and id (exact), time range (`from` inclusive, `to` exclusive).
 */
export interface AuditFilter {
  actorId?: string;
  actorPattern?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
  /** Only entries with seq below this (keyset paging). */
  beforeSeq?: number;
}

function whereOf(f: AuditFilter): SQL | undefined {
  return and(
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.actorPattern ? ilike(auditLog.actorLabel, f.actorPattern) : undefined,
    f.action ? or(eq(auditLog.action, f.action), like(auditLog.action, `${f.action}.%`)) : undefined,
    f.targetType ? eq(auditLog.targetType, f.targetType) : undefined,
    f.targetId ? eq(auditLog.targetId, f.targetId) : undefined,
    f.from ? gte(auditLog.at, f.from) : undefined,
    f.to ? lt(auditLog.at, f.to) : undefined,
    f.beforeSeq !== undefined ? lt(auditLog.seq, f.beforeSeq) : undefined,
  );
}

function isUnfiltered(f: AuditFilter): boolean {
  return !f.actorId && !f.actorPattern && !f.action && !f.targetType && !f.targetId && !f.from && !f.to;
}

/** The number of entries matching `filter` (the cursor ignored); without filters the head's seq (no scan). */
export async function countMatching(db: Executor, filter: AuditFilter): Promise<number> {
  // The chain has no gaps: the head's seq is the exact count.
  if (isUnfiltered(filter)) return (await readHead(db)).seq;
  const [row] = await db.select({ n: count() }).from(auditLog).where(whereOf({ ...filter, beforeSeq: undefined }));
  return row.n;
}

/** One page of entries, newest first, and the number matching the filter (without the cursor). */
export async function listEntries(
  db: Executor,
  filter: AuditFilter,
  limit: number,
  offset: number,
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const rows = await db.select().from(auditLog).where(whereOf(filter)).orderBy(desc(auditLog.seq)).limit(limit).offset(offset);
  return { rows, total: await countMatching(db, filter) };
}

/**
 * The entries matching `filter`, newest first, `batch` rows per query (keyset on seq), at most
 * `max` in all: the export reads the filtered set this way without holding it in memory.
 */
export async function* matchingBatches(db: Executor, filter: AuditFilter, max: number, batch = 2000): AsyncGenerator<AuditLogRow[]> {
  let beforeSeq = filter.beforeSeq;
  let left = max;
  while (left > 0) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(whereOf({ ...filter, beforeSeq }))
      .orderBy(desc(auditLog.seq))
      .limit(Math.min(batch, left));
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    beforeSeq = rows[rows.length - 1].seq;
    if (rows.length < Math.min(batch, left + rows.length)) return;
  }
}

/** The newest `limit` entries (the console dashboard). */
export async function latestEntries(db: Executor, limit: number): Promise<AuditLogRow[]> {
  return db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(limit);
}

/** Every signed head, oldest first. */
export async function listSignatures(db: Executor): Promise<AuditSignatureRow[]> {
  return db.select().from(auditSignatures).orderBy(asc(auditSignatures.seq));
}

/** The newest signed head, or undefined. */
export async function latestSignature(db: Executor): Promise<AuditSignatureRow | undefined> {
  const [row] = await db.select().from(auditSignatures).orderBy(desc(auditSignatures.seq)).limit(1);
  return row;
}

/** Stores a signed head; a head already signed (another API process got there first) is left alone. */
export async function insertSignature(
  db: Executor,
  row: { seq: number; hash: string; signature: string; keyId: string; signedAt: Date },
): Promise<boolean> {
  const inserted = await db.insert(auditSignatures).values(row).onConflictDoNothing().returning({ seq: auditSignatures.seq });
  return inserted.length > 0;
}

/** Number of entries (count(*), for tests and the backup report). */
export async function countEntries(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  return row.n;
}
