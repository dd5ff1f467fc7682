/**
 * Subjects and fields, the data core's schema (contracts/subjects.ts): the module's server messages
 * in both languages (the `message` of its zod checks, its errors' message keys). No zod; the web
 * never imports this file: contracts/messages.ts gathers every module's messages (listed in
 * contracts/module-messages.ts) into MESSAGES (docs/architecture.md "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const SUBJECTS_MESSAGES = {
  'errors.key.pattern': {
    'zh-CN': '标识须以小写字母开头，只含小写字母、数字和下划线，最多 40 个字符',
    'en-US': 'A key starts with a lower-case letter and has only lower-case letters, digits and _, at most 40 characters',
  },
  'errors.key.reserved': { 'zh-CN': '该标识为系统保留', 'en-US': 'This key is reserved' },
  'errors.keyTaken': { 'zh-CN': '该标识已被使用', 'en-US': 'This key is already in use' },
  'errors.field.currency': { 'zh-CN': '币种须为 3 个大写字母（ISO 4217）', 'en-US': 'A currency is 3 capital letters (ISO 4217)' },
  'errors.subjectNotFound': { 'zh-CN': '数据对象不存在', 'en-US': 'No such subject' },
  'errors.fieldNotFound': { 'zh-CN': '字段不存在', 'en-US': 'No such field' },
  // subjects and fields: schema changes (modules/subjects)
  'errors.subject.displayField': {
    'zh-CN': '显示字段须为本数据对象的一个字段，且其类型能命名记录（文本、数字、日期、单选、公式、自动编号等）',
    'en-US': 'The display field must be one of the subject’s fields, of a type that can name a record (text, number, date, single select, formula, auto number…)',
  },
  'errors.subject.inUse': {
    'zh-CN': '其他数据对象的关联字段仍指向此数据对象：{names}；请先删除或修改这些字段',
    'en-US': 'Relation fields of other subjects still point here: {names}; delete or change them first',
  },
  'errors.field.locked': {
    'zh-CN': '这是系统模型的锁定字段：其标识、类型、必填/唯一、关联目标和选项不能修改，也不能删除',
    'en-US': 'This is a locked field of a system model: its key, type, required/unique flags, relation target and choices cannot change, and it cannot be deleted',
  },
  'errors.subject.model': {
    'zh-CN': '这是系统模型（{model}）的主题，不能删除',
    'en-US': 'This subject belongs to a system model ({model}) and cannot be deleted',
  },
  'errors.field.keyFixed': { 'zh-CN': '字段标识创建后不能修改', 'en-US': 'A field’s key cannot change once created' },
  'errors.field.keyDuplicate': { 'zh-CN': '字段标识重复：{key}', 'en-US': 'Two fields have the key {key}' },
  'errors.field.choicesRequired': { 'zh-CN': '选择字段至少需要一个选项', 'en-US': 'A select needs at least one option' },
  'errors.field.choicesUnique': { 'zh-CN': '选项名称重复：{label}', 'en-US': 'Two options are named {label}' },
  'errors.field.targetSubject': {
    'zh-CN': '请选择本应用中的一个数据对象作为关联目标',
    'en-US': 'Choose a subject of this application as the relation’s target',
  },
  'errors.field.targetFixed': {
    'zh-CN': '已有记录建立了关联，关联目标不能再修改',
    'en-US': 'Records already hold links; the relation’s target cannot change',
  },
  'errors.field.formula': { 'zh-CN': '公式无效：{reason}', 'en-US': 'Invalid formula: {reason}' },
  'errors.field.formulaCycle': {
    'zh-CN': '公式之间不能循环引用：{names}',
    'en-US': 'Formulas cannot read each other in a circle: {names}',
  },
  'errors.field.validationNotApplicable': {
    'zh-CN': '此规则不适用于 {type} 类型的字段',
    'en-US': 'This rule does not apply to a {type} field',
  },
  'errors.field.bound': {
    'zh-CN': '请填写数字（日期字段填 YYYY-MM-DD，日期时间字段填 ISO 8601 时间）',
    'en-US': 'Enter a number (a date field takes YYYY-MM-DD, a datetime field an ISO 8601 time)',
  },
  'errors.field.minMax': { 'zh-CN': '最小值不能大于最大值', 'en-US': 'The minimum must not exceed the maximum' },
  'errors.field.lengthRange': { 'zh-CN': '最小长度不能大于最大长度', 'en-US': 'The minimum length must not exceed the maximum length' },
  'errors.field.pattern': { 'zh-CN': '不是有效的正则表达式：{detail}', 'en-US': 'Not a valid regular expression: {detail}' },
  'errors.field.patternUnsupported': {
    'zh-CN': '使用了 {detail}：线性时间的正则引擎不支持前瞻、后顾和反向引用，请改写',
    'en-US': 'Uses {detail}: the linear-time pattern engine cannot run lookahead, lookbehind or backreferences; rewrite it',
  },
  'errors.field.patternTooComplex': {
    'zh-CN': '正则表达式过于复杂（{size} 步，最多 {max} 步），请简化',
    'en-US': 'The pattern is too complex ({size} steps, at most {max}); simplify it',
  },
  'errors.field.noDefault': { 'zh-CN': '{type} 类型的字段不能设置默认值', 'en-US': 'A {type} field cannot have a default value' },
  'errors.field.defaultLost': {
    'zh-CN': '原默认值无法转换为新类型；请同时提供新的默认值（或 null）',
    'en-US': 'The default value does not convert to the new type; send a new one (or null) with the change',
  },
  'errors.field.requiredNotApplicable': {
    'zh-CN': '{type} 类型的字段由系统计算，不能设为必填',
    'en-US': 'A {type} field is computed and cannot be required',
  },
  'errors.field.uniqueNotApplicable': {
    'zh-CN': '{type} 类型的字段不能设为唯一',
    'en-US': 'A {type} field cannot be unique',
  },
  'errors.field.requiredNeedsDefault': {
    'zh-CN': '已有 {count} 条记录：新增必填字段时请提供默认值，或先以非必填方式添加',
    'en-US': '{count} records exist: give a required new field a default value, or add it as optional first',
  },
  'errors.field.typeChange': {
    'zh-CN': '{from} 类型的字段不能转换为 {to} 类型',
    'en-US': 'A {from} field cannot become a {to} field',
  },
  'errors.field.typeChangeRefused': {
    'zh-CN': '有 {count} 条记录的值无法转换为新类型，未做任何修改',
    'en-US': '{count} records hold values that do not convert to the new type; nothing was changed',
  },
  'errors.field.requiredBreaks': {
    'zh-CN': '有 {count} 条记录在此字段为空，不能设为必填；未做任何修改',
    'en-US': '{count} records have no value in this field, so it cannot be required; nothing was changed',
  },
  'errors.field.uniqueBreaks': {
    'zh-CN': '有 {count} 条记录的值与其他记录重复，不能设为唯一；未做任何修改',
    'en-US': '{count} records share their value with another, so the field cannot be unique; nothing was changed',
  },
  'errors.field.validationBreaks': {
    'zh-CN': '有 {count} 条记录不符合新的校验规则，未做任何修改',
    'en-US': '{count} records break the new rule; nothing was changed',
  },
  'errors.field.choiceInUse': {
    'zh-CN': '有 {count} 条记录使用了要删除的选项，未做任何修改',
    'en-US': '{count} records use options that would be removed; nothing was changed',
  },
  'errors.field.multipleBreaks': {
    'zh-CN': '有 {count} 条记录关联了多条记录，不能改为单条关联；未做任何修改',
    'en-US': '{count} records link several records, so the relation cannot become single; nothing was changed',
  },
  'errors.field.tooManyChoices': {
    'zh-CN': '不同的值超过 {max} 个，不能作为选项',
    'en-US': 'More than {max} different values: too many to become options',
  },
  'errors.field.isDisplayField': {
    'zh-CN': '这是数据对象的显示字段，请先选择其他显示字段',
    'en-US': 'This is the subject’s display field; choose another display field first',
  },
  'errors.field.readByFormula': {
    'zh-CN': '公式字段 {names} 引用了此字段，请先修改公式',
    'en-US': 'The formula field {names} reads this field; change the formula first',
  },
  'errors.field.order': {
    'zh-CN': '须按新顺序列出每个字段，且每个只出现一次',
    'en-US': 'List every field exactly once, in the new order',
  },
  'errors.field.restoreFormula': { 'zh-CN': '公式字段无法恢复：{reason}', 'en-US': 'The formula field cannot come back: {reason}' },
  'errors.field.restoreTarget': {
    'zh-CN': '此关联字段指向的数据对象已不存在，无法恢复',
    'en-US': 'The subject this relation points to is gone; the field cannot come back',
  },
} as const satisfies MessageCatalog;
