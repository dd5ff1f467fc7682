/**
 * Notices (`/admin/notice`, the notice center; contracts/notices.ts): the module's audit actions
 * and recycle-bin types (its server messages: contracts/notices.messages.ts). No zod: the web
 * imports them at run time, through contracts/constants.ts, which re-exports this file and gathers
 * the entry `NOTICES_MODULE` (listed in contracts/modules.ts) into AUDIT_ACTIONS and
 * RECYCLABLE_TYPES (docs/architecture.md "Contracts").
 */
import type { ModuleEntry } from './constants';

/** Audit actions written by the module and the recycle-bin types it registers (server core/recycle.registry.ts): `<resource>.<verb>`. */
export const NOTICES_MODULE = {
  auditActions: [
    'notice.create',
    'notice.update',
    'notice.publish',
    'notice.unpublish',
    'notice.delete',
    'notice.send',
    'notice.read',
    'notice.read_all',
  ],
  recycleTypes: ['notice'],
} as const satisfies ModuleEntry;
