/**
 * The contracts' plain constants, free of zod so the web's first-load bundle does not carry the
 * schema library (docs/routes-and-loading.md "First-load budget"). Schemas live beside them and re-export these.
 *
 * This file holds what no one module owns (the request conventions, the languages, the application
 * roles, export formats, the phone pattern) and re-exports the rest: each module's constants live
 * in its own contracts/<module>.constants.ts (docs/architecture.md "Contracts"), and AUDIT_ACTIONS
 * and RECYCLABLE_TYPES are gathered here from every module's entry (listed in contracts/modules.ts).
 * Importing a module's constants from here or from its own file is the same.
 */
import * as ENTRIES from './modules';

export * from './account.constants';
export * from './applications.constants';
export * from './audit.constants';
export * from './auth.constants';
export * from './categories.constants';
export * from './clients.constants';
export * from './forms.constants';
export * from './groups.constants';
export * from './imports.constants';
export * from './notices.constants';
export * from './records.constants';
export * from './recycle.constants';
export * from './settings.constants';
export * from './subjects.constants';
export * from './tags.constants';
export * from './tasks.constants';
export * from './users.constants';
export * from './variables.constants';
export * from './views.constants';
export * from './queries.constants';

/**
 * What a module's entry (`<MODULE>_MODULE` in its contracts/<module>.constants.ts, listed in
 * contracts/modules.ts) says: its audit actions (`<resource>.<verb>`) and the recycle-bin types it
 * handles (server core/recycle.registry.ts).
 */
export interface ModuleEntry {
  readonly auditActions: readonly string[];
  readonly recycleTypes?: readonly string[];
}

type Entry = (typeof ENTRIES)[keyof typeof ENTRIES];

/** Every module's entry (contracts/modules.ts), in the order of their names. */
export const MODULE_ENTRIES: readonly Entry[] = Object.keys(ENTRIES)
  .filter((name) => name.endsWith('_MODULE'))
  .sort()
  .map((name) => ENTRIES[name as keyof typeof ENTRIES]);

/** An audit action of any module. */
export type AuditAction = Entry['auditActions'][number];

/** A recycle-bin type of any module. */
export type RecyclableType = Entry extends infer E ? (E extends { recycleTypes: readonly (infer T)[] } ? T : never) : never;

/**
 * Audit-log actions (docs/product.md "API conventions": one entry per mutation; logins, logouts and
 * failed logins as security events), `<resource>.<verb>`, every module's. The console's filter
 * takes an exact action or a prefix (`auth` = every `auth.*`).
 */
export const AUDIT_ACTIONS: readonly AuditAction[] = MODULE_ENTRIES.flatMap((m): readonly AuditAction[] => m.auditActions);

/**
 * The kinds of objects that go to the recycle bin, every module's: the bin's `type` column; each
 * module registers its handler (server core/recycle.registry.ts).
 */
export const RECYCLABLE_TYPES: readonly RecyclableType[] = MODULE_ENTRIES.flatMap((m): readonly RecyclableType[] =>
  'recycleTypes' in m ? m.recycleTypes : [],
);

/** umi request plugin's ErrorShowType: 0 silent, 1 warning, 2 error, 3 notification, 9 redirect. */
export const ShowType = { SILENT: 0, WARN: 1, ERROR: 2, NOTIFICATION: 3, REDIRECT: 9 } as const;
export type ShowTypeValue = (typeof ShowType)[keyof typeof ShowType];

/** The header every mutation must carry (CSRF defence: a cross-site form cannot set it). */
export const CSRF_HEADER = 'x-assay-request';

/** The two interface languages (docs/product.md "Layout"); zh-CN is the default. */
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** Per-application roles, weakest first (docs/product.md "Roles"). */
export const APP_ROLES = ['viewer', 'editor', 'owner'] as const;
export type AppRole = (typeof APP_ROLES)[number];

/**
 * The `<meta name="csp-nonce" content="…">` tag the server templates into index.html: a fresh
 * random nonce per page load, also allowed by the page's Content-Security-Policy `style-src`, for
 * antd's `ConfigProvider csp={{ nonce }}` (cssinjs puts it on its `<style>` tags).
 */
export const CSP_NONCE_META = 'csp-nonce';

/** Export formats of list screens (clients). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A phone number as people write it: digits, spaces, `+ - ( ) .`, 3–32 characters (profiles, client contacts, phone fields). */
export const PHONE_PATTERN = /^[+()0-9 .-]{3,32}$/;
export * from './deploy.constants';
