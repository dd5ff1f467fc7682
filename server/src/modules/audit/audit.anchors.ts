/**
 * Anchoring the audit chain outside the database. Every ANCHOR_INTERVAL (15 minutes, the
 * scheduler's `anchor-audit-head`) and at shutdown the server appends the chain head to an
 * append-only file in its data folder, `DATA_DIR/audit-anchors.jsonl`, one JSON line per anchor:
 *
 *   {"seq":421,"hash":"<64 hex>","at":"2026-11-25T10:15:00.000Z","sig":"<base64>","keyId":"<16 hex>"}
 *
 * and logs the same line (the log is the second copy, off the machine when logs are shipped).
 * SQL cannot reach the file: someone who rewrites the chain in the database — triggers disabled,
 * every later hash recomputed, the head moved — leaves anchors that no longer match, and
 * verifyChain names the first one (reason `anchor`), or an anchor beyond the head when entries were
 * cut off (`truncated`).
 *
 * With a signing key (AUDIT_SIGNING_KEY or AUDIT_SIGNING_KEY_FILE, audit.signing.ts), each line
 * carries an Ed25519 signature (node:crypto) of `assay-audit-anchor:v1:<seq>:<hash>:<at>`; the key
 * pair is derived from the configured key (HKDF-SHA256), so every process given the same key signs
 * with the same pair and none ever makes one up. Anyone can check a line with the public key
 * (GET /audit/verify answers it; server/README.md "Audit anchoring" shows how); an edited line
 * fails its signature (`anchor_tampered`), as does a line that does not parse.
 *
 * What it protects against, per setup: server/README.md "Audit anchoring".
 */
import { createHash, createPrivateKey, createPublicKey, hkdfSync, sign, verify, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Executor } from '../../db/client';
import { entryAt, readHead } from './audit.repository';
import type { SigningKey } from './audit.signing';

/** The anchor file's name inside the data folder. */
export const ANCHOR_FILE_NAME = 'audit-anchors.jsonl';
/** Longest anchor file read by a verification (bytes): 64 MiB ≈ 400,000 anchors, a head every 15 minutes for 11 years. */
export const ANCHOR_FILE_MAX_BYTES = 64 * 1024 * 1024;

/** One anchor: the chain head (`seq`, `hash`) at `at` (ISO 8601), signed when a key is configured. */
export interface Anchor {
  seq: number;
  hash: string;
  at: string;
  /** Ed25519 signature (base64) of anchorMessage(seq, hash, at). */
  sig?: string;
  /** Names the public key that checks `sig` (first 16 hex characters of its SHA-256). */
  keyId?: string;
}

/** An anchor as read back, with its line number (1-based); `error` when the line does not parse. */
export type AnchorLine = { line: number; anchor: Anchor; error?: undefined } | { line: number; anchor?: undefined; error: string };

/** The Ed25519 pair that signs anchors, derived from the configured signing key. */
export interface AnchorKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key as SPKI PEM (what verify answers). */
  publicKeyPem: string;
  keyId: string;
}

/** PKCS #8 DER prefix of an Ed25519 private key (RFC 8410): followed by the 32-byte seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The anchor key pair of a signing key: seed = HKDF-SHA256(key, salt "assay-audit", info "anchor-ed25519", 32 bytes). */
export function anchorKeyOf(key: SigningKey): AnchorKey {
  const seed = Buffer.from(hkdfSync('sha256', key.key, 'assay-audit', 'anchor-ed25519', 32));
  const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey);
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const keyId = createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);
  return { privateKey, publicKey, publicKeyPem, keyId };
}

/** The bytes an anchor's signature covers. */
export function anchorMessage(seq: number, hash: string, at: string): Buffer {
  return Buffer.from(`assay-audit-anchor:v1:${seq}:${hash}:${at}`, 'utf8');
}

/** True when `anchor.sig` is `publicKey`'s signature of the anchor. */
export function checkAnchorSignature(publicKey: KeyObject | string, anchor: Anchor): boolean {
  if (!anchor.sig) return false;
  try {
    return verify(null, anchorMessage(anchor.seq, anchor.hash, anchor.at), publicKey, Buffer.from(anchor.sig, 'base64'));
  } catch {
    return false;
  }
}

