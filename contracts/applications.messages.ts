/**
 * Applications (workspaces) and their members (contracts/applications.ts): the module's server
 * messages in both languages (the `message` of its zod checks, its errors' message keys). No zod;
 * the web never imports this file: contracts/messages.ts gathers every module's messages (listed in
 * contracts/module-messages.ts) into MESSAGES (docs/architecture.md "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const APPLICATIONS_MESSAGES = {
  'errors.slug.pattern': {
    'zh-CN': '标识需 2–32 个字符：小写字母开头，仅含小写字母、数字、- 和 _',
    'en-US': 'Slug must be 2–32 characters: a lower-case letter, then lower-case letters, digits, - or _',
  },
  'errors.slug.reserved': {
    'zh-CN': '该标识是系统保留字，请换一个',
    'en-US': 'This slug is reserved by the system; choose another',
  },
  'errors.slugTaken': { 'zh-CN': '该标识已被使用', 'en-US': 'This slug is already in use' },
  'errors.userNotFound': { 'zh-CN': '没有使用该邮箱的用户', 'en-US': 'No user has this e-mail address' },
  'errors.applicationNotFound': { 'zh-CN': '应用不存在', 'en-US': 'No such application' },
  'errors.notMember': { 'zh-CN': '你不是该应用的成员', 'en-US': 'You are not a member of this application' },
  'errors.lastOwner': {
    'zh-CN': '应用至少需要保留一名所有者',
    'en-US': 'An application must keep at least one owner',
  },
  'errors.memberNotFound': { 'zh-CN': '该用户不是此应用的成员', 'en-US': 'This user is not a member of the application' },
  'errors.application.icon': { 'zh-CN': '请从提供的图标中选择', 'en-US': 'Choose one of the offered icons' },
  'errors.application.color': { 'zh-CN': '主题色需为 #rrggbb 格式', 'en-US': 'Theme colour must be #rrggbb' },
  'errors.application.module': { 'zh-CN': '没有这个模块', 'en-US': 'No such module' },
  'errors.application.memberWho': {
    'zh-CN': '请用用户 ID 或邮箱（二选一）指定成员',
    'en-US': 'Name the member by user id or by e-mail (one of them)',
  },
} as const satisfies MessageCatalog;
