/**
 * Rules and rule sets (`/admin/rule`, `/admin/ruleSet`, `/:app/data_validation_rule`,
 * contracts/rules.ts): the module's server messages in both languages. No zod; the web never
 * imports this file.
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const RULES_MESSAGES = {
  /** A record failing a blocking rule: the rule's own message, in each language (params message_zh, message_en). */
  'errors.ruleFailed': { 'zh-CN': '{message_zh}', 'en-US': '{message_en}' },
  'errors.ruleNotFound': { 'zh-CN': '规则不存在', 'en-US': 'No such rule' },
  'errors.ruleDefinitionInvalid': { 'zh-CN': '规则定义不适用于该主题：{problem}', 'en-US': 'The rule does not fit its subject: {problem}' },
  'errors.ruleSetNotFound': { 'zh-CN': '规则集不存在', 'en-US': 'No such rule set' },
  'errors.ruleSetNameTaken': { 'zh-CN': '已有同名规则集', 'en-US': 'A rule set of this name exists' },
  'errors.ruleSetNotPublished': { 'zh-CN': '规则集尚未发布', 'en-US': 'The rule set has no published version' },
  'errors.ruleRunNotFound': { 'zh-CN': '校验运行不存在', 'en-US': 'No such validation run' },
  'errors.incidentNotFound': { 'zh-CN': '问题不存在', 'en-US': 'No such incident' },
  'errors.incidentTransition': { 'zh-CN': '问题当前状态不允许此操作', 'en-US': 'The incident cannot do this in its state' },
  'errors.ruleStale': { 'zh-CN': '规则已被他人修改，请刷新后重试', 'en-US': 'The rule was changed by someone else; reload and try again' },
  'errors.rulesPerSubjectMax': { 'zh-CN': '一个数据对象最多 {max} 条规则', 'en-US': 'A subject has at most {max} rules' },
  'errors.ruleTestValues': { 'zh-CN': '这些值无法用于测试：{problem}', 'en-US': 'These values cannot be tested: {problem}' },
  'errors.ruleSetStale': { 'zh-CN': '规则集已被他人修改，请刷新后重试', 'en-US': 'The rule set was changed by someone else; reload and try again' },
  'errors.ruleSetRuleOutside': { 'zh-CN': '规则不存在或不属于该应用', 'en-US': 'A rule is missing or not of this application' },
  'errors.ruleSetSubjectOutside': { 'zh-CN': '数据对象不存在或不属于该应用', 'en-US': 'A subject is missing or not of this application' },
  'errors.ruleSetVersionNotFound': { 'zh-CN': '规则集版本不存在', 'en-US': 'No such rule set version' },
} as const satisfies MessageCatalog;
