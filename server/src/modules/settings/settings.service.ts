/**
 * System settings (saved in the database, applied at once, each change
 * audited). Each setting is one row of `settings` (key = contracts/settings.ts field name, value
 * JSON); a key never written has its DEFAULT_SETTINGS value, and a stored value that no longer
 * passes its rule is ignored (logged) in favour of the default, so a bad row cannot lock anyone out.
 *
 * Reads are cached per database handle in this process for CACHE_TTL_MS and the cache is dropped
 * when this process writes, so a change applies at once here; other API processes on the same
 * PostgreSQL see it within CACHE_TTL_MS (docs/product.md "How it runs": API servers keep no state of their own).
 *
 * Other modules use: getSettings(db) (every value), assertPasswordPolicy(db, password, field)
 * (setup, password changes, an administrator creating a user), sessionTimeouts(db)
 * (auth.service.ts), and loginFreeFailures through getSettings (auth/login-throttle.ts).
 */
import { createHash } from 'node:crypto';
import {
  DEFAULT_PASSWORD_POLICY,
  passwordPolicyProblem,
  settingsSchema,
  type PasswordPolicy,
  type PublicSettings,
  type SettingKey,
  type Settings,
  type SettingsUpdate,
  type SettingsView,
} from '../../../../contracts';
import { TASK_RETENTION_DAYS } from '../../../../contracts/tasks.constants';
import type { Database, Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { allowListEntryProblem } from '../../lib/outbound-http';
import type { AuditWriter } from '../../core/audit.writer';
import { lockSettings, readSettingRows, upsertSetting } from './settings.repository';

/** The value of every setting no administrator has changed. Session and throttle values are the constants of server/README.md "Requests and sessions". */
export const DEFAULT_SETTINGS: Settings = {
  siteName: 'Assay',
  logo: null,
  defaultLocale: 'zh-CN',
  passwordMinLength: DEFAULT_PASSWORD_POLICY.minLength,
  passwordClasses: DEFAULT_PASSWORD_POLICY.requiredClasses,
  passwordExpiryDays: DEFAULT_PASSWORD_POLICY.expiryDays,
  sessionIdleMinutes: 8 * 60,
  sessionAbsoluteDays: 7,
  loginFreeFailures: 5,
  uploadMaxMb: 50,
  outboundAllowedHosts: [],
  connectorAllowedHosts: [],
  smtpHost: '',
  smtpPort: 587,
  smtpSecure: false,
  smtpUser: '',
  smtpPasswordVariable: '',
  smtpFrom: '',
  auditAnchorWebhookUrl: '',
  auditAnchorSecretVariable: '',
  // the tasks' retention (docs/tasks.md "Retention")
  taskRetentionDays: TASK_RETENTION_DAYS,
};

/** How long (ms) a process trusts its cached settings before reading them again: 10 s. */
export const CACHE_TTL_MS = 10_000;

const KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];

interface Loaded {
  settings: Settings;
  /** ISO time of the latest write, or `0`. */
  version: string;
}

const cache = new WeakMap<object, { at: number; loaded: Promise<Loaded>; value?: Loaded }>();

async function load(db: Executor): Promise<Loaded> {
  const rows = await readSettingRows(db);
  const values: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  let latest = 0;
  for (const row of rows) {
    if (!(KEYS as string[]).includes(row.key)) continue;
    const key = row.key as SettingKey;
    const checked = settingsSchema.shape[key].safeParse(row.value);
    if (checked.success) values[key] = checked.data;
    else console.warn(`settings: stored ${key} is invalid; using the default`);
    latest = Math.max(latest, row.updatedAt.getTime());
  }
  return { settings: values as Settings, version: latest === 0 ? '0' : new Date(latest).toISOString() };
}

function loadCached(db: Executor, now = Date.now()): Promise<Loaded> {
  const hit = cache.get(db);
  if (hit && now - hit.at < CACHE_TTL_MS) return hit.loaded;
  const loaded = load(db);
  const entry: { at: number; loaded: Promise<Loaded>; value?: Loaded } = { at: now, loaded };
  cache.set(db, entry);
  loaded.then(
    (value) => {
      entry.value = value;
    },
    () => cache.delete(db),
  );
  return loaded;
}

/** The cached settings of `db` when loaded and fresh, else undefined (no read, no await: the session check's fast lane). */
export function peekSettings(db: Executor, now = Date.now()): Settings | undefined {
  const hit = cache.get(db);
  return hit?.value && now - hit.at < CACHE_TTL_MS ? hit.value.settings : undefined;
}

/** Drops this process's cached settings of `db` (after a write; tests that write rows directly). */
export function invalidateSettings(db: Executor): void {
  cache.delete(db);
}

/** Every setting, defaults filled in (cached: see the module comment). */
export async function getSettings(db: Executor): Promise<Settings> {
  return (await loadCached(db)).settings;
}

/** The password policy of the settings. */
export async function getPasswordPolicy(db: Executor): Promise<PasswordPolicy> {
  const s = await getSettings(db);
  return { minLength: s.passwordMinLength, requiredClasses: s.passwordClasses, expiryDays: s.passwordExpiryDays };
}

