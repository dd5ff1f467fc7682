/**
 * The password policy of the system settings (length, character classes, expiry),
 * free of zod so the web can check a new password as it is typed (the server checks again:
 * server/src/modules/settings/settings.service.ts assertPasswordPolicy).
 *
 * Character classes (the usual four of NIST/OWASP-era policies): lower-case letters (and letters
 * without case, such as Chinese characters), upper-case letters, digits, and everything else
 * (symbols, spaces). A policy requires `requiredClasses` (1–4) of them and at least `minLength`
 * characters (8–128); `expiryDays` 0 means a password never expires.
 */

/** The policy part of the system settings. */
export interface PasswordPolicy {
  /** Fewest characters, 8–128. */
  minLength: number;
  /** How many of the four character classes a password must mix, 1–4. */
  requiredClasses: number;
  /** Days after which a password must be changed; 0 = never. */
  expiryDays: number;
}

/** The policy before an administrator changes it: the first-run rule (10 characters, letters with digits ≈ 2 classes), no expiry. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 10, requiredClasses: 2, expiryDays: 0 };

/** Bounds of the policy's fields (settings validation and the settings form). */
export const PASSWORD_POLICY_BOUNDS = {
  minLength: { min: 8, max: 128 },
  requiredClasses: { min: 1, max: 4 },
  expiryDays: { min: 0, max: 3650 },
} as const;

/** How many of the four character classes `password` uses (0–4). */
export function passwordClassCount(password: string): number {
  let lower = false;
  let upper = false;
  let digit = false;
  let other = false;
  for (const ch of password) {
    if (/\p{Lu}/u.test(ch)) upper = true;
    else if (/\p{L}/u.test(ch)) lower = true;
    else if (/\p{N}/u.test(ch)) digit = true;
    else other = true;
  }
  return Number(lower) + Number(upper) + Number(digit) + Number(other);
}

/** Why a password breaks the policy: a message key of contracts/messages.ts and its `{name}` values. */
export interface PasswordPolicyProblem {
  messageKey: 'errors.password.policyLength' | 'errors.password.policyClasses';
  params: Record<string, number>;
}

/**
 * The first rule of `policy` that `password` breaks (length first, then classes), or null.
 * Length counts Unicode code points.
 */
export function passwordPolicyProblem(password: string, policy: Pick<PasswordPolicy, 'minLength' | 'requiredClasses'>): PasswordPolicyProblem | null {
  if ([...password].length < policy.minLength) {
    return { messageKey: 'errors.password.policyLength', params: { min: policy.minLength } };
  }
  if (passwordClassCount(password) < policy.requiredClasses) {
    return { messageKey: 'errors.password.policyClasses', params: { n: policy.requiredClasses } };
  }
  return null;
}

/**
 * Whether a password set at `changedAt` has expired at `now` under a policy of `expiryDays`
 * (0 = never).
 */
export function isPasswordExpired(changedAt: Date, expiryDays: number, now: Date = new Date()): boolean {
  if (expiryDays <= 0) return false;
  return now.getTime() - changedAt.getTime() >= expiryDays * 24 * 60 * 60 * 1000;
}
