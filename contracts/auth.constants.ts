/**
 * Sign-in, sign-out and first-run setup (contracts/auth.ts, server/src/modules/auth and setup): the
 * module's audit actions and server messages (both languages). No zod: the web may import this file
 * at run time (docs/architecture.md "Contracts"); contracts/constants.ts re-exports its constants
 * and contracts/modules.ts lists its entries.
 */
import type { MessageCatalog } from './messages';
import type { ModuleEntry } from './modules';

/** Audit actions written by the module: `<resource>.<verb>`. */
export const AUTH_MODULE = {
  auditActions: [
    'setup.init',
    'auth.login',
    'auth.login_failed',
    'auth.logout',
    'auth.password_change',
    'auth.password_change_failed',
    'user.preferences',
  ],
} as const satisfies ModuleEntry;

/** The module's server messages (the `message` of its zod checks, its errors' message keys). */
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
