/**
 * Categories (`/admin/category`, contracts/categories.ts): the module's audit actions and
 * recycle-bin types (its server messages: contracts/categories.messages.ts). No zod: the web
 * imports them at run time, through contracts/constants.ts, which re-exports this file and gathers
 * the entry `CATEGORIES_MODULE` (listed in contracts/modules.ts) into AUDIT_ACTIONS and
 * RECYCLABLE_TYPES (docs/architecture.md "Contracts").
 */
import type { ModuleEntry } from './constants';

/** Audit actions written by the module and the recycle-bin types it registers (server core/recycle.registry.ts): `<resource>.<verb>`. */
export const CATEGORIES_MODULE = {
  auditActions: ['category.create', 'category.update', 'category.move', 'category.delete', 'category.assign'],
  recycleTypes: ['category'],
} as const satisfies ModuleEntry;
