/**
 * Sign-in, sign-out and first-run setup (contracts/auth.ts, server/src/modules/auth and setup): the
 * module's server messages in both languages (the `message` of its zod checks, its errors' message
 * keys). No zod; the web never imports this file: contracts/messages.ts gathers every module's
 * messages (listed in contracts/module-messages.ts) into MESSAGES (docs/architecture.md
 * "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const AUTH_MESSAGES = {
  'errors.setupClosed': {
    'zh-CN': '系统已初始化，初始化入口已关闭',
    'en-US': 'Assay is already initialised; setup is closed',
  },
  'errors.setupRequired': { 'zh-CN': '系统尚未初始化', 'en-US': 'Assay has not been initialised yet' },
  'errors.invalidCredentials': { 'zh-CN': '邮箱或密码错误', 'en-US': 'Wrong e-mail or password' },
  'errors.accountDisabled': {
    'zh-CN': '该账号已停用，请联系管理员',
    'en-US': 'This account is disabled; contact an administrator',
  },
  'errors.loginThrottled.second': {
    'zh-CN': '登录失败次数过多，请 1 秒后再试',
    'en-US': 'Too many failed sign-in attempts; try again in 1 second',
  },
  'errors.loginThrottled.seconds': {
    'zh-CN': '登录失败次数过多，请 {n} 秒后再试',
    'en-US': 'Too many failed sign-in attempts; try again in {n} seconds',
  },
  'errors.loginThrottled.minute': {
    'zh-CN': '登录失败次数过多，请 1 分钟后再试',
    'en-US': 'Too many failed sign-in attempts; try again in 1 minute',
  },
  'errors.loginThrottled.minutes': {
    'zh-CN': '登录失败次数过多，请 {n} 分钟后再试',
    'en-US': 'Too many failed sign-in attempts; try again in {n} minutes',
  },
} as const satisfies MessageCatalog;
