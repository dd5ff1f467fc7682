/**
 * Triggers and the action library (`/admin/trigger`, `/admin/action`, contracts/triggers.ts): the
 * module's server messages in both languages. No zod; the web never imports this file.
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const TRIGGERS_MESSAGES = {
  'errors.triggerNotFound': { 'zh-CN': '触发器不存在', 'en-US': 'No such trigger' },
  'errors.actionNotFound': { 'zh-CN': '动作不存在', 'en-US': 'No such action' },
  'errors.actionTypeUnknown': { 'zh-CN': '没有这种动作类型', 'en-US': 'No such action type' },
  'errors.actionConfigInvalid': { 'zh-CN': '动作配置无效', 'en-US': 'The action configuration is not valid' },
  'errors.actionInUse': { 'zh-CN': '有触发器正在使用这个动作', 'en-US': 'A trigger uses this action' },
  'errors.triggerSubjectRequired': { 'zh-CN': '这种事件需要选择主题', 'en-US': 'This event needs a subject' },
  'errors.triggerCronInvalid': { 'zh-CN': 'Cron 表达式无效', 'en-US': 'Not a valid cron expression' },
  'errors.triggerTimezoneInvalid': { 'zh-CN': '时区无效', 'en-US': 'Not a valid time zone' },
  'errors.triggerCronRequired': { 'zh-CN': '定时触发器需要 Cron 表达式', 'en-US': 'A schedule needs a cron expression' },
  'errors.triggerStepInvalid': {
    'zh-CN': '步骤需要动作库中的动作或者类型和配置',
    'en-US': 'A step needs a library action, or a type and a configuration',
  },
  'errors.triggerFieldUnknown': { 'zh-CN': '主题没有这个字段', 'en-US': 'The subject has no such field' },
  'errors.triggerRunNotDead': { 'zh-CN': '只有死信中的运行可以重放', 'en-US': 'Only a dead run can be replayed' },
  'errors.triggerRunNotFound': { 'zh-CN': '运行记录不存在', 'en-US': 'No such run' },
  'errors.triggerNotManual': { 'zh-CN': '只有手动触发器可以这样运行', 'en-US': 'Only a manual trigger runs this way' },
} as const satisfies MessageCatalog;
