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
} as const satisfies MessageCatalog;
