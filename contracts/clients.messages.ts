/**
 * Clients (`/admin/client`, contracts/clients.ts): the module's server messages in both languages
 * (the `message` of its zod checks, its errors' message keys). No zod; the web never imports this
 * file: contracts/messages.ts gathers every module's messages (listed in
 * contracts/module-messages.ts) into MESSAGES (docs/architecture.md "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const CLIENTS_MESSAGES = {
  'errors.client.code': {
    'zh-CN': '编码需 1–32 个字符：字母或数字开头，仅含字母、数字、.、_ 和 -',
    'en-US': 'Code must be 1–32 characters: a letter or digit, then letters, digits, ., _ or -',
  },
  'errors.client.codeTaken': { 'zh-CN': '该客户编码已被使用', 'en-US': 'This client code is already in use' },
  'errors.client.notFound': { 'zh-CN': '客户不存在', 'en-US': 'No such client' },
  'errors.client.applicationUnknown': {
    'zh-CN': '所选应用不存在或已删除',
    'en-US': 'A chosen application does not exist or was deleted',
  },
} as const satisfies MessageCatalog;
