/**
 * Dynamic forms (contracts/forms.ts, contracts/form-rules.ts): the module's server messages in both
 * languages (the `message` of its zod checks, its errors' message keys). No zod; the web never
 * imports this file: contracts/messages.ts gathers every module's messages (listed in
 * contracts/module-messages.ts) into MESSAGES (docs/architecture.md "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const FORMS_MESSAGES = {
  // dynamic forms: layout checks name `layout.sections.<i>.fields.<j>.…`; a record write names `formId`
  'errors.form.notFound': { 'zh-CN': '表单不存在', 'en-US': 'No such form' },
  'errors.form.unknownField': { 'zh-CN': '该数据对象没有字段“{key}”', 'en-US': 'The subject has no field "{key}"' },
  'errors.form.computedField': { 'zh-CN': '字段“{key}”由系统计算，不能放进表单', 'en-US': 'Field "{key}" is computed and cannot be placed on a form' },
  'errors.form.duplicateField': { 'zh-CN': '同一字段在表单中只能出现一次', 'en-US': 'A field can be placed on a form only once' },
  'errors.form.tooManyFields': { 'zh-CN': '表单字段过多', 'en-US': 'Too many fields on the form' },
  'errors.form.otherSubject': { 'zh-CN': '该表单不属于这个数据对象', 'en-US': 'This form belongs to another subject' },
} as const satisfies MessageCatalog;
