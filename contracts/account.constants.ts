/**
 * The personal center: profile, password change, personal API tokens (contracts/account.ts): the
 * module's plain constants and its audit actions (its server messages:
 * contracts/account.messages.ts). No zod: the web imports them at run time, through
 * contracts/constants.ts, which re-exports this file and gathers the entry `ACCOUNT_MODULE` (listed
 * in contracts/modules.ts) into AUDIT_ACTIONS and RECYCLABLE_TYPES (docs/architecture.md
 * "Contracts").
 */
import type { ModuleEntry } from './constants';

/** What a token may do (contracts/account.ts apiTokenScopeSchema says what each allows). */
export const API_TOKEN_SCOPES = ['read-only', 'read-write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
/** A token's lifetime when its creator names none: 90 days. */
export const API_TOKEN_DEFAULT_DAYS = 90;
/** Longest lifetime of a token: 365 days from its creation. */
export const API_TOKEN_MAX_DAYS = 365;

/** Audit actions written by the module: `<resource>.<verb>`. */
export const ACCOUNT_MODULE = { auditActions: ['user.profile', 'token.create', 'token.revoke'] } as const satisfies ModuleEntry;
