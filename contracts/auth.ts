/**
 * First-run setup, login and the current user (docs/product.md "Shell").
 * Custom messages are message keys (`errors.*`), translated by the server (and the web) into the
 * request's language; built-in zod messages are localised by zod's own locales.
 */
import { z } from 'zod';
import { LOCALES } from './constants';

export { DEFAULT_LOCALE, LOCALES } from './constants';
export type { Locale } from './constants';

/** Minimum password length in characters (NIST SP 800-63B allows 8; we ask 10 with letters and digits). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The password strength rule: 10–128 characters with at least one letter and one digit,
 * and not all the same character. Message keys: errors.password.*.
 */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: 'errors.password.tooShort' })
  .max(PASSWORD_MAX_LENGTH, { message: 'errors.password.tooLong' })
  .refine((s) => /\p{L}/u.test(s) && /\p{N}/u.test(s), { message: 'errors.password.weak' })
  .refine((s) => new Set(s).size > 2, { message: 'errors.password.weak' });

/** The shortest password any policy may allow (contracts/password-policy.ts PASSWORD_POLICY_BOUNDS). */
export const PASSWORD_FLOOR_LENGTH = 8;

/**
 * The floor under every password policy: 8–128 characters, not trivially simple. Forms whose rule
 * is the administrator's policy (system settings) validate this and let the server apply the
 * policy (settings.service.ts assertPasswordPolicy: 400 naming the field).
 */
export const passwordFloorSchema = z
  .string()
  .min(PASSWORD_FLOOR_LENGTH, { message: 'errors.password.tooShortFloor' })
  .max(PASSWORD_MAX_LENGTH, { message: 'errors.password.tooLong' })
  .refine((s) => new Set(s).size > 2, { message: 'errors.password.weak' });

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'errors.email.invalid' }));

export const personNameSchema = z.string().trim().min(1, { message: 'errors.required' }).max(100);

/** POST /api/v1/setup/init: the first administrator. */
export const initInputSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type InitInput = z.infer<typeof initInputSchema>;

/** POST /api/v1/auth/login. The password is not strength-checked here (only length-capped). */
export const loginInputSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { message: 'errors.required' }).max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** GET /api/v1/setup/status: whether the first administrator exists. */
export const setupStatusSchema = z.object({ initialized: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

/** The signed-in user as the web sees it (GET /api/v1/auth/me answers `data: null` when anonymous). */
export const currentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  locale: z.enum(LOCALES),
  lastApp: z.string().nullable(),
  /**
   * True when the password is older than the password policy's expiry (system settings): the web
   * sends the user to the personal center's password tab. Absent = false.
   */
  passwordExpired: z.boolean().optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** PATCH /api/v1/auth/me/preferences: language and the last workspace visited. */
export const preferencesInputSchema = z
  .object({
    locale: z.enum(LOCALES).optional(),
    lastApp: z.string().max(64).nullable().optional(),
  })
  .strict();
export type PreferencesInput = z.infer<typeof preferencesInputSchema>;
