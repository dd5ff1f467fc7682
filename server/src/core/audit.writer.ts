/**
 * Recording audit entries (docs/product.md "API conventions"): every mutation writes one entry in
 * its own transaction. Entries are chained one at a time under a lock on the chain head (lockHead
 * below), each carrying the SHA-256 of its canonical content and of the previous entry
 * (audit.chain.ts); triggers make the table append-only (migration 0002). Reading, exporting and
 * verifying the log is the audit module's (modules/audit/audit.service.ts).
 *
 * How a module writes its entry — inside the transaction of the change, as its last statement
 * (the head lock is then held only until the commit that follows):
 *
 *   await db.transaction(async (tx) => {
 *     const row = await insertThing(tx, …);
 *     await audit.record(tx, { action: 'thing.create', targetType: 'thing', targetId: row.id, after: row });
 *   });
 *
 * `audit` is the request's writer (`auditOf(request)`, audit.plugin.ts) or, outside a request, one
 * from `auditWriter(actor)` (the shell's: SHELL_ACTOR). A bulk change is one entry with counts and
 * its batch id in `details`.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { auditHead, auditLog, type AuditLogRow } from '../db/schema';
import { canonicalJson, entryHash, normalizeJson, type JsonValue } from './audit.chain';

/**
 * Locks the chain head (the one `audit_head` row) until the transaction ends and returns it.
 * Every append takes this lock first, so entries are chained one at a time.
 * @throws Error when the row is missing (the migrations were not applied).
 */
async function lockHead(tx: Executor): Promise<{ seq: number; hash: string }> {
  const [row] = await tx.select({ seq: auditHead.seq, hash: auditHead.hash }).from(auditHead).where(eq(auditHead.id, 1)).for('update');
  if (!row) throw new Error('audit_head has no row: the database is not migrated');
  return row;
}

/** Inserts an entry and moves the head to it (the caller holds the head lock). */
async function appendEntry(tx: Executor, entry: typeof auditLog.$inferInsert & { seq: number; hash: string }): Promise<void> {
  await tx.insert(auditLog).values(entry);
  await tx.update(auditHead).set({ seq: entry.seq, hash: entry.hash }).where(eq(auditHead.id, 1));
}

/** Who acted: a user (id + e-mail), or a label such as `shell` or `setup` with a null id. */
export interface AuditActor {
  id: string | null;
  label: string;
  ip: string | null;
  /** The request's User-Agent (cut to 512 characters); absent for the shell and the scheduler. */
  userAgent?: string | null;
}

/** What happened. `before`/`after` are the object around the change; secrets are dropped (audit.chain.ts). */
export interface AuditInput {
  /** `<resource>.<verb>` (contracts AUDIT_ACTIONS). */
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  /** Counts, batch id, reasons. */
  details?: Record<string, unknown>;
}

/** Writes entries for one actor; `record` must run inside the transaction of the change. */
export interface AuditWriter {
  readonly actor: AuditActor;
  /**
   * Appends the entry in `tx`'s transaction (given the database itself, in a transaction of its
   * own: for events recorded while the request fails, such as a failed login).
   */
  record(tx: Executor, input: AuditInput): Promise<AuditLogRow>;
  /** The same writer (same counting) acting as someone else, e.g. the user who just signed in. */
  as(actor: Partial<AuditActor>): AuditWriter;
  /**
   * Declares that the change asked for changes nothing (a PATCH with the values the object has):
   * the service writes nothing — no row, no entry — and answers the object as it is; the request
   * is then allowed to write no entry and its answer says `unchanged: true` (audit.plugin.ts).
   */
  unchanged(): void;
}

/** The actor of `npm run admin` and the other shell commands. */
export const SHELL_ACTOR: AuditActor = { id: null, label: 'shell', ip: null };

/** Details naming the operating-system account and host a shell command ran as. */
export function shellDetails(): Record<string, string> {
  let osUser = 'unknown';
  try {
    osUser = os.userInfo().username;
  } catch {
    // no passwd entry (containers): keep 'unknown'
  }
  return { osUser, host: os.hostname() };
}

function inTransaction(db: Executor): boolean {
  return typeof (db as { rollback?: unknown }).rollback === 'function';
}

function jsonOrNull(value: unknown): JsonValue | null {
  if (value === undefined || value === null) return null;
  return normalizeJson(value);
}

/**
 * Appends one entry: locks the head, chains the entry to it, moves the head. Inside `tx`'s
 * transaction when it is one (the usual case: the entry commits or rolls back with the change);
 * given the database itself, it opens its own transaction (failed logins, whose request fails).
 * @returns the stored row.
 */
export async function appendAudit(db: Executor, actor: AuditActor, input: AuditInput, now: Date = new Date()): Promise<AuditLogRow> {
  if (!inTransaction(db)) return db.transaction((tx) => appendAudit(tx, actor, input, now));
  const head = await lockHead(db);
  const fields = {
    id: randomUUID(),
    seq: head.seq + 1,
    at: new Date(now.getTime()),
    actorId: actor.id,
    actorLabel: actor.label,
    ip: actor.ip,
    userAgent: actor.userAgent ? actor.userAgent.slice(0, 512) : null,
    action: input.action,
    targetType: input.targetType ?? null,
    targetId: input.targetId ?? null,
    before: jsonOrNull(input.before),
    after: jsonOrNull(input.after),
    details: jsonOrNull(input.details),
    prevHash: head.hash,
  };
  const row: AuditLogRow = { ...fields, hash: entryHash(fields) };
  await appendEntry(db, row);
  return row;
}

/**
 * A writer for `actor`; `onRecord` is told each action written (the request counts its entries),
 * `onUnchanged` that the change was a no-op (the request marks itself unchanged).
 */
export function auditWriter(actor: AuditActor, onRecord?: (action: string) => void, onUnchanged?: () => void): AuditWriter {
  return {
    actor,
    async record(tx, input) {
      const row = await appendAudit(tx, actor, input);
      onRecord?.(input.action);
      return row;
    },
    as(other) {
      return auditWriter({ ...actor, ...other }, onRecord, onUnchanged);
    },
    unchanged() {
      onUnchanged?.();
    },
  };
}

/**
 * The keys of `wanted` (undefined values ignored) whose value differs from `current`'s, compared
 * as the JSON the database keeps (audit.chain.ts normalizeJson + canonicalJson: key order of
 * objects does not matter, Dates compare by instant). An empty list = the change is a no-op.
 */
export function changedKeys<W extends object>(current: object, wanted: W): (keyof W & string)[] {
  const same = (a: unknown, b: unknown) => canonicalJson(normalizeJson(a ?? null)) === canonicalJson(normalizeJson(b ?? null));
  const now = current as Record<string, unknown>;
  const next = wanted as Record<string, unknown>;
  return (Object.keys(wanted) as (keyof W & string)[]).filter((k) => next[k] !== undefined && !same(now[k], next[k]));
}

/** True when two id lists hold the same ids (order and duplicates ignored): a set-replacing PUT that changes nothing. */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  const x = [...new Set(a)].sort();
  const y = [...new Set(b)].sort();
  return x.length === y.length && x.every((id, i) => id === y[i]);
}

/** `wanted` cut down to `keys` (the changed ones of changedKeys). */
export function pick<W extends object>(wanted: W, keys: readonly (keyof W)[]): Partial<W> {
  const out: Partial<W> = {};
  for (const k of keys) out[k] = wanted[k];
  return out;
}
