/**
 * System settings (`/admin/system`, contracts/settings.ts): the module's server messages in both
 * languages (the `message` of its zod checks, its errors' message keys). No zod; the web never
 * imports this file: contracts/messages.ts gathers every module's messages (listed in
 * contracts/module-messages.ts) into MESSAGES (docs/architecture.md "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const SETTINGS_MESSAGES = {
  'errors.settings.integer': { 'zh-CN': '请输入整数', 'en-US': 'Enter a whole number' },
  'errors.settings.logoTooLarge': { 'zh-CN': '标志图片不能超过 256 KB', 'en-US': 'The logo image must be at most 256 KB' },
  'errors.settings.logoInvalid': {
    'zh-CN': '标志须为 PNG、JPEG、GIF、WebP 或 SVG 图片，或本站的路径（如 /admin/logo.svg）',
    'en-US': 'The logo must be a PNG, JPEG, GIF, WebP or SVG image, or a path on this server (such as /admin/logo.svg)',
  },
  'errors.settings.idleTooLong': {
    'zh-CN': '空闲超时不能长于绝对超时',
    'en-US': 'The idle timeout cannot be longer than the absolute timeout',
  },
  'errors.settings.allowedHostInvalid': {
    'zh-CN': '请填写主机名、.域名、IP 地址或 CIDR 网段（如 hooks.internal、.corp.example、10.0.0.5、10.20.0.0/16）',
    'en-US':
      'Enter a host name, .domain, IP address or CIDR block (such as hooks.internal, .corp.example, 10.0.0.5, 10.20.0.0/16)',
  },
  'errors.settings.smtpHostInvalid': {
    'zh-CN': '请填写 SMTP 服务器的主机名或 IP 地址',
    'en-US': 'Enter the SMTP server’s host name or IP address',
  },
  'errors.settings.smtpIncomplete': {
    'zh-CN': '发信需要 SMTP 服务器和发件地址',
    'en-US': 'Sending e-mail needs both the SMTP server and the sender address',
  },
  'errors.settings.webhookUrlInvalid': {
    'zh-CN': '请填写 http:// 或 https:// 开头的网址',
    'en-US': 'Enter a URL starting with http:// or https://',
  },
  'errors.settings.stale': {
    'zh-CN': '设置已被他人修改，请刷新后再试',
    'en-US': 'Someone else changed the settings meanwhile; reload and try again',
  },
} as const satisfies MessageCatalog;
