/**
 * Saved views of a subject and their share links (contracts/views.ts): the module's server messages
 * in both languages (the `message` of its zod checks, its errors' message keys). No zod; the web
 * never imports this file: contracts/messages.ts gathers every module's messages (listed in
 * contracts/module-messages.ts) into MESSAGES (docs/architecture.md "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const VIEWS_MESSAGES = {
  'errors.view.notFound': { 'zh-CN': '视图不存在', 'en-US': 'No such view' },
  'errors.view.field': { 'zh-CN': '该数据对象没有这个字段，或字段类型不适用于此视图', 'en-US': 'No such field of the subject, or a field type this view cannot use' },
  'errors.view.shareNotFound': { 'zh-CN': '分享链接无效、已过期或已撤销', 'en-US': 'The share link is invalid, expired or revoked' },
  'errors.view.sharePassword': { 'zh-CN': '此分享链接需要密码', 'en-US': 'This share link needs a password' },
  'errors.view.sharePasswordWrong': { 'zh-CN': '分享密码错误', 'en-US': 'Wrong share password' },
  'errors.view.shareLocked': {
    'zh-CN': '密码错误次数过多，此分享链接已被锁定，请联系分享者解锁',
    'en-US': 'Too many wrong passwords: this share link is locked until whoever shared it unlocks it',
  },
  'errors.view.shareGuesses': {
    'zh-CN': '此分享链接的密码尝试次数过多，请 {n} 分钟后再试',
    'en-US': 'Too many password attempts on this share link; try again in {n} minutes',
  },
  'errors.view.sharePasswordMin': { 'zh-CN': '分享密码至少 8 个字符', 'en-US': 'A share password needs at least 8 characters' },
  'notices.shareLocked.title': { 'zh-CN': '分享链接已被锁定', 'en-US': 'A share link was locked' },
  'notices.shareLocked.body': {
    'zh-CN': '<p>视图「{view}」的分享链接 {prefix}… 在 {n} 次密码错误后已被锁定，任何人都无法再打开它。如需继续分享，请在该视图的“分享”中解锁或设置新密码。</p>',
    'en-US': '<p>The share link {prefix}… of the view "{view}" was locked after {n} wrong passwords: it opens for no one. To share it again, unlock it or set a new password in the view\'s Share links.</p>',
  },
  'errors.view.expiryPast': { 'zh-CN': '过期时间须晚于现在', 'en-US': 'The expiry must be in the future' },
} as const satisfies MessageCatalog;
