/**
 * SQL of the audit log (STYLE.md: "SQL lives in the repository").
 */
import { and, asc, count, desc, eq, gt, ilike, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditHead, auditLog, auditSignatures, type AuditLogRow } from '../../db/schema';

export type NewAuditEntry = typeof auditLog.$inferInsert;
export type AuditSignatureRow = typeof auditSignatures.$inferSelect;

/**
 * Locks the chain head (the one `audit_head` row) until the transaction ends and returns it.
 * Every append takes this lock first, so entries are chained one at a time.
 * @throws Error when the row is missing (the migrations were not applied).
 */
export async function lockHead(tx: Executor): Promise<{ seq: number; hash: string }> {
  const [row] = await tx.select({ seq: auditHead.seq, hash: auditHead.hash }).from(auditHead).where(eq(auditHead.id, 1)).for('update');
  if (!row) throw new Error('audit_head has no row: the database is not migrated');
  return row;
}

/** The chain head without locking it. */
export async function readHead(db: Executor): Promise<{ seq: number; hash: string }> {
  const [row] = await db.select({ seq: auditHead.seq, hash: auditHead.hash }).from(auditHead).where(eq(auditHead.id, 1));
  if (!row) throw new Error('audit_head has no row: the database is not migrated');
  return row;
}

/** Inserts an entry and moves the head to it (the caller holds the head lock). */
export async function appendEntry(tx: Executor, entry: NewAuditEntry & { seq: number; hash: string }): Promise<void> {
  await tx.insert(auditLog).values(entry);
  await tx.update(auditHead).set({ seq: entry.seq, hash: entry.hash }).where(eq(auditHead.id, 1));
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

/** Filters of the list: actor id (exact), actor label (ILIKE pattern), action (exact or `action.%`). */
export interface AuditFilter {
  actorId?: string;
  actorPattern?: string;
  action?: string;
  /** Only entries with seq below this (keyset paging). */
  beforeSeq?: number;
}

function whereOf(f: AuditFilter): SQL | undefined {
  return and(
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.actorPattern ? ilike(auditLog.actorLabel, f.actorPattern) : undefined,
    f.action ? or(eq(auditLog.action, f.action), like(auditLog.action, `${f.action}.%`)) : undefined,
    f.beforeSeq !== undefined ? lt(auditLog.seq, f.beforeSeq) : undefined,
  );
}

/** One page of entries, newest first, and the number matching the filter (without the cursor). */
export async function listEntries(
  db: Executor,
  filter: AuditFilter,
  limit: number,
  offset: number,
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const rows = await db.select().from(auditLog).where(whereOf(filter)).orderBy(desc(auditLog.seq)).limit(limit).offset(offset);
  const unfiltered = !filter.actorId && !filter.actorPattern && !filter.action;
  // Without filters the head's seq is the exact count (the chain has no gaps): no scan.
  const total = unfiltered
    ? (await readHead(db)).seq
    : (await db.select({ n: count() }).from(auditLog).where(whereOf({ ...filter, beforeSeq: undefined })))[0].n;
  return { rows, total };
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