/** The session timeouts of the settings, in ms: idle (no request for so long) and absolute (since sign-in). */
export async function sessionTimeouts(db: Executor): Promise<{ idleMs: number; absoluteMs: number }> {
  const s = await getSettings(db);
  return { idleMs: s.sessionIdleMinutes * 60_000, absoluteMs: s.sessionAbsoluteDays * 86_400_000 };
}

/**
 * Checks a new password against the password policy (length, character classes:
 * contracts/password-policy.ts). Call it wherever a password is set: setup/init, a password
 * change, an administrator creating a user or resetting a password to a chosen value.
 * @param field the request field to name in the error (`password`, `newPassword`).
 * @throws HttpError 400 VALIDATION_FAILED, details `[{ field, message }]` (errors.password.policyLength /
 *   policyClasses, with the policy's numbers in the message).
 */
export async function assertPasswordPolicy(db: Executor, password: string, field = 'password'): Promise<void> {
  const policy = await getPasswordPolicy(db);
  const problem = passwordPolicyProblem(password, policy);
  if (problem) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field, messageKey: problem.messageKey }], {
      params: problem.params,
    });
  }
}

/** What anyone may read: site name, logo, default language, password policy, upload limit. */
export async function getPublicSettings(db: Executor): Promise<PublicSettings> {
  const s = await getSettings(db);
  return {
    siteName: s.siteName,
    logo: s.logo,
    defaultLocale: s.defaultLocale,
    passwordPolicy: { minLength: s.passwordMinLength, requiredClasses: s.passwordClasses, expiryDays: s.passwordExpiryDays },
    uploadMaxMb: s.uploadMaxMb,
  };
}

/** Every setting and its version (GET /settings). */
export async function getSettingsView(db: Executor): Promise<SettingsView> {
  const loaded = await loadCached(db);
  return { ...loaded.settings, version: loaded.version };
}

/** A setting as the audit log keeps it: a logo data URL becomes its type, size and SHA-256 (the log is not an image store). */
function auditValue(key: SettingKey, value: unknown): unknown {
  if (key !== 'logo' || typeof value !== 'string' || !value.startsWith('data:')) return value;
  const comma = value.indexOf(',');
  const bytes = Buffer.from(value.slice(comma + 1), 'base64');
  return `${value.slice(5, comma)} (${bytes.length} bytes, sha256 ${createHash('sha256').update(bytes).digest('hex').slice(0, 16)})`;
}

/**
 * Saves the settings given (any subset), applied at once (this process's cache is dropped).
 * One audit entry `settings.update` with before/after of the changed keys only; nothing changed =
 * nothing written (`changed: false`, the route marks the request unchanged).
 * @throws HttpError 409 CONFLICT (errors.settings.stale) when `version` is given and the settings
 *   changed since; 400 VALIDATION_FAILED naming sessionIdleMinutes when the idle timeout is longer
 *   than the absolute one, outboundAllowedHosts when an entry is no host name, `.domain`, address or
 *   CIDR block (lib/outbound-http.ts allowListEntryProblem) — connectorAllowedHosts the same, smtpFrom when an SMTP host is set
 *   without a sender address.
 */
export async function updateSettings(
  db: Database,
  input: SettingsUpdate,
  audit: AuditWriter,
  now: Date = new Date(),
): Promise<{ view: SettingsView; changed: boolean }> {
  const { version, ...values } = input;
  const changed = await db.transaction(async (tx) => {
    await lockSettings(tx);
    const current = await load(tx);
    if (version !== undefined && version !== current.version) {
      throw new HttpError(409, 'CONFLICT', 'errors.settings.stale');
    }
    const next = { ...current.settings, ...values } as Settings;
    if (next.sessionIdleMinutes > next.sessionAbsoluteDays * 1440) {
      throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [
        { field: 'sessionIdleMinutes', messageKey: 'errors.settings.idleTooLong' },
      ]);
    }
    if (values.outboundAllowedHosts?.some((entry) => allowListEntryProblem(entry) !== null)) {
      throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [
        { field: 'outboundAllowedHosts', messageKey: 'errors.settings.allowedHostInvalid' },
      ]);
    }
    if (values.connectorAllowedHosts?.some((entry) => allowListEntryProblem(entry) !== null)) {
      throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [
        { field: 'connectorAllowedHosts', messageKey: 'errors.settings.allowedHostInvalid' },
      ]);
    }
    if (next.smtpHost !== '' && next.smtpFrom === '') {
      throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'smtpFrom', messageKey: 'errors.settings.smtpIncomplete' }]);
    }
    const keys = KEYS.filter((k) => k in values && JSON.stringify(values[k]) !== JSON.stringify(current.settings[k]));
    if (keys.length === 0) return false;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const key of keys) {
      await upsertSetting(tx, key, next[key], audit.actor.id, now);
      before[key] = auditValue(key, current.settings[key]);
      after[key] = auditValue(key, next[key]);
    }
    await audit.record(tx, { action: 'settings.update', targetType: 'settings', targetId: 'system', before, after, details: { keys } });
    return true;
  });
  invalidateSettings(db);
  return { view: await getSettingsView(db), changed };
}
