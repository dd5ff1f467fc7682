/**
 * This installation's package signing key and the checks of a package's signature (docs/deploy.md
 * "Signing and trust"). The key pair (Ed25519, node:crypto) is made once, at first use, and stored in
 * `deploy_keys`, its private key encrypted as variables' secrets are (variables.crypto.ts, AES-256-GCM
 * with the installation's secret key, the row id as associated data). A key whose private half no
 * longer decrypts (the secret key changed) is retired and a new one made; retired keys stay trusted.
 *
 * What is signed is the canonical bytes of the package document (`canonicalBytes`: JSON with object
 * keys sorted, no spaces, UTF-8), so a signature does not depend on how the zip was written.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DeployInstallationKey, DeploySignature } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { deployKeys, deploySigners } from '../../db/schema';
import { decryptSecret, encryptSecret } from '../variables/variables.crypto';

/** JSON with every object's keys sorted and no white space: the bytes a signature covers. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The UTF-8 bytes of `canonicalJson(value)`. */
export const canonicalBytes = (value: unknown): Buffer => Buffer.from(canonicalJson(value), 'utf8');

/** SHA-256 (hex) of a public key's DER (SPKI) bytes. @throws Error for a malformed PEM. */
export function fingerprintOf(publicKeyPem: string): string {
  const der = createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex');
}

interface LoadedKey {
  id: string;
  publicKey: string;
  fingerprint: string;
  createdAt: Date;
  privateKey: string;
}

async function makeKey(db: Executor): Promise<LoadedKey> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const id = randomUUID();
  const fingerprint = fingerprintOf(publicKey);
  const [row] = await db
    .insert(deployKeys)
    .values({ id, publicKey, privateKey: encryptSecret(privateKey, `deploy-key:${id}`), fingerprint })
    .returning();
  return { id, publicKey, fingerprint, createdAt: row.createdAt, privateKey };
}

/**
 * The installation's current key pair, made when there is none (or when the newest one's private
 * key no longer decrypts: it is retired and a new one made).
 */
export async function installationKey(db: Executor): Promise<LoadedKey> {
  const [row] = await db.select().from(deployKeys).where(isNull(deployKeys.retiredAt)).orderBy(desc(deployKeys.createdAt)).limit(1);
  if (row) {
    try {
      const privateKey = decryptSecret(row.privateKey, `deploy-key:${row.id}`);
      return { id: row.id, publicKey: row.publicKey, fingerprint: row.fingerprint, createdAt: row.createdAt, privateKey };
    } catch {
      await db.update(deployKeys).set({ retiredAt: new Date() }).where(eq(deployKeys.id, row.id));
    }
  }
  return makeKey(db);
}

/** GET /deploy/key: the public half and its fingerprint (made at first call). */
export async function publicInstallationKey(db: Executor): Promise<DeployInstallationKey> {
  const k = await installationKey(db);
  return { publicKey: k.publicKey, fingerprint: k.fingerprint, createdAt: k.createdAt.toISOString() };
}

/** Signs `document` with the installation's key → the zip's `signature.json`. */
export async function signDocument(db: Executor, document: unknown): Promise<DeploySignature> {
  const k = await installationKey(db);
  const signature = sign(null, canonicalBytes(document), createPrivateKey(k.privateKey)).toString('base64');
  return { algorithm: 'ed25519', publicKey: k.publicKey, fingerprint: k.fingerprint, signature };
}

/**
 * True when `sig` is a valid Ed25519 signature of `document` by the key it names (and the key's
 * fingerprint is the one it claims). False for any malformed key or signature.
 */
export function verifyDocument(document: unknown, sig: DeploySignature): boolean {
  try {
    if (fingerprintOf(sig.publicKey) !== sig.fingerprint) return false;
    return verify(null, canonicalBytes(document), createPublicKey(sig.publicKey), Buffer.from(sig.signature, 'base64'));
  } catch {
    return false;
  }
}

/** True when `fingerprint` is one of this installation's own keys (retired ones too) or a trusted signer's. */
export async function isTrustedFingerprint(db: Executor, fingerprint: string): Promise<boolean> {
  const own = await db.select({ id: deployKeys.id }).from(deployKeys).where(eq(deployKeys.fingerprint, fingerprint)).limit(1);
  if (own.length) return true;
  const signer = await db.select({ id: deploySigners.id }).from(deploySigners).where(and(eq(deploySigners.fingerprint, fingerprint))).limit(1);
  return signer.length > 0;
}
