/**
 * Variables (`/admin/variable`, contracts/variables.ts): the module's plain constants, audit
 * actions, recycle-bin types and server messages (both languages). No zod: the web may import this
 * file at run time (docs/architecture.md "Contracts"); contracts/constants.ts re-exports its
 * constants and contracts/modules.ts lists its entries.
 */
import type { MessageCatalog } from './messages';
import type { ModuleEntry } from './modules';

/** Variable types (Variables): a secret's value is write-only and stored encrypted. */
export const VARIABLE_TYPES = ['text', 'number', 'json', 'secret'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

/** Variable key: an identifier, 1–64 characters: a letter or `_`, then letters, digits, `_` or `.`. */
export const VARIABLE_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_.]{0,63}$/;

/** Longest variable value, in characters (64 KiB of text). */
export const VARIABLE_VALUE_MAX = 65_536;

/**
 * Why `value` is not valid for a variable of `type`, as a message key of contracts/messages.ts, or
 * null when it is: a number must parse as a finite number (`Number(value)`, blanks refused), JSON
 * must parse (`JSON.parse`), a secret must not be empty; text takes anything. Shared by the zod
 * schemas (contracts/variables.ts), the server's update rule and the web form.
 */
export function variableValueProblem(type: VariableType, value: string): 'errors.variable.number' | 'errors.variable.json' | 'errors.required' | null {
  if (type === 'number') return value.trim() !== '' && Number.isFinite(Number(value)) ? null : 'errors.variable.number';
  if (type === 'json') {
    try {
      JSON.parse(value);
      return null;
    } catch {
      return 'errors.variable.json';
    }
  }
  if (type === 'secret') return value === '' ? 'errors.required' : null;
  return null;
}

/** Audit actions written by the module and the recycle-bin types it registers (server core/recycle.registry.ts): `<resource>.<verb>`. */
export const VARIABLES_MODULE = {
  auditActions: ['variable.create', 'variable.update', 'variable.delete'],
  recycleTypes: ['variable'],
} as const satisfies ModuleEntry;

/** The module's server messages (the `message` of its zod checks, its errors' message keys). */
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
