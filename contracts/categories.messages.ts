/**
 * Categories (`/admin/category`, contracts/categories.ts): the module's server messages in both
 * languages (the `message` of its zod checks, its errors' message keys). No zod; the web never
 * imports this file: contracts/messages.ts gathers every module's messages (listed in
 * contracts/module-messages.ts) into MESSAGES (docs/architecture.md "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
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
