/**
 * The names of the audit model's codes (contracts/engagements.constants.ts) in both languages:
 * select values are stored as these codes; screens show them through the locale keys
 * `engagements.value.<code>` (src/locales/<language>/audit-values.ts, made from this table) and the default
 * audit report template prints them through it. Typed so that a code added to the constants
 * without a name here fails the typecheck. No zod: the web imports this file.
 */
import type {
  AUDIT_OBJECTS,
  ENGAGEMENT_ACTIONS,
  ENGAGEMENT_PHASES,
  EVIDENCE_REQUEST_STATUSES,
  FINDING_KINDS,
  FINDING_SEVERITIES,
  FINDING_STATUSES,
  MANAGEMENT_RESPONSES,
  PROCEDURE_CONCLUSIONS,
  PROCEDURE_KINDS,
  PROCEDURE_METHODS,
  PROCEDURE_STATUSES,
  REMEDIATION_STATUSES,
  REVIEW_NOTE_STATUSES,
  SAMPLE_SELECTIONS,
  SIGNOFF_ROLES,
  WORKPAPER_STATUSES,
} from './engagements.constants';

type Codes<T extends readonly string[]> = T[number];
/** Every code of the audit constants (and the report formats of the model). */
export type AuditValueCode =
  | Codes<typeof ENGAGEMENT_PHASES>
  | Codes<typeof ENGAGEMENT_ACTIONS>
  | Codes<typeof PROCEDURE_KINDS>
  | Codes<typeof PROCEDURE_METHODS>
  | Codes<typeof SAMPLE_SELECTIONS>
  | Codes<typeof PROCEDURE_STATUSES>
  | Codes<typeof PROCEDURE_CONCLUSIONS>
  | Codes<typeof WORKPAPER_STATUSES>
  | Codes<typeof SIGNOFF_ROLES>
  | Codes<typeof FINDING_KINDS>
  | Codes<typeof FINDING_SEVERITIES>
  | Codes<typeof FINDING_STATUSES>
  | Codes<typeof MANAGEMENT_RESPONSES>
  | Codes<typeof REMEDIATION_STATUSES>
  | Codes<typeof REVIEW_NOTE_STATUSES>
  | Codes<typeof EVIDENCE_REQUEST_STATUSES>
  | Codes<typeof AUDIT_OBJECTS>
  | 'html'
  | 'pdf'
  | 'docx';

