/**
 * Users (`/admin/user`, contracts/users.ts): the module's audit actions and recycle-bin types (its
 * server messages: contracts/users.messages.ts). No zod: the web imports them at run time, through
 * contracts/constants.ts, which re-exports this file and gathers the entry `USERS_MODULE` (listed
 * in contracts/modules.ts) into AUDIT_ACTIONS and RECYCLABLE_TYPES (docs/architecture.md
 * "Contracts").
 */
import type { ModuleEntry } from './constants';

/** Audit actions written by the module and the recycle-bin types it registers (server core/recycle.registry.ts): `<resource>.<verb>`. */
export const USERS_MODULE = {
  auditActions: ['user.create', 'user.update', 'user.password_reset', 'user.delete', 'user.session_revoke'],
  recycleTypes: ['user'],
} as const satisfies ModuleEntry;
