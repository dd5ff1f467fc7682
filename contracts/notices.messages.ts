/**
 * Notices (`/admin/notice`, the notice center; contracts/notices.ts): the module's server messages
 * in both languages (the `message` of its zod checks, its errors' message keys). No zod; the web
 * never imports this file: contracts/messages.ts gathers every module's messages (listed in
 * contracts/module-messages.ts) into MESSAGES (docs/architecture.md "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
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
