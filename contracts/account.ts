/**
 * Account security (issue 4): changing one's own password, and an administrator renaming or
 * disabling an account. Changing a password revokes the user's other sessions (the current one is
 * rotated); disabling an account revokes all of its sessions.
 */
import { z } from 'zod';
import { PHONE_PATTERN } from './constants';
import { PASSWORD_MAX_LENGTH, passwordFloorSchema, personNameSchema } from './auth';
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
 * A personal API token as listed (GET /api/v1/auth/me/tokens): never the token itself, only its
 * first characters (`prefix`, e.g. `assay_k3Jd9`). Times ISO 8601; `status` derived from
 * revokedAt/expiresAt.
 */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** Longest lifetime of a token: 366 days from its creation. */
export const API_TOKEN_MAX_DAYS = 366;

/**
 * POST /api/v1/auth/me/tokens: a name (1–60) and an optional expiry (ISO 8601, in the future, at
 * most API_TOKEN_MAX_DAYS ahead: checked by the server; null/absent = never expires).
 */
export const apiTokenCreateSchema = z
  .object({
    name: z.string().trim().min(1, { message: 'errors.required' }).max(60),
    expiresAt: z.iso.datetime({ offset: true, message: 'errors.date.invalid' }).nullable().optional(),
  })
  .strict();
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

/** The answer to a token's creation: the listed token and, this once, the token itself (`Authorization: Bearer <token>`). */
export const apiTokenCreatedSchema = z.object({ item: apiTokenSchema, token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

/** GET /api/v1/auth/me/tokens and /auth/me/activity: paging only (newest first). */
export const accountPageQuerySchema = pageQuerySchema;
