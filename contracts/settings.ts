/**
 * System settings (`/admin/system`; docs/product.md "System"): site name and
 * logo, default language, password policy, session timeout, login rate limit, upload size limit.
 * Stored one row per key in the `settings` table (the key is the field name below), validated by
 * this schema on every write and every read, and applied at once.
 */
import { z } from 'zod';
import { emailSchema } from './auth';
import { LOCALES, VARIABLE_KEY_PATTERN } from './constants';
import { PASSWORD_POLICY_BOUNDS } from './password-policy';
import { TASK_RETENTION_BOUNDS } from './tasks.constants';

/** Largest logo image: 256 KB (262,144 bytes) once decoded; as a base64 data URL that is ≤ 349,600 characters. */
export const LOGO_MAX_BYTES = 256 * 1024;
const LOGO_MAX_CHARS = Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 64;
/** `data:image/<png|jpeg|gif|webp|svg+xml>;base64,…`. */
const LOGO_DATA_URL = /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;
/** A path on this server (`/admin/logo.svg`): the page's CSP allows images from 'self' and data: only. */
const LOGO_PATH = /^\/(?!\/)[A-Za-z0-9._~/-]{0,500}$/;

const int = (min: number, max: number) => z.number().int({ message: 'errors.settings.integer' }).min(min).max(max);

