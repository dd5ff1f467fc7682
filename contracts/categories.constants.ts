/**
 * Categories (`/admin/category`, contracts/categories.ts): the module's audit actions, recycle-bin
 * types and server messages (both languages). No zod: the web may import this file at run time
 * (docs/architecture.md "Contracts"); contracts/constants.ts re-exports its constants and
 * contracts/modules.ts lists its entries.
 */
import type { MessageCatalog } from './messages';
import type { ModuleEntry } from './modules';

/** Audit actions written by the module and the recycle-bin types it registers (server core/recycle.registry.ts): `<resource>.<verb>`. */
export const CATEGORIES_MODULE = {
  auditActions: ['category.create', 'category.update', 'category.move', 'category.delete', 'category.assign'],
  recycleTypes: ['category'],
} as const satisfies ModuleEntry;

/** The module's server messages (the `message` of its zod checks, its errors' message keys). */
export const CATEGORIES_MESSAGES = {
  'errors.category.notFound': { 'zh-CN': '分类不存在', 'en-US': 'No such category' },
  'errors.category.parentNotFound': { 'zh-CN': '上级分类不存在', 'en-US': 'The parent category does not exist' },
  'errors.category.cycle': {
    'zh-CN': '不能把分类移到它自己或它的下级分类之下',
    'en-US': 'A category cannot be moved under itself or one of its descendants',
  },
  'errors.category.hasChildren': {
    'zh-CN': '该分类还有下级分类，请先移动或删除它们',
    'en-US': 'This category has subcategories; move or delete them first',
  },
  'errors.category.nameTaken': {
    'zh-CN': '同一上级下已存在同名分类',
    'en-US': 'A category with this name already exists under the same parent',
  },
  'errors.category.parentDeleted': {
    'zh-CN': '上级分类已被删除，请先恢复上级分类',
    'en-US': 'The parent category was deleted; restore it first',
  },
  'errors.category.unknown': {
    'zh-CN': '包含不存在或已删除的分类',
    'en-US': 'Some categories do not exist or were deleted',
  },
} as const satisfies MessageCatalog;
