/**
 * The recycle bin (`/admin/recycle`, contracts/recycle.ts): the module's plain constants and its
 * audit actions (its server messages: contracts/recycle.messages.ts). No zod: the web imports them
 * at run time, through contracts/constants.ts, which re-exports this file and gathers the entry
 * `RECYCLE_MODULE` (listed in contracts/modules.ts) into AUDIT_ACTIONS and RECYCLABLE_TYPES
 * (docs/architecture.md "Contracts").
 */
import type { ModuleEntry } from './constants';

/** The settings key of the recycle bin's retention in days (0 = keep forever). */
export const RECYCLE_RETENTION_KEY = 'recycle.retentionDays';
/** Longest retention the setting accepts (days, ten years). */
export const RECYCLE_RETENTION_MAX_DAYS = 3650;

/** Audit actions written by the module: `<resource>.<verb>`. */
export const RECYCLE_MODULE = {
  auditActions: ['recycle.restore', 'recycle.purge', 'recycle.retention'],
} as const satisfies ModuleEntry;
