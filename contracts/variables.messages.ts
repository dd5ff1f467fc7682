/**
 * Variables (`/admin/variable`, contracts/variables.ts): the module's server messages in both
 * languages (the `message` of its zod checks, its errors' message keys). No zod; the web never
 * imports this file: contracts/messages.ts gathers every module's messages (listed in
 * contracts/module-messages.ts) into MESSAGES (docs/architecture.md "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const VARIABLES_MESSAGES = {
  'errors.variable.key': {
    'zh-CN': '键需 1–64 个字符：字母或 _ 开头，仅含字母、数字、_ 和 .',
    'en-US': 'Key must be 1–64 characters: a letter or _, then letters, digits, _ or .',
  },
  'errors.variable.number': { 'zh-CN': '值必须是数字', 'en-US': 'The value must be a number' },
  'errors.variable.json': { 'zh-CN': '值必须是合法的 JSON', 'en-US': 'The value must be valid JSON' },
  'errors.variable.keyTaken': {
    'zh-CN': '该作用域下已存在同名变量',
    'en-US': 'A variable with this key already exists in this scope',
  },
  'errors.variable.notFound': { 'zh-CN': '变量不存在', 'en-US': 'No such variable' },
} as const satisfies MessageCatalog;
