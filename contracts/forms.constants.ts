/**
 * Dynamic forms (contracts/forms.ts, contracts/form-rules.ts): the module's plain constants and its
 * audit actions and recycle-bin types (its server messages: contracts/forms.messages.ts). No zod:
 * the web imports them at run time, through contracts/constants.ts, which re-exports this file and
 * gathers the entry `FORMS_MODULE` (listed in contracts/modules.ts) into AUDIT_ACTIONS and
 * RECYCLABLE_TYPES (docs/architecture.md "Contracts").
 */
import type { ModuleEntry } from './constants';

/**
 * The operators of a dynamic form's condition (contracts/form-rules.ts says how each
 * compares). Here, not in forms.ts, so the browser reads them without building zod schemas.
 */
export const FORM_CONDITION_OPS = ['eq', 'neq', 'in', 'notIn', 'empty', 'notEmpty', 'gt', 'lt'] as const;
export type FormConditionOp = (typeof FORM_CONDITION_OPS)[number];

/** Audit actions written by the module and the recycle-bin types it registers (server core/recycle.registry.ts): `<resource>.<verb>`. */
export const FORMS_MODULE = {
  auditActions: ['form.create', 'form.update', 'form.delete'],
  recycleTypes: ['form'],
} as const satisfies ModuleEntry;
