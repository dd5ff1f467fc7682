/**
 * The contracts' plain constants, free of zod so the web's first-load bundle does not carry the
 * schema library (issue 3's budget). Schemas live beside them and re-export these.
 */

/** umi request plugin's ErrorShowType: 0 silent, 1 warning, 2 error, 3 notification, 9 redirect. */
export const ShowType = { SILENT: 0, WARN: 1, ERROR: 2, NOTIFICATION: 3, REDIRECT: 9 } as const;
export type ShowTypeValue = (typeof ShowType)[keyof typeof ShowType];

/** The header every mutation must carry (CSRF defence: a cross-site form cannot set it). */
export const CSRF_HEADER = 'x-assay-request';

/** The two interface languages (PRODUCT.md "Layout"); zh-CN is the default. */
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** Per-application roles, weakest first (PRODUCT.md "Roles"). */
export const APP_ROLES = ['viewer', 'editor', 'owner'] as const;
export type AppRole = (typeof APP_ROLES)[number];

/** Application slug: 2–32 characters, a lower-case letter, then lower-case letters, digits, `-` or `_`. */
export const SLUG_PATTERN = /^[a-z][a-z0-9_-]{1,31}$/;

/**
 * The `<meta name="csp-nonce" content="…">` tag the server templates into index.html: a fresh
 * random nonce per page load, also allowed by the page's Content-Security-Policy `style-src`, for
 * antd's `ConfigProvider csp={{ nonce }}` (cssinjs puts it on its `<style>` tags).
 */
export const CSP_NONCE_META = 'csp-nonce';

/**
 * Audit-log actions written today (PRODUCT.md "Conventions of the API": one entry per mutation;
 * logins, logouts and failed logins as security events). `<resource>.<verb>`; later modules add
 * theirs. The console's filter takes an exact action or a prefix (`auth` = every `auth.*`).
 */
export const AUDIT_ACTIONS = [
  'setup.init',
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'auth.password_change',
  'auth.password_change_failed',
  'user.preferences',
  'user.create',
  'user.update',
  'user.password_reset',
  'user.delete',
  'user.session_revoke',
  'group.create',
  'group.update',
  'group.delete',
  'group.member_add',
  'group.member_remove',
  'group.grant_add',
  'group.grant_update',
  'group.grant_remove',
  'application.create',
  'member.add',
  'member.update',
  'member.remove',
  'user.profile',
  'token.create',
  'token.revoke',
  'settings.update',
  'notice.create',
  'notice.update',
  'notice.publish',
  'notice.unpublish',
  'notice.delete',
  'notice.send',
  'notice.read',
  'notice.read_all',
  'recycle.restore',
  'recycle.purge',
  'recycle.retention',
  'variable.create',
  'variable.update',
  'variable.delete',
  'tag.create',
  'tag.update',
  'tag.delete',
  'tag.assign',
  'category.create',
  'category.update',
  'category.move',
  'category.delete',
  'category.assign',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The most audit entries one export returns (GET /api/v1/audit/export): the newest
 * AUDIT_EXPORT_MAX_ROWS of the filtered set; narrow the filters (time range) for older ones.
 */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

/** Audit export formats. */
export const AUDIT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

/**
 * The kinds of objects that go to the recycle bin (issue 5: users and groups now; tags, categories,
 * variables and notices with their modules; later modules add theirs). The bin's `type` column;
 * each module registers its handler (server modules/recycle/recycle.registry.ts).
 */
export const RECYCLABLE_TYPES = ['user', 'group', 'tag', 'category', 'variable', 'notice'] as const;
export type RecyclableType = (typeof RECYCLABLE_TYPES)[number];

/** The settings key of the recycle bin's retention in days (0 = keep forever). */
export const RECYCLE_RETENTION_KEY = 'recycle.retentionDays';
/** Longest retention the setting accepts (days, ten years). */
export const RECYCLE_RETENTION_MAX_DAYS = 3650;

/** Variable types (issue 5 "Variables"): a secret's value is write-only and stored encrypted. */
export const VARIABLE_TYPES = ['text', 'number', 'json', 'secret'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

/** Variable key: an identifier, 1–64 characters: a letter or `_`, then letters, digits, `_` or `.`. */
export const VARIABLE_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_.]{0,63}$/;

/** Longest variable value, in characters (64 KiB of text). */
export const VARIABLE_VALUE_MAX = 65_536;

/**
 * Why `value` is not valid for a variable of `type`, as a message key of contracts/messages.ts, or
 * null when it is: a number must parse as a finite number (`Number(value)`, blanks refused), JSON
 * must parse (`JSON.parse`), a secret must not be empty; text takes anything. Shared by the zod
 * schemas (contracts/variables.ts), the server's update rule and the web form.
 */
export function variableValueProblem(type: VariableType, value: string): 'errors.variable.number' | 'errors.variable.json' | 'errors.required' | null {
  if (type === 'number') return value.trim() !== '' && Number.isFinite(Number(value)) ? null : 'errors.variable.number';
  if (type === 'json') {
    try {
      JSON.parse(value);
      return null;
    } catch {
      return 'errors.variable.json';
    }
  }
  if (type === 'secret') return value === '' ? 'errors.required' : null;
  return null;
}

/** Tag colour: `#rrggbb` (lower- or upper-case hex). */
export const TAG_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/**
 * What tags and categories attach to (`target_type` of taggings/categorizations): a lower-case
 * word naming the kind of object ('variable', 'record', 'user'…), 1–32 characters.
 */
export const TARGET_TYPE_PATTERN = /^[a-z][a-zA-Z0-9_-]{0,31}$/;
