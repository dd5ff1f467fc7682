/**
 * Saved views of a subject and their share links (contracts/views.ts): the module's audit actions
 * and recycle-bin types (its server messages: contracts/views.messages.ts). No zod: the web imports
 * them at run time, through contracts/constants.ts, which re-exports this file and gathers the
 * entry `VIEWS_MODULE` (listed in contracts/modules.ts) into AUDIT_ACTIONS and RECYCLABLE_TYPES
 * (docs/architecture.md "Contracts").
 */
import type { ModuleEntry } from './constants';

/** Audit actions written by the module and the recycle-bin types it registers (server core/recycle.registry.ts): `<resource>.<verb>`. */
export const VIEWS_MODULE = {
  auditActions: [
    'view.create',
    'view.update',
    'view.delete',
    'view.share_create',
    'view.share_revoke',
    'view.share_lock',
    'view.share_unlock',
  ],
  recycleTypes: ['view'],
} as const satisfies ModuleEntry;
