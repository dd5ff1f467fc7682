/**
 * Tags (`/admin/tag`, contracts/tags.ts) and the targets tags and categories attach to: the
 * module's plain constants and its audit actions and recycle-bin types (its server messages:
 * contracts/tags.messages.ts). No zod: the web imports them at run time, through
 * contracts/constants.ts, which re-exports this file and gathers the entry `TAGS_MODULE` (listed in
 * contracts/modules.ts) into AUDIT_ACTIONS and RECYCLABLE_TYPES (docs/architecture.md "Contracts").
 */
import type { ModuleEntry } from './constants';

/** Tag colour: `#rrggbb` (lower- or upper-case hex). */
export const TAG_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/**
 * What tags and categories attach to (`target_type` of taggings/categorizations): a lower-case
 * word naming the kind of object ('variable', 'record', 'user'…), 1–32 characters.
 */
export const TARGET_TYPE_PATTERN = /^[a-z][a-zA-Z0-9_-]{0,31}$/;

/** Audit actions written by the module and the recycle-bin types it registers (server core/recycle.registry.ts): `<resource>.<verb>`. */
export const TAGS_MODULE = {
  auditActions: ['tag.create', 'tag.update', 'tag.delete', 'tag.assign'],
  recycleTypes: ['tag'],
} as const satisfies ModuleEntry;
