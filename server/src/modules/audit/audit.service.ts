/**
 * The audit log (docs/product.md "API conventions"): every mutation writes one entry in its own
 * transaction; logins, logouts and failed logins are security events. Entries are chained one at a
 * time under a lock on the chain head (audit.repository.ts lockHead), each carrying the SHA-256 of
 * its canonical content and of the previous entry (audit.chain.ts); triggers make the table
 * append-only (migration 0002); verifyChain walks the chain and names the first broken entry.
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
import type { AuditEntry, AuditFilter as AuditFilterQuery, AuditQuery, AuditVerify } from '../../../../contracts';
import type { Executor } from '../../db/client';
import type { AuditLogRow } from '../../db/schema';
import { likePattern, offsetOf } from '../../lib/paging';
import { canonicalJson, entryHash, GENESIS_HASH, normalizeJson, type JsonValue } from './audit.chain';
import { appendEntry, entriesAfter, listEntries, listSignatures, lockHead, readHead, type AuditFilter } from './audit.repository';
import { checkAnchorSignature, type Anchor, type AnchorFile } from './audit.anchors';
import { checkHeadSignature, type SigningKey } from './audit.signing';

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

/** A stored row as contracts' AuditEntry. */
export function toAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    seq: row.seq,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorLabel: row.actorLabel,
    ip: row.ip,
    userAgent: row.userAgent ?? null,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    details: row.details ?? null,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}

/** The repository's filter of the contracts' audit filters (ISO times as Dates, `actor` as an ILIKE pattern). */
export function toAuditFilter(query: AuditFilterQuery): AuditFilter {
  return {
    actorId: query.actorId,
    actorPattern: likePattern(query.actor),
    action: query.action,
    targetType: query.targetType || undefined,
    targetId: query.targetId || undefined,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  };
}

/**
 * One page of entries, newest first (contracts auditQuerySchema: actor id or text, action exact or
 * prefix, target type and id, time range, cursor).
 */
export async function listAudit(db: Executor, query: AuditQuery): Promise<{ items: AuditEntry[]; total: number }> {
  const { rows, total } = await listEntries(
    db,
    { ...toAuditFilter(query), beforeSeq: query.cursor },
    query.pageSize,
    query.cursor !== undefined ? 0 : offsetOf(query),
  );
  return { items: rows.map(toAuditEntry), total };
}

/** Entries read per query while verifying. */
const VERIFY_BATCH = 1000;

type Break = NonNullable<AuditVerify['firstBroken']>;

/** The earlier of two breaks (by seq; at the same seq the one found first). */
const earlier = (a: Break | undefined, b: Break | undefined): Break | undefined => (!a ? b : !b ? a : b.seq < a.seq ? b : a);

/**
 * Walks the whole chain in seq order and checks, for every entry: no seq is missing, its hash
 * matches its content, its prevHash is the previous entry's hash; then that the head names the last
 * entry; then every signed head: the entry at that seq has that hash and, when `key` is the key
 * that signed it, the HMAC is right; then, given the anchor file (audit.anchors.ts), every anchor:
 * its line parses and, when signed by the current key, its Ed25519 signature holds; the entry at
 * its seq has its hash; none lies beyond the last entry. The first break by seq is reported.
 * Time: one pass, VERIFY_BATCH entries per query (~1 s per 100k entries on PostgreSQL), plus the
 * anchor file read whole (at most ANCHOR_FILE_MAX_BYTES).
 * @returns `{ intact: true, entries: N, signedHeads[, anchors] }` or `intact: false` with
 *   `firstBroken` (`entries` is then the number of entries verified before a structural break).
 * @throws Error when the anchor file is too large to read.
 */
