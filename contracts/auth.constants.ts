/**
 * Sign-in, sign-out and first-run setup (contracts/auth.ts, server/src/modules/auth and setup): the
 * module's audit actions (its server messages: contracts/auth.messages.ts). No zod: the web imports
 * them at run time, through contracts/constants.ts, which re-exports this file and gathers the
 * entry `AUTH_MODULE` (listed in contracts/modules.ts) into AUDIT_ACTIONS and RECYCLABLE_TYPES
 * (docs/architecture.md "Contracts").
 */
import type { ModuleEntry } from './constants';

/** Audit actions written by the module: `<resource>.<verb>`. */
export const AUTH_MODULE = {
  auditActions: [
    'setup.init',
    'auth.login',
    'auth.login_failed',
    'auth.logout',
    'auth.password_change',
    'auth.password_change_failed',
    'user.preferences',
  ],
} as const satisfies ModuleEntry;
