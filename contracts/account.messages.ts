/**
 * The personal center: profile, password change, personal API tokens (contracts/account.ts): the
 * module's server messages in both languages (the `message` of its zod checks, its errors' message
 * keys). No zod; the web never imports this file: contracts/messages.ts gathers every module's
 * messages (listed in contracts/module-messages.ts) into MESSAGES (docs/architecture.md
 * "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const ACCOUNT_MESSAGES = {
  'errors.currentPasswordWrong': { 'zh-CN': '当前密码不正确', 'en-US': 'The current password is wrong' },
  'errors.password.sameAsCurrent': {
    'zh-CN': '新密码不能与当前密码相同',
    'en-US': 'The new password must differ from the current one',
  },
  'errors.token.expiryRange': {
    'zh-CN': '到期时间须在将来，且不超过 365 天',
    'en-US': 'The expiry must be in the future and at most 365 days away',
  },
  'errors.token.notFound': { 'zh-CN': '令牌不存在或已吊销', 'en-US': 'No such token, or it is already revoked' },
} as const satisfies MessageCatalog;
