/**
 * Server-side messages in both languages (docs/product.md "API conventions": "Server messages follow the request's
 * language"). Keys are the `message` of contracts' custom zod checks and the server's errors.
 *
 * This file holds the messages no one module owns (validation, sign-in and request errors, the
 * password rules several modules apply); each module's live in its contracts/<module>.messages.ts
 * (`<MODULE>_MESSAGES`, listed in contracts/module-messages.ts), and MESSAGES is all of them. A key
 * is defined once (contracts/modules.test.ts checks). The web does not import this file.
 */
import type { Locale } from './constants';
import * as CATALOGS from './module-messages';

/** A catalogue of messages: key → the text in each language (`{name}` placeholders, formatMessage). */
export type MessageCatalog = Record<string, Record<Locale, string>>;

/** The messages no one module owns. */
export const SHARED_MESSAGES = {
  'errors.required': { 'zh-CN': '必填', 'en-US': 'Required' },
  'errors.password.tooShort': {
    'zh-CN': '密码至少 10 个字符',
    'en-US': 'Password must be at least 10 characters',
  },
  'errors.password.tooLong': { 'zh-CN': '密码最多 128 个字符', 'en-US': 'Password must be at most 128 characters' },
  'errors.password.weak': {
    'zh-CN': '密码需同时包含字母和数字，且不能过于简单',
    'en-US': 'Password must contain letters and digits and not be trivially simple',
  },
  'errors.email.invalid': { 'zh-CN': '邮箱格式不正确', 'en-US': 'Not a valid e-mail address' },
  'errors.validation': { 'zh-CN': '输入有误，请检查标出的字段', 'en-US': 'Some fields are invalid; check the marked fields' },
  'errors.badRequest': { 'zh-CN': '请求格式不正确', 'en-US': 'The request is malformed' },
  // bad input (server lib/text-input.ts, lib/error-handler.ts's database safety net)
  'errors.uuid': { 'zh-CN': '须为有效的 ID（UUID）', 'en-US': 'Must be a valid id (a UUID)' },
  'errors.text.nul': { 'zh-CN': '不能包含空字符（U+0000）', 'en-US': 'Must not contain a NUL character (U+0000)' },
  'errors.text.surrogate': {
    'zh-CN': '包含无效的 Unicode 字符（不成对的代理项）',
    'en-US': 'Contains an invalid Unicode character (an unpaired surrogate)',
  },
  'errors.database.text': {
    'zh-CN': '输入包含数据库无法保存的字符',
    'en-US': 'The input contains a character the database cannot store',
  },
  'errors.database.value': {
    'zh-CN': '输入的值无效或超出允许范围',
    'en-US': 'A value in the request is not valid or out of range',
  },
  'errors.unauthenticated': { 'zh-CN': '请先登录', 'en-US': 'Please sign in first' },
  'errors.forbidden': { 'zh-CN': '没有权限执行此操作', 'en-US': 'You do not have permission to do this' },
  'errors.notFound': { 'zh-CN': '未找到', 'en-US': 'Not found' },
  'errors.routeNotFound': { 'zh-CN': '接口不存在', 'en-US': 'No such API endpoint' },
  'errors.csrf': {
    'zh-CN': '请求被拒绝：缺少防跨站请求标头',
    'en-US': 'Request refused: the anti-forgery header is missing',
  },
  'errors.contentType': {
    'zh-CN': '请求体必须是 application/json',
    'en-US': 'The request body must be application/json',
  },
  'errors.noRouteData': { 'zh-CN': '该页面没有服务端数据', 'en-US': 'This page has no server-side data' },
  'errors.internal': { 'zh-CN': '服务器内部错误', 'en-US': 'Internal server error' },
  'errors.rateLimited': { 'zh-CN': '请求过于频繁，请稍后再试', 'en-US': 'Too many requests; try again later' },
  'errors.csrfOrigin': {
    'zh-CN': '请求被拒绝：来自其他站点的请求',
    'en-US': 'Request refused: it came from another site',
  },
  'errors.hostNotAllowed': {
    'zh-CN': '此服务器不响应该主机名的请求（请在 ALLOWED_HOSTS 中加入它）',
    'en-US': 'This server does not answer for this host name (add it to ALLOWED_HOSTS)',
  },
  'errors.sort': { 'zh-CN': '排序参数不正确', 'en-US': 'Not a valid sort' },
  'errors.password.tooShortFloor': { 'zh-CN': '密码至少 8 个字符', 'en-US': 'Password must be at least 8 characters' },
  'errors.password.policyLength': {
    'zh-CN': '密码至少 {min} 个字符（密码策略）',
    'en-US': 'Password must be at least {min} characters (password policy)',
  },
  'errors.password.policyClasses': {
    'zh-CN': '密码需包含以下至少 {n} 类字符：小写字母、大写字母、数字、符号（密码策略）',
    'en-US': 'Password must mix at least {n} of: lower-case letters, upper-case letters, digits, symbols (password policy)',
  },
  'errors.phone.invalid': {
    'zh-CN': '电话号码格式不正确（3–32 位数字，可含空格、+、-、括号）',
    'en-US': 'Not a valid phone number (3–32 digits, spaces, +, -, parentheses)',
  },
  'errors.date.invalid': { 'zh-CN': '日期时间格式不正确', 'en-US': 'Not a valid date and time' },
  'errors.token.readOnly': {
    'zh-CN': '此 API 令牌为只读，不能修改数据（POST、PUT、PATCH、DELETE）',
    'en-US': 'This API token is read-only: it cannot change anything (POST, PUT, PATCH, DELETE)',
  },
  'errors.sessionRequired': {
    'zh-CN': '此操作需要在浏览器中登录后进行，API 令牌不能执行',
    'en-US': 'This needs a signed-in browser session; an API token cannot do it',
  },
} as const satisfies MessageCatalog;

type Catalog = (typeof CATALOGS)[keyof typeof CATALOGS];
type KeysOf<T> = T extends unknown ? keyof T : never;

/** Every module's messages (contracts/module-messages.ts), in the order of their names. */
export const MODULE_CATALOGS: readonly Catalog[] = Object.keys(CATALOGS)
  .filter((name) => name.endsWith('_MESSAGES'))
  .sort()
  .map((name) => CATALOGS[name as keyof typeof CATALOGS]);

/** A key of the catalogue: a shared message or one of any module's. */
export type MessageKey = keyof typeof SHARED_MESSAGES | KeysOf<Catalog>;

/** Every message: the shared ones and every module's. */
export const MESSAGES: Readonly<Record<MessageKey, Readonly<Record<Locale, string>>>> = Object.assign(
  {},
  SHARED_MESSAGES,
  ...MODULE_CATALOGS,
);

/** True when `key` names a message of the catalogue. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

/** The message for `key` in `locale`; an unknown key is returned unchanged. */
export function translate(key: string, locale: Locale): string {
  return isMessageKey(key) ? MESSAGES[key][locale] : key;
}

/**
 * The message for `key` in `locale` with `{name}` placeholders filled from `params`
 * (e.g. `formatMessage('errors.loginThrottled.seconds', 'en-US', { n: 8 })` →
 * "Too many failed sign-in attempts; try again in 8 seconds"). Unknown placeholders stay as written.
 */
export function formatMessage(key: string, locale: Locale, params: Record<string, string | number> = {}): string {
  return translate(key, locale).replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}
