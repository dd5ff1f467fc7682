/**
 * Tags (`/admin/tag`, contracts/tags.ts) and the targets tags and categories attach to: the
 * module's plain constants, audit actions, recycle-bin types and server messages (both languages).
 * No zod: the web may import this file at run time (docs/architecture.md "Contracts");
 * contracts/constants.ts re-exports its constants and contracts/modules.ts lists its entries.
 */
import type { MessageCatalog } from './messages';
import type { ModuleEntry } from './modules';

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

/** The module's server messages (the `message` of its zod checks, its errors' message keys). */
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
