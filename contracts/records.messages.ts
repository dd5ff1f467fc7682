/**
 * Records and what hangs on them: versions, comments, attachments, saved record queries
 * (contracts/records.ts): the module's server messages in both languages (the `message` of its zod
 * checks, its errors' message keys). No zod; the web never imports this file: contracts/messages.ts
 * gathers every module's messages (listed in contracts/module-messages.ts) into MESSAGES
 * (docs/architecture.md "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const RECORDS_MESSAGES = {
  'errors.recordNotFound': { 'zh-CN': '记录不存在', 'en-US': 'No such record' },
  // record extras: attachments, comments, saved record queries
  'errors.attachment.notFound': { 'zh-CN': '附件不存在', 'en-US': 'No such attachment' },
  'errors.attachment.tooLarge': {
    'zh-CN': '文件超过上传大小上限（{max} MB）',
    'en-US': 'The file is larger than the upload limit ({max} MB)',
  },
  'errors.attachment.fileRequired': { 'zh-CN': '请选择要上传的文件', 'en-US': 'Choose a file to upload' },
  'errors.attachment.oneFile': { 'zh-CN': '每次只能上传一个文件', 'en-US': 'Upload one file at a time' },
  'errors.attachment.recordNeedsSubject': {
    'zh-CN': '指定记录时须同时指定其数据对象（subjectKey）',
    'en-US': 'A record is named with its subject (subjectKey)',
  },
  'errors.attachment.multipart': {
    'zh-CN': '上传文件须使用 multipart/form-data',
    'en-US': 'An upload must be multipart/form-data',
  },
  'errors.comment.notFound': { 'zh-CN': '评论不存在', 'en-US': 'No such comment' },
  'errors.query.notFound': { 'zh-CN': '查询不存在', 'en-US': 'No such query' },
  'errors.query.column': {
    'zh-CN': '不是该数据对象的字段、系统列或“关联字段.目标字段”',
    'en-US': 'Not a field, a system column or a relation.field of this subject',
  },
  // headers of a record query's system columns (exports)
  'query.column.id': { 'zh-CN': 'ID', 'en-US': 'ID' },
  'query.column.createdAt': { 'zh-CN': '创建时间', 'en-US': 'Created at' },
  'query.column.createdBy': { 'zh-CN': '创建人', 'en-US': 'Created by' },
  'query.column.updatedAt': { 'zh-CN': '更新时间', 'en-US': 'Updated at' },
  'query.column.updatedBy': { 'zh-CN': '更新人', 'en-US': 'Updated by' },
  // records: one value's checks name the field (`values.<key>`); filters name `filter.<key>`
  'errors.record.unknownField': { 'zh-CN': '该数据对象没有这个字段', 'en-US': 'The subject has no such field' },
  'errors.record.managed': {
    'zh-CN': '该字段由审计流程的操作设置（如状态、签核），不能直接填写',
    'en-US': 'This field is set by the audit workflow’s actions (a state, a sign-off) and cannot be written directly',
  },
  'errors.record.locked': {
    'zh-CN': '该记录已签核锁定，不能修改或删除；请创建新的草稿版本',
    'en-US': 'This record is signed off and locked: it cannot be changed or deleted; make a new draft version instead',
  },
  'errors.record.computed': { 'zh-CN': '该字段由系统计算，不能填写', 'en-US': 'This field is computed and cannot be written' },
  'errors.record.text': { 'zh-CN': '须为文本', 'en-US': 'Must be text' },
  'errors.record.number': {
    'zh-CN': '须为数字（如 1234.50），最多 60 位',
    'en-US': 'Must be a number such as 1234.50, at most 60 digits',
  },
  'errors.record.boolean': { 'zh-CN': '须为是或否', 'en-US': 'Must be true or false' },
  'errors.record.date': { 'zh-CN': '须为有效日期（YYYY-MM-DD）', 'en-US': 'Must be a valid date (YYYY-MM-DD)' },
  'errors.record.datetime': {
    'zh-CN': '须为带时区的 ISO 8601 日期时间（如 2026-11-22T08:30:00Z）',
    'en-US': 'Must be an ISO 8601 date and time with a time zone (e.g. 2026-11-22T08:30:00Z)',
  },
  'errors.record.list': { 'zh-CN': '须为列表', 'en-US': 'Must be a list' },
  'errors.record.listTooLong': { 'zh-CN': '最多 {n} 项', 'en-US': 'At most {n} items' },
  'errors.record.id': { 'zh-CN': '须为有效的 ID', 'en-US': 'Must be a valid id' },
  'errors.record.email': { 'zh-CN': '邮箱格式不正确', 'en-US': 'Not a valid e-mail address' },
  'errors.record.url': { 'zh-CN': '须为 http:// 或 https:// 开头的网址', 'en-US': 'Must be a web address starting with http:// or https://' },
  'errors.record.phone': {
    'zh-CN': '电话号码只能包含数字、空格和 + - ( ) .，3–32 个字符',
    'en-US': 'A phone number has digits, spaces and + - ( ) . only, 3–32 characters',
  },
  'errors.record.choice': { 'zh-CN': '不是该字段的可选项：{value}', 'en-US': 'Not one of the field’s options: {value}' },
  'errors.record.min': { 'zh-CN': '不能小于 {min}', 'en-US': 'Must be at least {min}' },
  'errors.record.max': { 'zh-CN': '不能大于 {max}', 'en-US': 'Must be at most {max}' },
  'errors.record.minLength': { 'zh-CN': '至少 {n} 个字符', 'en-US': 'At least {n} characters' },
  'errors.record.maxLength': { 'zh-CN': '最多 {n} 个字符', 'en-US': 'At most {n} characters' },
  'errors.record.pattern': { 'zh-CN': '格式不符合要求', 'en-US': 'Does not match the required format' },
  'errors.record.patternInputTooLong': {
    'zh-CN': '太长，无法按该字段的格式检查：最多 {n} 个字符',
    'en-US': 'Too long to check against the field’s format: at most {n} characters',
  },
  'errors.record.userUnknown': { 'zh-CN': '用户不存在或已删除', 'en-US': 'No such user, or the user was deleted' },
  'errors.record.relationUnknown': {
    'zh-CN': '关联的记录不存在或已删除',
    'en-US': 'A linked record does not exist or was deleted',
  },
  'errors.record.attachmentUnknown': {
    'zh-CN': '附件不存在、已删除或不属于本应用',
    'en-US': 'An attachment does not exist, was deleted or belongs to another application',
  },
  'errors.record.valueTaken': { 'zh-CN': '该值已被其他记录使用', 'en-US': 'Another record already has this value' },
  'errors.record.stale': {
    'zh-CN': '记录在你打开后已被修改，请查看变更后再保存',
    'en-US': 'The record changed after you opened it; review the changes and save again',
  },
  'errors.record.importing': {
    'zh-CN': '一项导入正在更新此记录，请稍后再试',
    'en-US': 'An import is updating this record; try again in a moment',
  },
  'errors.record.versionNotFound': { 'zh-CN': '该版本不存在', 'en-US': 'No such version' },
  'errors.record.notFoundIds': { 'zh-CN': '部分记录不存在或已删除', 'en-US': 'Some records do not exist or were deleted' },
  'errors.record.filter': { 'zh-CN': '筛选条件格式不正确', 'en-US': 'The filter is malformed' },
  'errors.record.filterTooComplex': {
    'zh-CN': '筛选条件最多嵌套 {depth} 层、{conditions} 个条件',
    'en-US': 'A filter has at most {depth} levels and {conditions} conditions',
  },
  'errors.record.filterField': { 'zh-CN': '筛选中的字段不存在：{field}', 'en-US': 'The filter names an unknown field: {field}' },
  'errors.record.filterOp': {
    'zh-CN': '字段 {field} 不支持运算符 {op}',
    'en-US': 'Operator {op} does not apply to field {field}',
  },
  'errors.record.filterValue': {
    'zh-CN': '字段 {field} 的筛选值不正确（运算符 {op}）',
    'en-US': 'Not a valid value for field {field} (operator {op})',
  },
  'errors.record.sort': { 'zh-CN': '不能按字段 {field} 排序', 'en-US': 'Cannot sort by field {field}' },
  'errors.record.cursor': {
    'zh-CN': '分页游标无效或与当前排序不符，请从第一页重新加载',
    'en-US': 'The page cursor is invalid or belongs to another sort; reload from the first page',
  },
} as const satisfies MessageCatalog;