export async function verifyChain(db: Executor, key: SigningKey | null = null, anchorFile: AnchorFile | null = null): Promise<AuditVerify> {
  const signatures = await listSignatures(db);
  let sigIndex = 0;
  let signedHeads = 0;
  let pending: Break | undefined;
  let prevHash = GENESIS_HASH;
  let lastSeq = 0;
  let lastId: string | null = null;
  let entries = 0;

  // anchors: tampered lines are breaks of their own; the rest are compared during the walk
  const anchorKey = anchorFile?.key ?? null;
  const lines = anchorFile ? anchorFile.read() : [];
  let signaturesChecked = 0;
  const anchors: { line: number; anchor: Anchor }[] = [];
  for (const l of lines) {
    if (!l.anchor) {
      pending = earlier(pending, { id: null, seq: 0, reason: 'anchor_tampered', line: l.line });
      continue;
    }
    if (anchorKey && l.anchor.sig && l.anchor.keyId === anchorKey.keyId) {
      signaturesChecked += 1;
      if (!checkAnchorSignature(anchorKey.publicKey, l.anchor)) {
        pending = earlier(pending, { id: null, seq: l.anchor.seq, reason: 'anchor_tampered', line: l.line });
        continue;
      }
    }
    anchors.push({ line: l.line, anchor: l.anchor });
  }
  anchors.sort((a, b) => a.anchor.seq - b.anchor.seq || a.line - b.line);
  let anchorIndex = 0;
  let intactUpTo = 0;
  const summary = (): Pick<AuditVerify, 'anchors'> =>
    anchorFile
      ? { anchors: { file: anchorFile.file, checked: lines.length, signaturesChecked, publicKey: anchorKey?.publicKeyPem ?? null, keyId: anchorKey?.keyId ?? null } }
      : {};
  const result = (firstBroken: Break | undefined): AuditVerify =>
    firstBroken ? { intact: false, entries, signedHeads, firstBroken, ...summary() } : { intact: true, entries, signedHeads, ...summary() };
  const broken = (found: Break): AuditVerify => result(earlier(pending, found));

  for (;;) {
    const rows = await entriesAfter(db, lastSeq, VERIFY_BATCH);
    for (const row of rows) {
      if (row.seq !== lastSeq + 1) return broken({ id: null, seq: lastSeq + 1, reason: 'sequence' });
      if (entryHash(row) !== row.hash) return broken({ id: row.id, seq: row.seq, reason: 'hash' });
      if (row.prevHash !== prevHash) return broken({ id: row.id, seq: row.seq, reason: 'link' });
      while (sigIndex < signatures.length && signatures[sigIndex].seq <= row.seq) {
        const sig = signatures[sigIndex++];
        signedHeads += 1;
        const matches =
          sig.seq === row.seq &&
          sig.hash === row.hash &&
          (!key || key.keyId !== sig.keyId || checkHeadSignature(key, sig.seq, sig.hash, sig.signature));
        if (!matches) pending = earlier(pending, { id: sig.seq === row.seq ? row.id : null, seq: sig.seq, reason: 'signature' });
      }
      while (anchorIndex < anchors.length && anchors[anchorIndex].anchor.seq <= row.seq) {
        const { anchor, line } = anchors[anchorIndex++];
        if (anchor.hash === row.hash) intactUpTo = Math.max(intactUpTo, anchor.seq);
        else pending = earlier(pending, { id: row.id, seq: row.seq, reason: 'anchor', intactUpTo, line });
      }
      prevHash = row.hash;
      lastSeq = row.seq;
      lastId = row.id;
      entries += 1;
    }
    if (rows.length < VERIFY_BATCH) break;
  }
  const head = await readHead(db);
  if (head.seq > lastSeq) return broken({ id: null, seq: lastSeq + 1, reason: 'head' });
  if (head.seq < lastSeq || head.hash !== prevHash) return broken({ id: lastId, seq: lastSeq, reason: 'head' });
  if (sigIndex < signatures.length) {
    // a signature of a head beyond the chain: entries were removed since it was signed
    signedHeads += signatures.length - sigIndex;
    pending = earlier(pending, { id: null, seq: signatures[sigIndex].seq, reason: 'signature' });
  }
  if (anchorIndex < anchors.length) {
    // an anchor beyond the last entry: entries were cut off (and the head moved back) since
    pending = earlier(pending, { id: null, seq: lastSeq + 1, reason: 'truncated', intactUpTo, line: anchors[anchorIndex].line });
  }
  return result(pending);
}
