/**
 * Connectors (`/admin/connector`, contracts/connectors.constants.ts): the module's server messages
 * in both languages. No zod; the web never imports this file.
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const CONNECTORS_MESSAGES = {
  'errors.connector.notFound': { 'zh-CN': '连接器不存在', 'en-US': 'No such connector' },
  'errors.connector.nameTaken': { 'zh-CN': '已有同名的连接器', 'en-US': 'A connector with this name already exists' },
  'errors.connector.kindFixed': { 'zh-CN': '连接器的类型不能更改，请新建连接器', 'en-US': "A connector's kind cannot change; make a new connector" },
  'errors.connector.configInvalid': { 'zh-CN': '该项的值无效', 'en-US': 'This value is not valid' },
  'errors.connector.hostInvalid': { 'zh-CN': '主机名或 IP 地址无效', 'en-US': 'Not a valid host name or IP address' },
  'errors.connector.urlInvalid': { 'zh-CN': '请输入 http:// 或 https:// 开头的网址', 'en-US': 'Enter a URL starting with http:// or https://' },
  'errors.connector.hostNotAllowed': {
    'zh-CN': '主机“{host}”不在连接器允许的主机列表中（系统设置 connectorAllowedHosts），请管理员先加入',
    'en-US': 'Host "{host}" is not on the connectors\' allow-list (system setting connectorAllowedHosts); an administrator must add it first',
  },
  'errors.connector.addressRefused': {
    'zh-CN': '地址“{host}”是内网或保留地址，且不在连接器允许的主机列表中',
    'en-US': 'Address "{host}" is private or reserved and not on the connectors\' allow-list',
  },
  'errors.connector.variableMissing': {
    'zh-CN': '没有名为“{key}”的全局密钥变量',
    'en-US': 'There is no global secret variable "{key}"',
  },
  'errors.connector.variableNotSecret': {
    'zh-CN': '变量“{key}”不是密钥类型，凭据只能保存在密钥变量中',
    'en-US': 'Variable "{key}" is not a secret; credentials are kept in secret variables only',
  },
  'errors.connector.caRequired': { 'zh-CN': '校验证书时需要指定保存 CA 证书的密钥变量', 'en-US': 'TLS verify needs the secret variable holding the CA certificate' },
  'errors.connector.sourceFailed': { 'zh-CN': '数据源出错：{detail}', 'en-US': 'The source failed: {detail}' },
  'errors.connector.authFailed': { 'zh-CN': '数据源拒绝了登录（用户名或密码错误）', 'en-US': 'The source refused the sign-in (wrong user or password)' },
  'errors.connector.unreachable': { 'zh-CN': '无法连接到数据源：{detail}', 'en-US': 'Cannot reach the source: {detail}' },
  'errors.connector.timeout': { 'zh-CN': '数据源在 {seconds} 秒内没有响应', 'en-US': 'The source did not answer within {seconds} s' },
  'errors.connector.httpStatus': { 'zh-CN': '数据源返回了 HTTP {status}', 'en-US': 'The source answered HTTP {status}' },
  'errors.connector.badJson': { 'zh-CN': '数据源返回的不是所需的 JSON：{detail}', 'en-US': 'The source did not answer the expected JSON: {detail}' },
  'errors.connector.tableNotFound': { 'zh-CN': '数据源中没有表“{table}”', 'en-US': 'The source has no table "{table}"' },
  'errors.connector.columnNotFound': { 'zh-CN': '数据源的表中没有列“{column}”', 'en-US': 'The source table has no column "{column}"' },
  'errors.connector.plan.binary': { 'zh-CN': '二进制列无法映射为字段', 'en-US': 'A binary column cannot become a field' },
  'errors.connector.plan.keyInvalid': { 'zh-CN': '无法从列名生成字段标识，请手动填写', 'en-US': 'No field key can be made from the column name; enter one' },
  'errors.connector.plan.noField': { 'zh-CN': '没有同名且可写的字段', 'en-US': 'No writable field of that name' },
  'errors.connector.plan.fieldInvalid': { 'zh-CN': '字段标识、名称或类型无效', 'en-US': 'The field key, name or type is not valid' },
  'errors.connector.plan.noColumns': { 'zh-CN': '至少要包含一列', 'en-US': 'Include at least one column' },
  'errors.connectorSync.notFound': { 'zh-CN': '同步任务不存在', 'en-US': 'No such sync' },
  'errors.connectorSync.keyFieldsRequired': { 'zh-CN': '更新、更新或新增以及回收缺失记录都需要键字段', 'en-US': 'Update, upsert and recycling missing records need key fields' },
  'errors.connectorSync.keyFieldUnknown': { 'zh-CN': '键字段“{key}”不在映射的字段中', 'en-US': 'Key field "{key}" is not one of the mapped fields' },
  'errors.connectorSync.cursorRequired': { 'zh-CN': '增量同步需要指定游标列', 'en-US': 'An incremental sync needs a cursor column' },
  'errors.connectorSync.recycleNeedsFull': { 'zh-CN': '只有全量同步才能回收源中已消失的记录', 'en-US': 'Only a full sync can recycle records gone from the source' },
  'errors.connectorSync.mappingEmpty': { 'zh-CN': '至少要映射一列', 'en-US': 'Map at least one column' },
  'errors.connectorSync.fieldUnknown': { 'zh-CN': '“{key}”不是该数据对象的可写字段', 'en-US': '"{key}" is not a writable field of the subject' },
  'errors.connectorSync.cronInvalid': { 'zh-CN': '不是有效的 cron 表达式', 'en-US': 'Not a valid cron expression' },
  'errors.connectorSync.timezoneInvalid': { 'zh-CN': '未知的时区', 'en-US': 'Unknown time zone' },
  'errors.connectorSync.running': { 'zh-CN': '该同步正在运行', 'en-US': 'This sync is already running' },
  'errors.connectorSync.connectorDeleted': { 'zh-CN': '该同步的连接器已在回收站中', 'en-US': "This sync's connector is in the recycle bin" },
  'errors.connectorRun.notFound': { 'zh-CN': '同步记录不存在', 'en-US': 'No such sync run' },
  'errors.connectorRun.tooManyRows': {
    'zh-CN': '数据源超过每次同步的上限 {n} 行，全量同步未写入任何数据',
    'en-US': 'The source holds more than the {n} rows a run may read; the full sync wrote nothing',
  },
  'errors.connectorRun.invalidRows': { 'zh-CN': '{n} 行未通过校验，本次同步未写入任何数据', 'en-US': '{n} rows failed the check; the run wrote nothing' },
  'errors.connectorRun.interrupted': { 'zh-CN': '同步被中断，未写入任何数据', 'en-US': 'The run was interrupted; it wrote nothing' },
  'errors.connectorRun.importFailed': { 'zh-CN': '写入失败，未写入任何数据：{detail}', 'en-US': 'Writing failed; the run wrote nothing: {detail}' },
} as const satisfies MessageCatalog;