/** An anchor line's fields, checked: seq a positive integer, hash 64 hex, at an ISO time, sig/keyId strings. */
function parseAnchor(text: string): Anchor {
  const value = JSON.parse(text) as Record<string, unknown>;
  const { seq, hash, at, sig, keyId } = value;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1) throw new Error('seq is not a positive integer');
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) throw new Error('hash is not 64 hex characters');
  if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) throw new Error('at is not a time');
  if (sig !== undefined && typeof sig !== 'string') throw new Error('sig is not a string');
  if (keyId !== undefined && typeof keyId !== 'string') throw new Error('keyId is not a string');
  return { seq, hash, at, ...(sig !== undefined ? { sig } : {}), ...(keyId !== undefined ? { keyId } : {}) };
}

/** The anchor file of a data folder and the key that signs its lines (null: unsigned anchors). */
export class AnchorFile {
  readonly file: string;
  readonly key: AnchorKey | null;

  constructor(dataDir: string, signingKey: SigningKey | null) {
    this.file = path.join(dataDir, ANCHOR_FILE_NAME);
    this.key = signingKey ? anchorKeyOf(signingKey) : null;
  }

  /** An anchor of (seq, hash) at `now`, signed when there is a key. */
  make(seq: number, hash: string, now: Date = new Date()): Anchor {
    const at = now.toISOString();
    if (!this.key) return { seq, hash, at };
    const sig = sign(null, anchorMessage(seq, hash, at), this.key.privateKey).toString('base64');
    return { seq, hash, at, sig, keyId: this.key.keyId };
  }

  /** Appends one line (O_APPEND: a line of under 4 KiB is written whole even with several writers) and fsyncs it. */
  append(anchor: Anchor): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const fd = fs.openSync(this.file, 'a', 0o600);
    try {
      fs.writeSync(fd, `${JSON.stringify(anchor)}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }

  /**
   * Every line of the file in order (none when it does not exist); empty lines skipped.
   * @throws Error when the file is larger than ANCHOR_FILE_MAX_BYTES.
   */
  read(): AnchorLine[] {
    let text: string;
    try {
      const size = fs.statSync(this.file).size;
      if (size > ANCHOR_FILE_MAX_BYTES) throw new Error(`${this.file} is larger than ${ANCHOR_FILE_MAX_BYTES} bytes: rotate it (server/README.md "Audit anchoring")`);
      text = fs.readFileSync(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const lines: AnchorLine[] = [];
    text.split('\n').forEach((raw, i) => {
      if (raw.trim() === '') return;
      try {
        lines.push({ line: i + 1, anchor: parseAnchor(raw) });
      } catch (err) {
        lines.push({ line: i + 1, error: (err as Error).message });
      }
    });
    return lines;
  }

  /** The last well-formed anchor of the file, or undefined. */
  last(): Anchor | undefined {
    const lines = this.read();
    for (let i = lines.length - 1; i >= 0; i--) {
      const { anchor } = lines[i];
      if (anchor) return anchor;
    }
    return undefined;
  }
}

/** What one anchoring run did. */
export interface AnchorRun {
  /** The anchor appended, or null when the chain is empty or its head was anchored already. */
  anchored: Anchor | null;
  /** Set when the file's last anchor no longer matches the database (the chain was rewritten or cut). */
  mismatch?: { seq: number; anchoredHash: string; databaseHash: string | null };
}

/**
 * Anchors the current head: first checks the file's last anchor against the database (the entry
 * at its seq still has its hash), then appends the head unless it is empty or already the last
 * anchor. Outside any transaction; reads two rows.
 */
export async function anchorHead(db: Executor, anchors: AnchorFile, now: Date = new Date()): Promise<AnchorRun> {
  const last = anchors.last();
  let mismatch: AnchorRun['mismatch'];
  if (last) {
    const entry = await entryAt(db, last.seq);
    if (!entry || entry.hash !== last.hash) mismatch = { seq: last.seq, anchoredHash: last.hash, databaseHash: entry?.hash ?? null };
  }
  const head = await readHead(db);
  if (head.seq === 0 || (last && last.seq === head.seq && last.hash === head.hash)) return { anchored: null, mismatch };
  const anchor = anchors.make(head.seq, head.hash, now);
  anchors.append(anchor);
  return { anchored: anchor, mismatch };
}

/**
 * Moves a data folder's anchor file aside after a restore (`npm run restore`): the restored chain
 * is the backup's, so the anchors of the heads it had since would report `truncated`. The file is
 * kept as `audit-anchors.before-restore-<stamp>.jsonl`.
 * @returns the new path, or null when there was no anchor file.
 */
export function setAnchorsAside(dataDir: string, stamp: string): string | null {
  const file = path.join(dataDir, ANCHOR_FILE_NAME);
  if (!fs.existsSync(file)) return null;
  const aside = path.join(dataDir, `audit-anchors.before-restore-${stamp}.jsonl`);
  fs.renameSync(file, aside);
  return aside;
}
