/**
 * Encryption of secret variables (stored encrypted, AES-GCM, with a key from
 * the environment, or one generated into the data folder on first start when none is given).
 *
 * - Cipher: AES-256-GCM (node:crypto), a fresh 12-byte IV per value, 16-byte tag; stored as
 *   `iv.tag.ciphertext`, each part base64url. The variable's id is the additional authenticated
 *   data, so a ciphertext copied onto another row does not decrypt.
 * - Key (32 bytes): ASSAY_SECRET_KEY (64 hex characters or base64/base64url of 32 bytes), else the
 *   file `<DATA_DIR>/secret.key` (64 hex characters, created with mode 0600 on first start when
 *   missing). With PostgreSQL and several API servers, set ASSAY_SECRET_KEY (the same on each):
 *   a generated file is per machine (server/README.md).
 * - The process holds one key (`installSecretKey`, called by index.ts at start); a process that
 *   installs none (tests, `umi dev` on an in-memory database) gets a random one on first use,
 *   which is fine since its database does not outlive it.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Bytes of an AES-256 key. */
export const SECRET_KEY_BYTES = 32;
/** Name of the generated key file inside the data folder. */
export const SECRET_KEY_FILE = 'secret.key';

export interface SecretKey {
  key: Buffer;
  /** First 16 hex characters of the key's SHA-256: names the key without revealing it. */
  keyId: string;
  source: 'ASSAY_SECRET_KEY' | 'file' | 'generated' | 'ephemeral';
}

function named(key: Buffer, source: SecretKey['source']): SecretKey {
  return { key, keyId: createHash('sha256').update(key).digest('hex').slice(0, 16), source };
}

/**
 * The 32 bytes of a key written as 64 hex characters or as base64/base64url.
 * @throws Error when the text is neither or does not decode to exactly 32 bytes.
 */
export function parseSecretKey(text: string): Buffer {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(t)) {
    const b = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (b.length === SECRET_KEY_BYTES) return b;
  }
  throw new Error(`ASSAY_SECRET_KEY must be ${SECRET_KEY_BYTES} bytes as 64 hex characters or base64 (e.g. openssl rand -hex 32)`);
}

/**
 * The secret key of the configuration: ASSAY_SECRET_KEY when set, else `<dataDir>/secret.key`,
 * created (mode 0600, exclusive create so two starting processes agree) when missing.
 * @throws Error for a malformed key or an unreadable/unwritable data folder.
 */
export function loadSecretKey(env: { ASSAY_SECRET_KEY?: string }, dataDir: string): SecretKey {
  if (env.ASSAY_SECRET_KEY) return named(parseSecretKey(env.ASSAY_SECRET_KEY), 'ASSAY_SECRET_KEY');
  const file = path.resolve(process.cwd(), dataDir, SECRET_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, `${randomBytes(SECRET_KEY_BYTES).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
      return named(parseSecretKey(fs.readFileSync(file, 'utf8')), 'generated');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  try {
    return named(parseSecretKey(fs.readFileSync(file, 'utf8')), 'file');
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message}`);
  }
}

let installed: SecretKey | undefined;

/** Makes `key` the process's key (index.ts, at start). */
export function installSecretKey(key: SecretKey): void {
  installed = key;
}

/** The process's key; a random, never-saved one when none was installed (tests, in-memory dev). */
export function currentSecretKey(): SecretKey {
  installed ??= named(randomBytes(SECRET_KEY_BYTES), 'ephemeral');
  return installed;
}

/** Encrypts `plaintext` (UTF-8) bound to `aad` (the variable id) → `iv.tag.ciphertext` (base64url). */
export function encryptSecret(plaintext: string, aad: string, key: SecretKey = currentSecretKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url')).join('.');
}

/**
 * Decrypts a value of `encryptSecret`.
 * @throws Error when it is malformed, was made with another key or for another `aad`, or was altered.
 */
export function decryptSecret(stored: string, aad: string, key: SecretKey = currentSecretKey()): string {
  const parts = stored.split('.');
  if (parts.length !== 3) throw new Error('malformed secret');
  const [iv, tag, ciphertext] = parts.map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key.key, iv);
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}
