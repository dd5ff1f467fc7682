/**
 * The audit engagement flow's server messages (server/src/modules/engagements/audit-flow.routes.ts,
 * docs/engagements-flow.md) in both languages: the gates of the guarded actions (the `details` of a
 * 409 TRANSITION_REFUSED and the `reasons` of an action list) and the flow's other errors. No zod;
 * the web never imports this file.
 */
import type { MessageCatalog } from './messages';

/** The flow's server messages, by key, in both languages. */
export const AUDIT_FLOW_MESSAGES = {
  // gates of the engagement's phase actions
  'errors.auditFlow.wrongPhase': { 'zh-CN': '项目当前阶段不能执行此操作', 'en-US': "This action is not possible in the engagement's phase" },
  'errors.auditFlow.needWrite': { 'zh-CN': '只有编辑者和所有者可以执行此操作', 'en-US': 'Only editors and owners can do this' },
  'errors.auditFlow.titleRequired': { 'zh-CN': '项目须有名称', 'en-US': 'The engagement needs a title' },
  'errors.auditFlow.periodRequired': { 'zh-CN': '项目须有审计期间（起止日期）', 'en-US': 'The engagement needs a period (start and end dates)' },
  'errors.auditFlow.periodOrder': { 'zh-CN': '审计期间的起始日期不能晚于截止日期', 'en-US': 'The period must not start after it ends' },
  'errors.auditFlow.noProcedures': { 'zh-CN': '项目须至少有一个审计程序', 'en-US': 'The engagement needs at least one procedure' },
  'errors.auditFlow.leadRequired': { 'zh-CN': '项目须指定项目负责人', 'en-US': 'The engagement needs a lead' },
  'errors.auditFlow.proceduresInProgress': {
    'zh-CN': '仍有进行中的审计程序：请先得出结论',
    'en-US': 'Some procedures are still in progress: conclude them first',
  },
  'errors.auditFlow.openReviewNotes': { 'zh-CN': '项目仍有未处理的复核意见', 'en-US': 'The engagement has open review notes' },
  'errors.auditFlow.notApprover': {
    'zh-CN': '只有所有者、管理员或项目复核人可以批准或退回',
    'en-US': "Only an owner, an administrator or the engagement's reviewer can approve or reject",
  },
  'errors.auditFlow.leadCannotApprove': {
    'zh-CN': '项目负责人不能批准或退回自己的项目（职责分离）',
    'en-US': 'The engagement lead cannot approve or reject their own engagement (segregation of duties)',
  },
  'errors.auditFlow.commentRequired': { 'zh-CN': '请填写说明', 'en-US': 'A comment is required' },
  'errors.auditFlow.openWork': {
    'zh-CN': '仍有未完成的审计程序或未关闭的审计发现',
    'en-US': 'Open procedures or findings remain',
  },
  // procedures and samples
  'errors.auditFlow.procedureNotFound': { 'zh-CN': '审计程序不存在', 'en-US': 'No such audit procedure' },
  'errors.auditFlow.sampleNotFound': { 'zh-CN': '样本不存在', 'en-US': 'No such sample' },
  'errors.auditFlow.notInFieldwork': {
    'zh-CN': '项目须处于现场工作或后续跟进阶段',
    'en-US': 'The engagement must be in fieldwork or follow-up',
  },
  'errors.auditFlow.procedureNotOpen': { 'zh-CN': '只能开始未开始的审计程序', 'en-US': 'Only an open procedure can be started' },
  'errors.auditFlow.procedureDone': { 'zh-CN': '该审计程序已有结论', 'en-US': 'The procedure is already concluded' },
  'errors.auditFlow.populationSubject': { 'zh-CN': '应用中没有该数据表', 'en-US': 'No such subject in this application' },
  'errors.auditFlow.sampleTooLarge': {
    'zh-CN': '样本量超过总体数量（{n} 条记录）',
    'en-US': 'The sample is larger than the population ({n} records)',
  },
  'errors.auditFlow.recordIdsRequired': { 'zh-CN': '判断抽样须列出所选记录', 'en-US': 'A judgmental sample lists the records chosen' },
  'errors.auditFlow.recordIdsUnknown': {
    'zh-CN': '所选记录须属于总体（该数据表中符合筛选条件的有效记录）',
    'en-US': "The records chosen must be in the population (live records of the subject matching the filter)",
  },
  // findings
  'errors.auditFlow.findingNotFound': { 'zh-CN': '审计发现不存在', 'en-US': 'No such finding' },
  'errors.auditFlow.wrongStatus': { 'zh-CN': '审计发现当前状态不能执行此操作', 'en-US': "This action is not possible in the finding's status" },
  'errors.auditFlow.procedureOfEngagement': {
    'zh-CN': '审计程序须属于该项目',
    'en-US': 'The procedure must belong to the engagement',
  },
  'errors.auditFlow.engagementClosed': { 'zh-CN': '项目已关闭', 'en-US': 'The engagement is closed' },
} satisfies MessageCatalog;
