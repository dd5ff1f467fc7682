/**
 * Variables (`/admin/variable`, contracts/variables.ts): the module's plain constants and its audit
 * actions and recycle-bin types (its server messages: contracts/variables.messages.ts). No zod: the
 * web imports them at run time, through contracts/constants.ts, which re-exports this file and
 * gathers the entry `VARIABLES_MODULE` (listed in contracts/modules.ts) into AUDIT_ACTIONS and
 * RECYCLABLE_TYPES (docs/architecture.md "Contracts").
 */
import type { ModuleEntry } from './constants';

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
