/**
 * Import and export of records (contracts/imports.ts): the module's server messages in both
 * languages (the `message` of its zod checks, its errors' message keys). No zod; the web never
 * imports this file: contracts/messages.ts gathers every module's messages (listed in
 * contracts/module-messages.ts) into MESSAGES (docs/architecture.md "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const IMPORTS_MESSAGES = {
  'errors.import.file': { 'zh-CN': '请上传一个 CSV、XLSX 或 JSON 文件', 'en-US': 'Upload one CSV, XLSX or JSON file' },
  'errors.import.format': { 'zh-CN': '文件格式无法识别：仅支持 .csv、.xlsx、.json', 'en-US': 'Unknown file format: only .csv, .xlsx and .json' },
  'errors.import.unreadable': { 'zh-CN': '无法读取文件：{reason}', 'en-US': 'The file cannot be read: {reason}' },
  'errors.import.empty': { 'zh-CN': '文件没有表头或数据行', 'en-US': 'The file has no header or no rows' },
  'errors.import.tooManyRows': { 'zh-CN': '文件最多 {n} 行', 'en-US': 'A file may hold at most {n} rows' },
  'errors.import.tooManyColumns': { 'zh-CN': '文件最多 {n} 列', 'en-US': 'A file may hold at most {n} columns' },
  'errors.import.tooLarge': { 'zh-CN': '文件不能超过 {n} MB', 'en-US': 'The file may be at most {n} MB' },
  'errors.import.cellTooLarge': {
    'zh-CN': '第 {row} 行 {column} 列的单元格超过 {limit}',
    'en-US': 'The cell at row {row}, column {column} is larger than {limit}',
  },
  'errors.import.rowTooLarge': { 'zh-CN': '第 {row} 行超过 {limit}', 'en-US': 'Row {row} is larger than {limit}' },
  'errors.import.nul': {
    'zh-CN': '第 {row} 行 {column} 列的单元格含有空字符（U+0000），无法保存；文件可能是其他编码',
    'en-US': 'The cell at row {row}, column {column} holds a NUL character (U+0000), which cannot be stored; the file may be in another encoding',
  },
  'errors.import.textTooLarge': {
    'zh-CN': '工作簿中有超过 {limit} 的文本（第 {index} 个共享字符串）',
    'en-US': 'The workbook holds a text larger than {limit} (shared string {index})',
  },
  'errors.import.partTooLarge': {
    'zh-CN': '工作簿的部件 {part} 解压后超过 {limit}',
    'en-US': 'The workbook’s part {part} is larger than {limit} once unzipped',
  },
  'errors.import.unzippedTooLarge': { 'zh-CN': '工作簿解压后超过 {limit}', 'en-US': 'The workbook is larger than {limit} once unzipped' },
  'errors.import.jsonShape': {
    'zh-CN': 'JSON 须为对象数组，或在某个键下包含对象数组的对象',
    'en-US': 'The JSON must be an array of objects, or an object holding one under a key',
  },
  'errors.import.jsonPick': {
    'zh-CN': 'JSON 顶层是对象：请选择数据所在的键（{keys}）',
    'en-US': 'The JSON is an object: choose the key that holds the rows ({keys})',
  },
  'errors.import.jsonPath': { 'zh-CN': 'JSON 中没有键“{key}”下的对象数组', 'en-US': 'The JSON has no array of objects under “{key}”' },
  'errors.import.notRemovable': {
    'zh-CN': '只能删除未执行的导入（已上传、已检查或失败）；已执行的导入请撤销',
    'en-US': 'Only an import that was not run (uploaded, checked or failed) can be removed; undo an import that ran',
  },
  'errors.import.notFound': { 'zh-CN': '导入批次不存在', 'en-US': 'No such import batch' },
  'errors.import.status': { 'zh-CN': '该导入批次当前状态不允许此操作', 'en-US': 'The import batch’s status does not allow this' },
  'errors.import.mappingField': { 'zh-CN': '映射到的字段不存在或不可写：{field}', 'en-US': 'The column maps to an unknown or computed field: {field}' },
  'errors.import.mappingTwice': { 'zh-CN': '字段 {field} 被映射了两次', 'en-US': 'Field {field} is mapped twice' },
  'errors.import.mappingEmpty': { 'zh-CN': '请至少映射一列', 'en-US': 'Map at least one column' },
  'errors.import.keyFields': { 'zh-CN': '更新或插入更新须选择已映射的关键字段（文本、数字、日期类）', 'en-US': 'Update and upsert need key fields that are mapped (text, number or date fields)' },
  'errors.import.keyMissing': { 'zh-CN': '关键字段为空', 'en-US': 'The key field is empty' },
  'errors.import.keyNotFound': { 'zh-CN': '没有关键字段相符的记录', 'en-US': 'No record has this key' },
  'errors.import.keyAmbiguous': { 'zh-CN': '有多条记录的关键字段相同', 'en-US': 'Several records have this key' },
  'errors.import.duplicateKey': { 'zh-CN': '与第 {row} 行的关键字段重复', 'en-US': 'Same key as row {row}' },
  'errors.import.duplicateValue': { 'zh-CN': '与第 {row} 行的值重复（该字段须唯一）', 'en-US': 'Same value as row {row} (the field is unique)' },
  'errors.import.boolean': { 'zh-CN': '须为 true/false、是/否、yes/no 或 1/0', 'en-US': 'Must be true/false, yes/no or 1/0' },
  'errors.import.userUnknown': {
    'zh-CN': '没有邮箱或姓名为“{value}”的用户（或已删除）',
    'en-US': 'No user has the e-mail or name “{value}” (or the user was deleted)',
  },
  'errors.import.userAmbiguous': {
    'zh-CN': '有 {n} 个用户名为“{value}”：请填写邮箱或 ID',
    'en-US': '{n} users are called “{value}”: use the e-mail or the id',
  },
  'errors.import.relationUnknown': {
    'zh-CN': '“{subject}”中没有名为“{value}”的记录',
    'en-US': 'No {subject} record is called “{value}”',
  },
  'errors.import.relationAmbiguous': {
    'zh-CN': '“{subject}”中有 {n} 条记录名为“{value}”：请填写 ID',
    'en-US': '{n} {subject} records are called “{value}”: use the id',
  },
  'errors.import.invalidRows': { 'zh-CN': '{n} 行有错误，未写入任何数据', 'en-US': '{n} rows have errors; nothing was written' },
  'errors.import.conflict': {
    'zh-CN': '{n} 条记录在检查后被他人修改，导入未生效，请重新运行',
    'en-US': '{n} records were changed by someone else after the check; nothing was imported, run it again',
  },
  'errors.import.undoRuleFailed': {
    'zh-CN': '撤销已停止：第 {rows} 行（共 {n} 行）恢复后的值不符合阻断规则：{message_zh}',
    'en-US': 'The undo stopped: the values it would put back in row(s) {rows} ({n} in all) fail a blocking rule: {message_en}',
  },
  'errors.import.interrupted': { 'zh-CN': '导入中断，未写入任何数据', 'en-US': 'The import was interrupted; nothing was written' },
  'errors.import.cancelled': { 'zh-CN': '导入任务已取消，未写入任何数据', 'en-US': 'The import task was cancelled; nothing was written' },
} as const satisfies MessageCatalog;
