/**
 * The recycle bin (`/admin/recycle`, contracts/recycle.ts): the module's server messages in both
 * languages (the `message` of its zod checks, its errors' message keys). No zod; the web never
 * imports this file: contracts/messages.ts gathers every module's messages (listed in
 * contracts/module-messages.ts) into MESSAGES (docs/architecture.md "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const RECYCLE_MESSAGES = {
  'errors.recycleTypeUnknown': { 'zh-CN': '回收站没有这种对象类型', 'en-US': 'The recycle bin has no such type of object' },
  'errors.recycleEntryNotFound': { 'zh-CN': '回收站中没有该对象', 'en-US': 'This object is not in the recycle bin' },
  'errors.recycleConflict': {
    'zh-CN': '无法恢复：已存在同名对象“{label}”',
    'en-US': 'Cannot restore: an object named “{label}” already exists',
  },
} as const satisfies MessageCatalog;
