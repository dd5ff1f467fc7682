/**
 * en-US names of the audit model's codes (contracts/engagements.constants.ts): select values are
 * stored as these codes and screens show them through `engagements.value.<code>`. Typed so that a
 * code added to the constants without a name here fails the typecheck.
 */
import type { AuditValueCode } from '../zh-CN/audit-values';

const values: Record<`engagements.value.${AuditValueCode}`, string> = {
  // engagement phases
  'engagements.value.scope': 'Scope',
  'engagements.value.validate': 'Validate',
  'engagements.value.fieldwork': 'Fieldwork',
  'engagements.value.awaiting_approval': 'Awaiting approval',
  'engagements.value.follow_up': 'Follow-up',
  'engagements.value.closed': 'Closed',
  // engagement actions
  'engagements.value.submit_scope': 'Submit scope',
  'engagements.value.start_fieldwork': 'Start fieldwork',
  'engagements.value.submit_for_approval': 'Submit for approval',
  'engagements.value.approve': 'Approve',
  'engagements.value.reject': 'Reject',
  'engagements.value.close': 'Close',
  'engagements.value.reopen_fieldwork': 'Reopen fieldwork',
  // procedures
  'engagements.value.control_test': 'Control test',
  'engagements.value.activity': 'Activity',
  'engagements.value.interview': 'Interview',
  'engagements.value.walkthrough': 'Walkthrough',
  'engagements.value.inquiry': 'Inquiry',
  'engagements.value.observation': 'Observation',
  'engagements.value.inspection': 'Inspection',
  'engagements.value.reperformance': 'Re-performance',
  'engagements.value.random': 'Random',
  'engagements.value.systematic': 'Systematic',
  'engagements.value.judgmental': 'Judgmental',
  'engagements.value.open': 'Open',
  'engagements.value.in_progress': 'In progress',
  'engagements.value.done': 'Done',
  'engagements.value.effective': 'Effective',
  'engagements.value.partially_effective': 'Partially effective',
  'engagements.value.ineffective': 'Ineffective',
  // workpapers and reports
  'engagements.value.draft': 'Draft',
  'engagements.value.pending_review': 'Pending review',
  'engagements.value.reviewed': 'Reviewed',
  'engagements.value.approved': 'Approved',
  'engagements.value.rejected': 'Rejected',
  'engagements.value.prepared': 'Prepared',
  'engagements.value.html': 'HTML',
  'engagements.value.pdf': 'PDF',
  'engagements.value.docx': 'Word (DOCX)',
  // findings
  'engagements.value.deficiency': 'Deficiency',
  'engagements.value.gap': 'Gap',
  'engagements.value.recommendation': 'Recommendation',
  'engagements.value.critical': 'Critical',
  'engagements.value.high': 'High',
  'engagements.value.medium': 'Medium',
  'engagements.value.low': 'Low',
  'engagements.value.remediation': 'Remediation',
  'engagements.value.retest': 'Re-test',
  'engagements.value.agree': 'Agree',
  'engagements.value.disagree': 'Disagree',
  // review notes, evidence requests
  'engagements.value.cleared': 'Cleared',
  'engagements.value.requested': 'Requested',
  'engagements.value.provided': 'Provided',
  'engagements.value.accepted': 'Accepted',
  // objects
  'engagements.value.engagement': 'Engagement',
  'engagements.value.procedure': 'Procedure',
  'engagements.value.workpaper': 'Workpaper',
  'engagements.value.finding': 'Finding',
  'engagements.value.review_note': 'Review note',
  'engagements.value.evidence_request': 'Evidence request',
  'engagements.value.time_entry': 'Time entry',
  'engagements.value.report': 'Audit report',
};

export default values;
