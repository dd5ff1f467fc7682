/**
 * Import and export of records (contracts/imports.ts): the module's plain constants, audit actions
 * and server messages (both languages). No zod: the web may import this file at run time
 * (docs/architecture.md "Contracts"); contracts/constants.ts re-exports its constants and
 * contracts/modules.ts lists its entries.
 */
import type { MessageCatalog } from './messages';
import type { ModuleEntry } from './modules';

/** How long an import never run (uploaded, checked or failed) is kept before it is removed (days). */
export const IMPORT_ABANDONED_DAYS = 7;
/** Most rows one file may hold (a larger file is refused with 413 naming `file`). */
export const IMPORT_MAX_ROWS = 200_000;
/** Most columns one file may hold. */
export const IMPORT_MAX_COLUMNS = 200;
/**
 * Largest CSV, XLSX or JSON file, bytes. Every format streams (papaparse, exceljs, stream-json):
 * memory does not grow with the file.
 */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;

/**
 * Largest cell of an imported file, characters (1 MiB = 1,048,576). The largest value a field
 * stores is a long text's 100,000 characters: a cell ten times that still reaches validation (and
 * gets a row error naming the field), while a cell past it is refused while the file streams, so
 * one cell cannot hold the upload's memory (a 60 MiB CSV cell took 1 GB of RSS).
 */
export const IMPORT_MAX_CELL_CHARS = 1024 * 1024;
/**
 * Largest row of an imported file, characters (8 MiB): 80 long texts at their 100,000-character
 * maximum. The CSV reader holds one unfinished row at a time; this bounds it.
 */
export const IMPORT_MAX_ROW_CHARS = 8 * 1024 * 1024;
/**
 * Most bytes an XLSX file's parts may expand to once unzipped, all parts together (1 GiB, ten
 * times IMPORT_MAX_BYTES: a workbook zips its XML about 5–10 times). A zip bomb stops there.
 */
export const IMPORT_XLSX_MAX_UNZIPPED = 1024 * 1024 * 1024;
/**
 * Most bytes an XLSX file's shared strings (xl/sharedStrings.xml, held in memory while the sheet
 * is read) may expand to (100 MiB, the text of the largest CSV file allowed).
 */
export const IMPORT_XLSX_MAX_SHARED_STRINGS = 100 * 1024 * 1024;
/** Most bytes any other part an XLSX import parses (workbook, relationships, styles) may expand to (10 MiB). */
export const IMPORT_XLSX_MAX_PART = 10 * 1024 * 1024;
/**
 * The text encodings an import may be read in: 'auto' detects it (a byte-order mark, else UTF-8
 * unless the bytes are not UTF-8 and are GB18030); 'utf-16' is little-endian unless a byte-order
 * mark says big-endian.
 */
export const IMPORT_ENCODINGS = ['auto', 'utf-8', 'utf-16', 'gb18030'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];
/** The encoding a text file (CSV, JSON) was read in. */
export const IMPORT_TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'gb18030'] as const;
export type ImportTextEncoding = (typeof IMPORT_TEXT_ENCODINGS)[number];

/** Audit actions written by the module: `<resource>.<verb>`. */
export const IMPORTS_MODULE = {
  auditActions: ['import.upload', 'import.run', 'import.undo', 'import.delete'],
} as const satisfies ModuleEntry;

/** The module's server messages (the `message` of its zod checks, its errors' message keys). */
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
  'errors.import.interrupted': { 'zh-CN': '导入中断，未写入任何数据', 'en-US': 'The import was interrupted; nothing was written' },
} as const satisfies MessageCatalog;