/** Entries of the outbound allow-list at most, and characters of one entry (a DNS name's 253). */
export const OUTBOUND_ALLOWED_HOSTS_MAX = { entries: 100, entryChars: 253 } as const;
/** What an allow-list entry or an SMTP host may contain: letters, digits and `. - _ : / [ ]` (the server parses addresses and blocks: server/src/lib/outbound-http.ts). */
const HOST_CHARS = /^[a-z0-9._:/[\]-]+$/;
/** Whether `v` is an absolute http(s) URL. */
function isHttpUrl(v: string): boolean {
  if (!/^https?:\/\//i.test(v)) return false;
  try {
    new URL(v);
    return true;
  } catch {
    return false;
  }
}
/** An optional variable key: '' (none) or contracts VARIABLE_KEY_PATTERN. */
const variableKeyOrNone = z.string().trim().refine((v) => v === '' || VARIABLE_KEY_PATTERN.test(v), { message: 'errors.variable.key' });

/**
 * Every setting with its rule. Units: minutes, days, megabytes as named.
 * - `siteName`: 1–60 characters, shown in the layout title and the login page;
 * - `logo`: null (Assay's own), an image data URL of at most LOGO_MAX_BYTES, or a path on this server;
 * - `defaultLocale`: language of new users and of the login page when the browser has no saved choice;
 * - `passwordMinLength` 8–128, `passwordClasses` 1–4, `passwordExpiryDays` 0–3650 (0 = never): contracts/password-policy.ts;
 * - `sessionIdleMinutes` 5–10,080 (a week) and `sessionAbsoluteDays` 1–90: a session ends after so long without a request, or so long after sign-in;
 * - `loginFreeFailures` 1–100: failed sign-ins per account or IP before the back-off starts (auth/login-throttle.ts);
 * - `uploadMaxMb` 1–10,240: largest upload, for the file modules;
 * - `outboundAllowedHosts`: private targets the server may still reach (webhooks, anchors): host
 *   names, `.domain`, addresses or CIDR blocks, at most 100 (docs/outbound.md "Allow-list");
 * - `connectorAllowedHosts`: the hosts connectors may reach (docs/connectors.md "Allow-list"): a
 *   database connector's host must be on it (else 422); a REST or file URL on it may reach a private
 *   address; same entries and rules as `outboundAllowedHosts`;
 * - `smtpHost` ('' = no e-mail), `smtpPort` 1–65,535, `smtpSecure` (TLS from the start, port 465;
 *   else STARTTLS when offered), `smtpUser` ('' = no sign-in), `smtpPasswordVariable` (key of the
 *   global secret variable holding the password, '' = none), `smtpFrom` (the sender's address,
 *   shown with the site name): docs/outbound.md "E-mail";
 * - `auditAnchorWebhookUrl` ('' = off) and `auditAnchorSecretVariable` (key of the global secret
 *   variable that signs it, '' = unsigned): where the daily task `audit.anchor-webhook` posts the
 *   audit chain's head (docs/outbound.md "Audit anchor webhook");
 * - `taskRetentionDays` 1–3,650: days finished background tasks and their logs are kept before
 *   the `tasks.purge-finished` kind deletes them (docs/tasks.md "Retention").
 */
export const settingsSchema = z.object({
  siteName: z.string().trim().min(1, { message: 'errors.required' }).max(60),
  logo: z
    .string()
    .max(LOGO_MAX_CHARS, { message: 'errors.settings.logoTooLarge' })
    .refine((s) => LOGO_DATA_URL.test(s) || LOGO_PATH.test(s), { message: 'errors.settings.logoInvalid' })
    .nullable(),
  defaultLocale: z.enum(LOCALES),
  passwordMinLength: int(PASSWORD_POLICY_BOUNDS.minLength.min, PASSWORD_POLICY_BOUNDS.minLength.max),
  passwordClasses: int(PASSWORD_POLICY_BOUNDS.requiredClasses.min, PASSWORD_POLICY_BOUNDS.requiredClasses.max),
  passwordExpiryDays: int(PASSWORD_POLICY_BOUNDS.expiryDays.min, PASSWORD_POLICY_BOUNDS.expiryDays.max),
  sessionIdleMinutes: int(5, 10_080),
  sessionAbsoluteDays: int(1, 90),
  loginFreeFailures: int(1, 100),
  uploadMaxMb: int(1, 10_240),
  // Entries are checked as a whole, so that a 400 names the field (`outboundAllowedHosts`), not an entry's index.
  outboundAllowedHosts: z
    .array(z.string().trim().toLowerCase())
    .max(OUTBOUND_ALLOWED_HOSTS_MAX.entries)
    .refine((list) => list.every((e) => e.length > 0 && e.length <= OUTBOUND_ALLOWED_HOSTS_MAX.entryChars && HOST_CHARS.test(e)), {
      message: 'errors.settings.allowedHostInvalid',
    }),
  connectorAllowedHosts: z
    .array(z.string().trim().toLowerCase())
    .max(OUTBOUND_ALLOWED_HOSTS_MAX.entries)
    .refine((list) => list.every((e) => e.length > 0 && e.length <= OUTBOUND_ALLOWED_HOSTS_MAX.entryChars && HOST_CHARS.test(e)), {
      message: 'errors.settings.allowedHostInvalid',
    }),
  smtpHost: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .refine((v) => v === '' || HOST_CHARS.test(v), { message: 'errors.settings.smtpHostInvalid' }),
  smtpPort: int(1, 65_535),
  smtpSecure: z.boolean(),
  smtpUser: z.string().trim().max(200),
  smtpPasswordVariable: variableKeyOrNone,
  smtpFrom: z.union([z.literal(''), emailSchema]),
  auditAnchorWebhookUrl: z
    .string()
    .trim()
    .max(2_048)
    .refine((v) => v === '' || isHttpUrl(v), { message: 'errors.settings.webhookUrlInvalid' }),
  auditAnchorSecretVariable: variableKeyOrNone,
  // the tasks' retention (docs/tasks.md "Retention")
  taskRetentionDays: int(TASK_RETENTION_BOUNDS.min, TASK_RETENTION_BOUNDS.max),
});
export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;

/**
 * GET /api/v1/settings (administrators): every setting plus `version`, the time of the last change
 * (ISO 8601, or `0` before any), to send back with the next change.
 */
export const settingsViewSchema = settingsSchema.extend({ version: z.string() });
export type SettingsView = z.infer<typeof settingsViewSchema>;

/**
 * PATCH /api/v1/settings: any subset of the settings; `version` (from GET) makes a change made
 * since then a 409 CONFLICT instead of a silent overwrite (docs/product.md "API conventions").
 */
export const settingsUpdateSchema = settingsSchema.partial().extend({ version: z.string().max(40).optional() }).strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

/**
 * GET /api/v1/settings/public (anyone, signed in or not): what the login page, the layout and the
 * password forms need.
 */
export const publicSettingsSchema = z.object({
  siteName: z.string(),
  logo: z.string().nullable(),
  defaultLocale: z.enum(LOCALES),
  passwordPolicy: z.object({ minLength: z.number().int(), requiredClasses: z.number().int(), expiryDays: z.number().int() }),
  uploadMaxMb: z.number().int(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
