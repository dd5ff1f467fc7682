/**
 * Groups of users (`/admin/group`, contracts/groups.ts): the module's audit actions and recycle-bin
 * types (its server messages: contracts/groups.messages.ts). No zod: the web imports them at run
 * time, through contracts/constants.ts, which re-exports this file and gathers the entry
 * `GROUPS_MODULE` (listed in contracts/modules.ts) into AUDIT_ACTIONS and RECYCLABLE_TYPES
 * (docs/architecture.md "Contracts").
 */
import type { ModuleEntry } from './constants';

/** Audit actions written by the module and the recycle-bin types it registers (server core/recycle.registry.ts): `<resource>.<verb>`. */
export const GROUPS_MODULE = {
  auditActions: [
    'group.create',
    'group.update',
    'group.delete',
    'group.member_add',
    'group.member_remove',
    'group.grant_add',
    'group.grant_update',
    'group.grant_remove',
  ],
  recycleTypes: ['group'],
} as const satisfies ModuleEntry;
