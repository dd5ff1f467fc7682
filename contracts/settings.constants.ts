/**
 * System settings (`/admin/system`, contracts/settings.ts): the module's audit actions (its server
 * messages: contracts/settings.messages.ts). No zod: the web imports them at run time, through
 * contracts/constants.ts, which re-exports this file and gathers the entry `SETTINGS_MODULE`
 * (listed in contracts/modules.ts) into AUDIT_ACTIONS and RECYCLABLE_TYPES (docs/architecture.md
 * "Contracts").
 */
import type { ModuleEntry } from './constants';

/** Audit actions written by the module: `<resource>.<verb>`. */
export const SETTINGS_MODULE = { auditActions: ['settings.update'] } as const satisfies ModuleEntry;
