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
