/**
 * Notices (`/admin/notice`, the notice center; contracts/notices.ts): the module's audit actions,
 * recycle-bin types and server messages (both languages). No zod: the web may import this file at
 * run time (docs/architecture.md "Contracts"); contracts/constants.ts re-exports its constants and
 * contracts/modules.ts lists its entries.
 */
import type { MessageCatalog } from './messages';
import type { ModuleEntry } from './modules';

/** Audit actions written by the module and the recycle-bin types it registers (server core/recycle.registry.ts): `<resource>.<verb>`. */
export const NOTICES_MODULE = {
  auditActions: [
    'notice.create',
    'notice.update',
    'notice.publish',
    'notice.unpublish',
    'notice.delete',
    'notice.send',
    'notice.read',
    'notice.read_all',
  ],
  recycleTypes: ['notice'],
} as const satisfies ModuleEntry;

/** The module's server messages (the `message` of its zod checks, its errors' message keys). */
export const NOTICES_MESSAGES = {
  'errors.noticeNotFound': { 'zh-CN': '通知不存在', 'en-US': 'No such notice' },
  'errors.notice.groupsRequired': { 'zh-CN': '请至少选择一个用户组', 'en-US': 'Choose at least one group' },
  'errors.notice.applicationRequired': { 'zh-CN': '请选择应用', 'en-US': 'Choose the application' },
  'errors.notice.window': { 'zh-CN': '结束时间必须晚于开始时间', 'en-US': 'The end must be after the start' },
  'errors.notice.groupNotFound': { 'zh-CN': '所选用户组不存在或已删除', 'en-US': 'A chosen group does not exist or was deleted' },
  'errors.notice.stale': {
    'zh-CN': '该通知已被他人修改，请刷新后再保存',
    'en-US': 'Someone else changed this notice meanwhile; reload it and save again',
  },
  'errors.notice.notAnnouncement': { 'zh-CN': '消息不能编辑', 'en-US': 'Messages cannot be edited' },
} as const satisfies MessageCatalog;
