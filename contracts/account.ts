/**
 * Account security: changing one's own password, and an administrator renaming or
 * disabling an account. Changing a password revokes the user's other sessions (the current one is
 * rotated); disabling an account revokes all of its sessions.
 */
import { z } from 'zod';
import { API_TOKEN_SCOPES, PHONE_PATTERN } from './constants';
import { currentUserSchema, PASSWORD_MAX_LENGTH, passwordFloorSchema, personNameSchema } from './auth';
import { pageQuerySchema } from './envelope';

/**
 * POST /api/v1/auth/me/password. `currentPassword` is only length-checked here (the server
 * verifies it: 400 with details field `currentPassword`); `newPassword` must pass the floor here
 * and the system settings' password policy on the server, and differ from the current one
 * (details field `newPassword`).
 */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, { message: 'errors.required' }).max(PASSWORD_MAX_LENGTH),
    newPassword: passwordFloorSchema,
  })
  .strict()
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: 'errors.password.sameAsCurrent',
    path: ['newPassword'],
  });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/**
 * The answer to POST /api/v1/auth/me/password: the user (password no longer expired), how many of
 * their other sessions were signed out and how many of their API tokens were revoked (a password
 * change revokes every active token: scripts need a new one).
 */
export const passwordChangeResultSchema = z.object({
  user: currentUserSchema,
  otherSessionsRevoked: z.number().int(),
  tokensRevoked: z.number().int(),
});
export type PasswordChangeResult = z.infer<typeof passwordChangeResultSchema>;

/** A phone number as people write it: digits, spaces, `+ - ( ) .`, 3–32 characters. */
const PHONE = PHONE_PATTERN;

/**
 * The personal center's profile (GET/PATCH /api/v1/auth/me/profile). The e-mail is the sign-in
 * name and is shown read-only (an administrator changes it). `passwordChangedAt` ISO 8601;
 * `passwordExpiresAt` null when the policy has no expiry.
 */
export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  title: z.string().nullable(),
  phone: z.string().nullable(),
  locale: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  passwordChangedAt: z.string(),
  passwordExpiresAt: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PATCH /api/v1/auth/me/profile: name, title (job title, ≤ 100) and phone; empty title/phone clear them. */
export const profileUpdateSchema = z
  .object({
    name: personNameSchema.optional(),
    title: z
      .string()
      .trim()
      .max(100)
      .nullable()
      .optional()
      .transform((v) => (v === '' ? null : v)),
    phone: z
      .string()
      .trim()
      .refine((v) => v === '' || PHONE.test(v), { message: 'errors.phone.invalid' })
      .nullable()
      .optional()
      .transform((v) => (v === '' ? null : v)),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/**
 * What a token may do: `read-only` — GET/HEAD only (any POST, PUT, PATCH or DELETE is 403
 * errors.token.readOnly, also the POSTs that only read, such as exports) — or `read-write` —
 * whatever its user may do, except change the password or manage tokens (those need a browser session).
 */
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);

/**
 * A personal API token as listed (GET /api/v1/auth/me/tokens): never the token itself, only its
 * first characters (`prefix`, e.g. `assay_k3Jd9`). Times ISO 8601; every token expires
 * (`expiresAt`); `status` derived from revokedAt/expiresAt.
 */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scope: apiTokenScopeSchema,
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/**
 * POST /api/v1/auth/me/tokens: a name (1–60), a scope (default `read-only`) and an expiry (ISO
 * 8601, in the future, at most API_TOKEN_MAX_DAYS ahead: checked by the server; absent = in
 * API_TOKEN_DEFAULT_DAYS days; a token cannot be made to never expire).
 */
export const apiTokenCreateSchema = z
  .object({
    name: z.string().trim().min(1, { message: 'errors.required' }).max(60),
    scope: apiTokenScopeSchema.default('read-only'),
    expiresAt: z.iso.datetime({ offset: true, message: 'errors.date.invalid' }).optional(),
  })
  .strict();
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

/** The answer to a token's creation: the listed token and, this once, the token itself (`Authorization: Bearer <token>`). */
export const apiTokenCreatedSchema = z.object({ item: apiTokenSchema, token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

/** GET /api/v1/auth/me/tokens and /auth/me/activity: paging only (newest first). */
export const accountPageQuerySchema = pageQuerySchema;
