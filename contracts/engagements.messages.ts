/**
 * Audit engagements (`/:app/audit_project…`, contracts/engagements.constants.ts): the module's
 * server messages in both languages. No zod; the web never imports this file. Each part of the
 * module (transitions, procedures, workpapers, findings, reports) adds its keys here under
 * `errors.engagement.*`, `errors.workpaper.*`, `errors.finding.*`, `errors.auditReport.*`.
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const ENGAGEMENTS_MESSAGES = {
  'errors.engagement.moduleOff': {
    'zh-CN': '该应用未启用审计模块',
    'en-US': 'The Audit module is not enabled in this application',
  },
  'errors.engagement.notFound': { 'zh-CN': '审计项目不存在', 'en-US': 'No such audit engagement' },
  'errors.engagement.slaDays': {
    'zh-CN': '整改期限天数须为 1 到 3650 的整数',
    'en-US': 'Remediation days must be a whole number from 1 to 3650',
  },
} satisfies MessageCatalog;
