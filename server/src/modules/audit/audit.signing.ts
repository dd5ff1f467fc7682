/**
 * Signing the chain head: every 15 minutes the scheduler stores HMAC-SHA256(key,
 * `${seq}:${hash}`) of the current head in `audit_signatures` and logs it. The key lives outside
 * the database (env AUDIT_SIGNING_KEY, or a file named by AUDIT_SIGNING_KEY_FILE outside the data
 * folder), so someone who rewrites the whole chain in SQL, recomputing every hash, still cannot
 * produce the signatures of the heads that were signed. How an operator keeps the key and the
 * signed heads off the machine: server/README.md "Audit log".
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Executor } from '../../db/client';
import { insertSignature, latestSignature, readHead } from './audit.repository';

/** Shortest accepted key, in characters (≥ 256 bits of a random hex or base64 string). */
export const MIN_KEY_LENGTH = 32;

export interface SigningKey {
  key: Buffer;
  /** First 16 hex characters of the key's SHA-256: names the key without revealing it. */
  keyId: string;
  /** Where it came from, for the start-up log. */
  source: 'AUDIT_SIGNING_KEY' | 'AUDIT_SIGNING_KEY_FILE';
}

/** A key from its text (trimmed): the UTF-8 bytes of the text. @throws Error when shorter than MIN_KEY_LENGTH. */
export function signingKeyFromText(text: string, source: SigningKey['source']): SigningKey {
  const trimmed = text.trim();
  if (trimmed.length < MIN_KEY_LENGTH) {
    throw new Error(`${source}: the audit signing key must be at least ${MIN_KEY_LENGTH} characters (e.g. openssl rand -hex 32)`);
  }
  const key = Buffer.from(trimmed, 'utf8');
  return { key, keyId: createHash('sha256').update(key).digest('hex').slice(0, 16), source };
}

/**
 * The signing key of the configuration, or null when neither variable is set (signing is off).
 * @param dataDir the data folder: a key file inside it is refused (a copy of the folder must not
 *   carry the key that vouches for it).
 * @throws Error for an unreadable or too short key, or a key file inside the data folder.
 */
export function loadSigningKey(
  env: { AUDIT_SIGNING_KEY?: string; AUDIT_SIGNING_KEY_FILE?: string },
  dataDir?: string,
): SigningKey | null {
  if (env.AUDIT_SIGNING_KEY) return signingKeyFromText(env.AUDIT_SIGNING_KEY, 'AUDIT_SIGNING_KEY');
  if (!env.AUDIT_SIGNING_KEY_FILE) return null;
  const file = path.resolve(process.cwd(), env.AUDIT_SIGNING_KEY_FILE);
  if (dataDir) {
    const data = path.resolve(process.cwd(), dataDir);
    if (file === data || file.startsWith(data + path.sep)) {
      throw new Error(`AUDIT_SIGNING_KEY_FILE ${file} is inside the data folder ${data}: keep the key outside it`);
    }
  }
  return signingKeyFromText(fs.readFileSync(file, 'utf8'), 'AUDIT_SIGNING_KEY_FILE');
}

/** HMAC-SHA256 (hex) of `${seq}:${hash}` with the key. */
export function signHeadValue(key: SigningKey, seq: number, hash: string): string {
  return createHmac('sha256', key.key).update(`${seq}:${hash}`).digest('hex');
}

/** True when `signature` is the key's signature of (seq, hash); constant-time comparison. */
export function checkHeadSignature(key: SigningKey, seq: number, hash: string, signature: string): boolean {
  const expected = Buffer.from(signHeadValue(key, seq, hash), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface SignedHead {
  seq: number;
  hash: string;
  signature: string;
  keyId: string;
}

/**
 * Signs the current head unless it is empty (no entries) or already signed. Safe to run from
 * several API processes at once (a head is stored once).
 * @returns the signed head, or null when there was nothing new to sign.
 */
export async function signHead(db: Executor, key: SigningKey, now: Date = new Date()): Promise<SignedHead | null> {
  const head = await readHead(db);
  if (head.seq === 0) return null;
  const last = await latestSignature(db);
  if (last && last.seq >= head.seq) return null;
  const signed = { seq: head.seq, hash: head.hash, signature: signHeadValue(key, head.seq, head.hash), keyId: key.keyId };
  const stored = await insertSignature(db, { ...signed, signedAt: now });
  return stored ? signed : null;
}
