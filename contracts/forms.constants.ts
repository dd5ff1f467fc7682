/**
 * Dynamic forms (contracts/forms.ts, contracts/form-rules.ts): the module's plain constants, audit
 * actions, recycle-bin types and server messages (both languages). No zod: the web may import this
 * file at run time (docs/architecture.md "Contracts"); contracts/constants.ts re-exports its
 * constants and contracts/modules.ts lists its entries.
 */
import type { MessageCatalog } from './messages';
import type { ModuleEntry } from './modules';

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

/** The module's server messages (the `message` of its zod checks, its errors' message keys). */
export const FORMS_MESSAGES = {
  // dynamic forms: layout checks name `layout.sections.<i>.fields.<j>.…`; a record write names `formId`
  'errors.form.notFound': { 'zh-CN': '表单不存在', 'en-US': 'No such form' },
  'errors.form.unknownField': { 'zh-CN': '该数据对象没有字段“{key}”', 'en-US': 'The subject has no field "{key}"' },
  'errors.form.computedField': { 'zh-CN': '字段“{key}”由系统计算，不能放进表单', 'en-US': 'Field "{key}" is computed and cannot be placed on a form' },
  'errors.form.duplicateField': { 'zh-CN': '同一字段在表单中只能出现一次', 'en-US': 'A field can be placed on a form only once' },
  'errors.form.tooManyFields': { 'zh-CN': '表单字段过多', 'en-US': 'Too many fields on the form' },
  'errors.form.otherSubject': { 'zh-CN': '该表单不属于这个数据对象', 'en-US': 'This form belongs to another subject' },
} as const satisfies MessageCatalog;
