/**
 * Report templates (`/admin/template`, `/:app/report_template/…`,
 * contracts/report-templates.constants.ts): the module's server messages in both languages. No zod;
 * the web never imports this file.
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const REPORT_TEMPLATES_MESSAGES = {
  'errors.reportTemplateNotFound': { 'zh-CN': '报告模板不存在', 'en-US': 'No such report template' },
} as const satisfies MessageCatalog;
