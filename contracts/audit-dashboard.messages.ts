/**
 * Audit engagements, the dashboard (contracts/audit-dashboard.ts): its server messages in both
 * languages. No zod; the web never imports this file.
 */
import type { MessageCatalog } from './messages';

/** The dashboard's server messages, by key, in both languages. */
export const AUDIT_DASHBOARD_MESSAGES = {
  'errors.auditDashboard.engagementId': {
    'zh-CN': '审计项目编号无效',
    'en-US': 'Not a valid engagement id',
  },
} satisfies MessageCatalog;
