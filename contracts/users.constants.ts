/**
 * Users (`/admin/user`, contracts/users.ts): the module's audit actions, recycle-bin types and
 * server messages (both languages). No zod: the web may import this file at run time
 * (docs/architecture.md "Contracts"); contracts/constants.ts re-exports its constants and
 * contracts/modules.ts lists its entries.
 */
import type { MessageCatalog } from './messages';
import type { ModuleEntry } from './modules';

/** Audit actions written by the module and the recycle-bin types it registers (server core/recycle.registry.ts): `<resource>.<verb>`. */
export const USERS_MODULE = {
  auditActions: ['user.create', 'user.update', 'user.password_reset', 'user.delete', 'user.session_revoke'],
  recycleTypes: ['user'],
} as const satisfies ModuleEntry;

/** The module's server messages (the `message` of its zod checks, its errors' message keys). */
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
