/**
 * Users (`/admin/user`, contracts/users.ts): the module's server messages in both languages (the
 * `message` of its zod checks, its errors' message keys). No zod; the web never imports this file:
 * contracts/messages.ts gathers every module's messages (listed in contracts/module-messages.ts)
 * into MESSAGES (docs/architecture.md "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const USERS_MESSAGES = {
  'errors.emailTaken': { 'zh-CN': '该邮箱已被使用', 'en-US': 'This e-mail address is already in use' },
  'errors.userIdNotFound': { 'zh-CN': '用户不存在', 'en-US': 'No such user' },
  'errors.cannotDisableSelf': {
    'zh-CN': '不能停用自己的账号',
    'en-US': 'You cannot disable your own account',
  },
  'errors.lastAdmin': {
    'zh-CN': '系统至少需要保留一名启用的管理员',
    'en-US': 'Assay must keep at least one enabled administrator',
  },
  'errors.cannotDeleteSelf': { 'zh-CN': '不能删除自己的账号', 'en-US': 'You cannot delete your own account' },
  'errors.cannotDemoteSelf': {
    'zh-CN': '不能取消自己的管理员身份',
    'en-US': 'You cannot remove your own administrator role',
  },
  'errors.userNotDeleted': { 'zh-CN': '该用户不在回收站中', 'en-US': 'This user is not in the recycle bin' },
  'errors.userStillReferenced': {
    'zh-CN': '该用户创建的应用仍然存在，无法彻底删除',
    'en-US': 'Applications created by this user still exist; it cannot be purged',
  },
  'errors.sessionNotFound': { 'zh-CN': '会话不存在或已结束', 'en-US': 'No such session (it may have ended)' },
} as const satisfies MessageCatalog;
