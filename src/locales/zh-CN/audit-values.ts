/**
 * zh-CN names of the audit model's codes (contracts/engagements.constants.ts): select values are
 * stored as these codes and screens show them through `engagements.value.<code>`. Typed so that a
 * code added to the constants without a name here fails the typecheck.
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
} from '../../../contracts/engagements.constants';

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

const values: Record<`engagements.value.${AuditValueCode}`, string> = {
  // engagement phases
  'engagements.value.scope': '范围确定',
  'engagements.value.validate': '范围确认',
  'engagements.value.fieldwork': '现场工作',
  'engagements.value.awaiting_approval': '待批准',
  'engagements.value.follow_up': '后续跟踪',
  'engagements.value.closed': '已关闭',
  // engagement actions
  'engagements.value.submit_scope': '提交范围',
  'engagements.value.start_fieldwork': '开始现场工作',
  'engagements.value.submit_for_approval': '提交批准',
  'engagements.value.approve': '批准',
  'engagements.value.reject': '退回',
  'engagements.value.close': '关闭',
  'engagements.value.reopen_fieldwork': '重新开始现场工作',
  // procedures
  'engagements.value.control_test': '控制测试',
  'engagements.value.activity': '审计活动',
  'engagements.value.interview': '访谈',
  'engagements.value.walkthrough': '穿行测试',
  'engagements.value.inquiry': '询问',
  'engagements.value.observation': '观察',
  'engagements.value.inspection': '检查',
  'engagements.value.reperformance': '重新执行',
  'engagements.value.random': '随机抽样',
  'engagements.value.systematic': '系统抽样',
  'engagements.value.judgmental': '判断抽样',
  'engagements.value.open': '未开始',
  'engagements.value.in_progress': '进行中',
  'engagements.value.done': '已完成',
  'engagements.value.effective': '有效',
  'engagements.value.partially_effective': '部分有效',
  'engagements.value.ineffective': '无效',
  // workpapers and reports
  'engagements.value.draft': '草稿',
  'engagements.value.pending_review': '待复核',
  'engagements.value.reviewed': '已复核',
  'engagements.value.approved': '已批准',
  'engagements.value.rejected': '已退回',
  'engagements.value.prepared': '已编制',
  'engagements.value.html': 'HTML',
  'engagements.value.pdf': 'PDF',
  'engagements.value.docx': 'Word（DOCX）',
  // findings
  'engagements.value.deficiency': '缺陷',
  'engagements.value.gap': '差距',
  'engagements.value.recommendation': '建议',
  'engagements.value.critical': '严重',
  'engagements.value.high': '高',
  'engagements.value.medium': '中',
  'engagements.value.low': '低',
  'engagements.value.remediation': '整改中',
  'engagements.value.retest': '复测中',
  'engagements.value.agree': '同意',
  'engagements.value.disagree': '不同意',
  // review notes, evidence requests
  'engagements.value.cleared': '已处理',
  'engagements.value.requested': '已请求',
  'engagements.value.provided': '已提供',
  'engagements.value.accepted': '已接受',
  // objects
  'engagements.value.engagement': '审计项目',
  'engagements.value.procedure': '审计程序',
  'engagements.value.workpaper': '工作底稿',
  'engagements.value.finding': '审计发现',
  'engagements.value.review_note': '复核意见',
  'engagements.value.evidence_request': '资料需求',
  'engagements.value.time_entry': '工时记录',
  'engagements.value.report': '审计报告',
};

export default values;
