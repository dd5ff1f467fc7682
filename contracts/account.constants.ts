/**
 * The personal center: profile, password change, personal API tokens (contracts/account.ts): the
 * module's plain constants, audit actions and server messages (both languages). No zod: the web may
 * import this file at run time (docs/architecture.md "Contracts"); contracts/constants.ts
 * re-exports its constants and contracts/modules.ts lists its entries.
 */
import type { MessageCatalog } from './messages';
import type { ModuleEntry } from './modules';

/** What a token may do (contracts/account.ts apiTokenScopeSchema says what each allows). */
export const API_TOKEN_SCOPES = ['read-only', 'read-write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
/** A token's lifetime when its creator names none: 90 days. */
export const API_TOKEN_DEFAULT_DAYS = 90;
/** Longest lifetime of a token: 365 days from its creation. */
export const API_TOKEN_MAX_DAYS = 365;

/** Audit actions written by the module: `<resource>.<verb>`. */
export const ACCOUNT_MODULE = { auditActions: ['user.profile', 'token.create', 'token.revoke'] } as const satisfies ModuleEntry;

/** The module's server messages (the `message` of its zod checks, its errors' message keys). */
export const ACCOUNT_MESSAGES = {
  'errors.currentPasswordWrong': { 'zh-CN': '当前密码不正确', 'en-US': 'The current password is wrong' },
  'errors.password.sameAsCurrent': {
    'zh-CN': '新密码不能与当前密码相同',
    'en-US': 'The new password must differ from the current one',
  },
  'errors.token.expiryRange': {
    'zh-CN': '到期时间须在将来，且不超过 365 天',
    'en-US': 'The expiry must be in the future and at most 365 days away',
  },
  'errors.token.notFound': { 'zh-CN': '令牌不存在或已吊销', 'en-US': 'No such token, or it is already revoked' },
} as const satisfies MessageCatalog;