/** Each code's name, per language. */
export const AUDIT_VALUE_NAMES: Record<AuditValueCode, { 'zh-CN': string; 'en-US': string }> = {
  // engagement phases
  scope: { 'zh-CN': '范围确定', 'en-US': 'Scope' },
  validate: { 'zh-CN': '范围确认', 'en-US': 'Validate' },
  fieldwork: { 'zh-CN': '现场工作', 'en-US': 'Fieldwork' },
  awaiting_approval: { 'zh-CN': '待批准', 'en-US': 'Awaiting approval' },
  follow_up: { 'zh-CN': '后续跟踪', 'en-US': 'Follow-up' },
  closed: { 'zh-CN': '已关闭', 'en-US': 'Closed' },
  // engagement actions
  submit_scope: { 'zh-CN': '提交范围', 'en-US': 'Submit scope' },
  start_fieldwork: { 'zh-CN': '开始现场工作', 'en-US': 'Start fieldwork' },
  submit_for_approval: { 'zh-CN': '提交批准', 'en-US': 'Submit for approval' },
  approve: { 'zh-CN': '批准', 'en-US': 'Approve' },
  reject: { 'zh-CN': '退回', 'en-US': 'Reject' },
  close: { 'zh-CN': '关闭', 'en-US': 'Close' },
  reopen_fieldwork: { 'zh-CN': '重新开始现场工作', 'en-US': 'Reopen fieldwork' },
  // procedures
  control_test: { 'zh-CN': '控制测试', 'en-US': 'Control test' },
  activity: { 'zh-CN': '审计活动', 'en-US': 'Activity' },
  interview: { 'zh-CN': '访谈', 'en-US': 'Interview' },
  walkthrough: { 'zh-CN': '穿行测试', 'en-US': 'Walkthrough' },
  inquiry: { 'zh-CN': '询问', 'en-US': 'Inquiry' },
  observation: { 'zh-CN': '观察', 'en-US': 'Observation' },
  inspection: { 'zh-CN': '检查', 'en-US': 'Inspection' },
  reperformance: { 'zh-CN': '重新执行', 'en-US': 'Re-performance' },
  random: { 'zh-CN': '随机抽样', 'en-US': 'Random' },
  systematic: { 'zh-CN': '系统抽样', 'en-US': 'Systematic' },
  judgmental: { 'zh-CN': '判断抽样', 'en-US': 'Judgmental' },
  open: { 'zh-CN': '未开始', 'en-US': 'Open' },
  in_progress: { 'zh-CN': '进行中', 'en-US': 'In progress' },
  done: { 'zh-CN': '已完成', 'en-US': 'Done' },
  effective: { 'zh-CN': '有效', 'en-US': 'Effective' },
  partially_effective: { 'zh-CN': '部分有效', 'en-US': 'Partially effective' },
  ineffective: { 'zh-CN': '无效', 'en-US': 'Ineffective' },
  // workpapers and reports
  draft: { 'zh-CN': '草稿', 'en-US': 'Draft' },
  pending_review: { 'zh-CN': '待复核', 'en-US': 'Pending review' },
  reviewed: { 'zh-CN': '已复核', 'en-US': 'Reviewed' },
  approved: { 'zh-CN': '已批准', 'en-US': 'Approved' },
  rejected: { 'zh-CN': '已退回', 'en-US': 'Rejected' },
  prepared: { 'zh-CN': '已编制', 'en-US': 'Prepared' },
  html: { 'zh-CN': 'HTML', 'en-US': 'HTML' },
  pdf: { 'zh-CN': 'PDF', 'en-US': 'PDF' },
  docx: { 'zh-CN': 'Word（DOCX）', 'en-US': 'Word (DOCX)' },
  // findings
  deficiency: { 'zh-CN': '缺陷', 'en-US': 'Deficiency' },
  gap: { 'zh-CN': '差距', 'en-US': 'Gap' },
  recommendation: { 'zh-CN': '建议', 'en-US': 'Recommendation' },
  critical: { 'zh-CN': '严重', 'en-US': 'Critical' },
  high: { 'zh-CN': '高', 'en-US': 'High' },
  medium: { 'zh-CN': '中', 'en-US': 'Medium' },
  low: { 'zh-CN': '低', 'en-US': 'Low' },
  remediation: { 'zh-CN': '整改中', 'en-US': 'Remediation' },
  retest: { 'zh-CN': '复测中', 'en-US': 'Re-test' },
  agree: { 'zh-CN': '同意', 'en-US': 'Agree' },
  disagree: { 'zh-CN': '不同意', 'en-US': 'Disagree' },
  // review notes, evidence requests
  cleared: { 'zh-CN': '已处理', 'en-US': 'Cleared' },
  requested: { 'zh-CN': '已请求', 'en-US': 'Requested' },
  provided: { 'zh-CN': '已提供', 'en-US': 'Provided' },
  accepted: { 'zh-CN': '已接受', 'en-US': 'Accepted' },
  // objects
  engagement: { 'zh-CN': '审计项目', 'en-US': 'Engagement' },
  procedure: { 'zh-CN': '审计程序', 'en-US': 'Procedure' },
  workpaper: { 'zh-CN': '工作底稿', 'en-US': 'Workpaper' },
  finding: { 'zh-CN': '审计发现', 'en-US': 'Finding' },
  review_note: { 'zh-CN': '复核意见', 'en-US': 'Review note' },
  evidence_request: { 'zh-CN': '资料需求', 'en-US': 'Evidence request' },
  time_entry: { 'zh-CN': '工时记录', 'en-US': 'Time entry' },
  report: { 'zh-CN': '审计报告', 'en-US': 'Audit report' },

};
