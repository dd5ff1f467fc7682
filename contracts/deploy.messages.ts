/**
 * Deploy packages (contracts/deploy.ts): the module's server messages in both languages. No zod;
 * the web never imports this file: contracts/messages.ts gathers every module's messages (listed in
 * contracts/module-messages.ts) into MESSAGES (docs/architecture.md "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const DEPLOY_MESSAGES = {
  'errors.deploy.file': { 'zh-CN': '请上传一个部署包文件（.zip）', 'en-US': 'Upload one deploy package file (.zip)' },
  'errors.deploy.tooLarge': { 'zh-CN': '部署包不能超过 {maxMb} MB', 'en-US': 'A deploy package may be at most {maxMb} MB' },
  'errors.deploy.unreadable': { 'zh-CN': '无法读取部署包：{reason}', 'en-US': 'The deploy package cannot be read: {reason}' },
  'errors.deploy.newerFormat': {
    'zh-CN': '部署包格式版本 {version} 比本系统支持的版本 {supported} 新，请先升级本系统',
    'en-US': 'The package’s format version {version} is newer than the version this installation reads ({supported}); upgrade first',
  },
  'errors.deploy.badSignature': {
    'zh-CN': '部署包签名无效：内容在签名后被修改过，已拒绝',
    'en-US': 'The package’s signature does not verify: its content was changed after it was signed; refused',
  },
  'errors.deploy.notTrusted': {
    'zh-CN': '部署包的签名者不受信任（或未签名）：请先信任签名者或接受此部署包',
    'en-US': 'The package’s signer is not trusted (or it is unsigned): trust the signer or accept this package first',
  },
  'errors.deploy.unsignedSigner': { 'zh-CN': '未签名的部署包没有可信任的签名者，请选择“接受此部署包”', 'en-US': 'An unsigned package has no signer to trust: accept this package instead' },
  'errors.deploy.notFound': { 'zh-CN': '部署包不存在', 'en-US': 'No such deploy package' },
  'errors.deploy.deploymentNotFound': { 'zh-CN': '部署记录不存在', 'en-US': 'No such deployment' },
  'errors.deploy.signerNotFound': { 'zh-CN': '受信任的签名者不存在', 'en-US': 'No such trusted signer' },
  'errors.deploy.applicationNotFound': { 'zh-CN': '应用“{slug}”不存在', 'en-US': 'No application “{slug}”' },
  'errors.deploy.tooManyObjects': { 'zh-CN': '部署包最多包含 {n} 个对象', 'en-US': 'A package may hold at most {n} objects' },
  'errors.deploy.notLatest': {
    'zh-CN': '只能回滚该应用最近一次部署；请先回滚更新的部署',
    'en-US': 'Only the application’s latest deployment can be rolled back; roll back the newer ones first',
  },
  'errors.deploy.alreadyRolledBack': { 'zh-CN': '该部署已回滚', 'en-US': 'This deployment was already rolled back' },
  'errors.deploy.inUse': { 'zh-CN': '已部署过的部署包须保留（部署记录引用它），不能删除', 'en-US': 'A package that was applied is kept (its deployments refer to it) and cannot be deleted' },
  'errors.deploy.variableMap': { 'zh-CN': '目标变量“{key}”不存在', 'en-US': 'No target variable “{key}”' },
  'errors.deploy.userMap': { 'zh-CN': '目标用户“{email}”不存在', 'en-US': 'No target user “{email}”' },
  'errors.deploy.applyFailed': {
    'zh-CN': '部署未生效（已全部回退）：{kind} {key}：{reason}',
    'en-US': 'Nothing was applied (all rolled back): {kind} {key}: {reason}',
  },
  'errors.deploy.rollbackFailed': { 'zh-CN': '回滚未生效：{reason}', 'en-US': 'The rollback did not take effect: {reason}' },
  'errors.deploy.invalidPackage': { 'zh-CN': '部署包内容不合法：{reason}', 'en-US': 'The package’s content is not valid: {reason}' },
} as const satisfies MessageCatalog;
