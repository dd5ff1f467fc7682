/**
 * System settings (`/admin/system`, contracts/settings.ts): the module's audit actions and server
 * messages (both languages). No zod: the web may import this file at run time (docs/architecture.md
 * "Contracts"); contracts/constants.ts re-exports its constants and contracts/modules.ts lists its
 * entries.
 */
import type { MessageCatalog } from './messages';
import type { ModuleEntry } from './modules';

/** Audit actions written by the module: `<resource>.<verb>`. */
export const SETTINGS_MODULE = { auditActions: ['settings.update'] } as const satisfies ModuleEntry;

/** The module's server messages (the `message` of its zod checks, its errors' message keys). */
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
  'errors.settings.stale': {
    'zh-CN': '设置已被他人修改，请刷新后再试',
    'en-US': 'Someone else changed the settings meanwhile; reload and try again',
  },
} as const satisfies MessageCatalog;
