/**
 * The durable tasks (`/admin/task`, contracts/tasks.ts): the module's server messages in both
 * languages (its errors' message keys). No zod; the web never imports this file:
 * contracts/messages.ts gathers every module's messages (listed in contracts/module-messages.ts)
 * into MESSAGES (docs/architecture.md "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const TASKS_MESSAGES = {
  'errors.taskNotFound': { 'zh-CN': '任务不存在', 'en-US': 'No such task' },
  'errors.taskKindUnknown': { 'zh-CN': '没有这种任务类型，或它不能手动启动', 'en-US': 'No such task kind, or it cannot be started by hand' },
  'errors.taskNotActive': { 'zh-CN': '任务已结束，无法取消', 'en-US': 'The task has finished; it cannot be cancelled' },
  'errors.taskNotRetryable': { 'zh-CN': '只有失败或已取消的任务可以重试', 'en-US': 'Only a failed or cancelled task can be retried' },
} as const satisfies MessageCatalog;
