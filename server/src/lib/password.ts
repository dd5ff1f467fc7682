/**
 * Password hashing with argon2id (@node-rs/argon2; docs/product.md "API conventions": argon2id passwords) at OWASP's
 * recommended parameters (Password Storage Cheat Sheet: m = 19 MiB, t = 2, p = 1): ~23 ms per
 * hash on these machines (docs/stack.md "Pinned or chosen versions").
 */
import { hash, verify } from '@node-rs/argon2';

/** OWASP parameters. memoryCost is in KiB (19456 KiB = 19 MiB); timeCost is passes. */
export const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes a password into a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). argon2id is the
 * library's default algorithm (its `Algorithm` is an ambient const enum that isolated modules
 * cannot reference; a test asserts the `$argon2id$` prefix).
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when `password` matches `passwordHash`; false (not an error) for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification against a dummy hash, so a login with an unknown e-mail
 * takes about as long as one with a wrong password (no user enumeration by timing).
 */
export async function verifyDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-never-matches-0');
  await verifyPassword(await dummyHash, password);
}
