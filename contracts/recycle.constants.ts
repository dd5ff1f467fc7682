/**
 * The recycle bin (`/admin/recycle`, contracts/recycle.ts): the module's plain constants, audit
 * actions and server messages (both languages). No zod: the web may import this file at run time
 * (docs/architecture.md "Contracts"); contracts/constants.ts re-exports its constants and
 * contracts/modules.ts lists its entries.
 */
import type { MessageCatalog } from './messages';
import type { ModuleEntry } from './modules';

/** The settings key of the recycle bin's retention in days (0 = keep forever). */
export const RECYCLE_RETENTION_KEY = 'recycle.retentionDays';
/** Longest retention the setting accepts (days, ten years). */
export const RECYCLE_RETENTION_MAX_DAYS = 3650;

/** Audit actions written by the module: `<resource>.<verb>`. */
export const RECYCLE_MODULE = {
  auditActions: ['recycle.restore', 'recycle.purge', 'recycle.retention'],
} as const satisfies ModuleEntry;

/** The module's server messages (the `message` of its zod checks, its errors' message keys). */
export const RECYCLE_MESSAGES = {
  'errors.recycleTypeUnknown': { 'zh-CN': '回收站没有这种对象类型', 'en-US': 'The recycle bin has no such type of object' },
  'errors.recycleEntryNotFound': { 'zh-CN': '回收站中没有该对象', 'en-US': 'This object is not in the recycle bin' },
  'errors.recycleConflict': {
    'zh-CN': '无法恢复：已存在同名对象“{label}”',
    'en-US': 'Cannot restore: an object named “{label}” already exists',
  },
} as const satisfies MessageCatalog;
