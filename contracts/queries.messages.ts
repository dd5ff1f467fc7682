/**
 * Queries and analytics (contracts/queries.ts): the module's server messages in both languages. No
 * zod; the web never imports this file.
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const QUERIES_MESSAGES = {
  'errors.query.name': { 'zh-CN': '名称须以小写字母开头，只含小写字母、数字和下划线', 'en-US': 'Use lower-case letters, digits and _ (a letter first)' },
  'errors.query.ref': { 'zh-CN': '字段引用须为“字段”或“别名.字段”', 'en-US': 'A field reference is key or alias.key' },
  'errors.query.unknownRef': { 'zh-CN': '查询中没有字段 {ref}', 'en-US': 'The query has no field {ref}' },
  'errors.query.join': { 'zh-CN': '无法连接：{problem}', 'en-US': 'This join does not fit: {problem}' },
  'errors.query.aliasTaken': { 'zh-CN': '名称 {name} 已被使用', 'en-US': 'The name {name} is already used' },
  'errors.query.bucket': { 'zh-CN': '只有日期和日期时间字段可以按时间分组', 'en-US': 'Only date and datetime fields take a date bucket' },
  'errors.query.aggregate': { 'zh-CN': '{fn} 不适用于该字段：{problem}', 'en-US': '{fn} does not fit this field: {problem}' },
  'errors.query.formula': { 'zh-CN': '计算列无法编译：{problem}', 'en-US': 'The calculated column does not compile: {problem}' },
  'errors.query.sort': { 'zh-CN': '排序须引用结果中的列：{by}', 'en-US': 'A sort names a column of the result: {by}' },
  'errors.query.having': { 'zh-CN': '条件须引用一个聚合：{measure}', 'en-US': 'A condition on aggregates names an aggregate: {measure}' },
  'errors.query.columnsRequired': { 'zh-CN': '请至少选择一列，或添加分组/聚合', 'en-US': 'Choose at least one column, or add a group by or an aggregate' },
  'errors.query.timeZone': { 'zh-CN': '未知时区 {timeZone}', 'en-US': 'Unknown time zone {timeZone}' },
  'errors.query.otherApplication': { 'zh-CN': '该数据对象不属于此应用', 'en-US': 'This subject is not of this application' },
  'errors.query.tooCostly': {
    'zh-CN': '查询过于庞大（估算成本 {cost}，上限 {max}）：请增加筛选条件或减少连接',
    'en-US': 'The query is too large (estimated cost {cost}, limit {max}): add filters or fewer joins',
  },
  'errors.query.timeout': {
    'zh-CN': '查询超过 {seconds} 秒未完成，已取消：请缩小范围',
    'en-US': 'The query ran over {seconds} s and was cancelled: narrow it down',
  },
  'errors.query.drillValues': { 'zh-CN': '下钻值不属于该查询的分组：{name}', 'en-US': 'A drill value names no group of the query: {name}' },
  'errors.query.stale': { 'zh-CN': '查询已被他人修改，请刷新后重试', 'en-US': 'The query was changed by someone else; reload and try again' },
  'errors.query.versionNotFound': { 'zh-CN': '查询版本不存在', 'en-US': 'No such query version' },
  'errors.query.kind': { 'zh-CN': '记录查询请在“记录查询”中编辑', 'en-US': 'Edit a record query in Record query' },
  'errors.query.editForbidden': { 'zh-CN': '只有查询的所有者、应用所有者和管理员可以修改', 'en-US': 'Only the query’s owner, the application’s owners and administrators may change it' },
  'errors.dashboard.notFound': { 'zh-CN': '仪表板不存在', 'en-US': 'No such dashboard' },
  'errors.dashboard.refresh': { 'zh-CN': '刷新间隔须为 0、30、60、300 或 900 秒', 'en-US': 'Refresh every 0, 30, 60, 300 or 900 seconds' },
  'errors.dashboard.cardNotFound': { 'zh-CN': '卡片不存在', 'en-US': 'No such card' },
  'errors.dashboard.cardQuery': { 'zh-CN': '卡片的查询不存在或不属于此应用', 'en-US': 'The card’s query is missing or not of this application' },
  'errors.dashboard.editForbidden': { 'zh-CN': '只有仪表板的所有者、应用所有者和管理员可以修改', 'en-US': 'Only the dashboard’s owner, the application’s owners and administrators may change it' },
  'errors.dashboard.duplicateId': { 'zh-CN': '编号重复', 'en-US': 'This id is used twice' },
  'errors.dashboard.cardWidth': { 'zh-CN': '卡片超出 12 列的网格', 'en-US': 'The card goes past the 12-column grid' },
  'errors.dashboard.filterValue': { 'zh-CN': '筛选值无效', 'en-US': 'This filter value does not fit the filter' },
} as const satisfies MessageCatalog;
