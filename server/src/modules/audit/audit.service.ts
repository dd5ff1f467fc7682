/**
 * The audit log's reading side (docs/product.md "API conventions"): listing, filtering and
 * verifying the chain. Entries are written by core/audit.writer.ts (every module records through
 * it); verifyChain walks the chain and names the first broken entry.
 */
import type { AuditEntry, AuditFilter as AuditFilterQuery, AuditQuery, AuditVerify } from '../../../../contracts';
import type { Executor } from '../../db/client';
import type { AuditLogRow } from '../../db/schema';
import { likePattern, offsetOf } from '../../lib/paging';
import { entryHash, GENESIS_HASH } from '../../core/audit.chain';
import { entriesAfter, latestEntries, listEntries, listSignatures, readHead, type AuditFilter } from './audit.repository';
import { checkAnchorSignature, type Anchor, type AnchorFile } from './audit.anchors';
import { checkHeadSignature, type SigningKey } from './audit.signing';

/** The chain head (seq and hash of the last entry), unlocked: backups record it (ops/backup-lib.ts). */
export { readHead } from './audit.repository';

/** The `limit` newest entries, newest first (the console dashboard). */
export async function latestAuditEntries(db: Executor, limit: number): Promise<AuditLogRow[]> {
  return latestEntries(db, limit);
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
