/**
 * Tags (`/admin/tag`, contracts/tags.ts) and the targets tags and categories attach to: the
 * module's server messages in both languages (the `message` of its zod checks, its errors' message
 * keys). No zod; the web never imports this file: contracts/messages.ts gathers every module's
 * messages (listed in contracts/module-messages.ts) into MESSAGES (docs/architecture.md
 * "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const TAGS_MESSAGES = {
  'errors.tag.color': { 'zh-CN': '颜色需为 #rrggbb 格式', 'en-US': 'Colour must be #rrggbb' },
  'errors.tag.nameTaken': { 'zh-CN': '已存在同名标签', 'en-US': 'A tag with this name already exists' },
  'errors.tag.notFound': { 'zh-CN': '标签不存在', 'en-US': 'No such tag' },
  'errors.tag.unknown': { 'zh-CN': '包含不存在或已删除的标签', 'en-US': 'Some tags do not exist or were deleted' },
  'errors.target.type': {
    'zh-CN': '对象类型需为小写字母开头的 1–32 个字符',
    'en-US': 'Target type must be 1–32 characters starting with a lower-case letter',
  },
} as const satisfies MessageCatalog;
