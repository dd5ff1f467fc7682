/**
 * Workpapers, review notes, evidence and audit reports (server/src/modules/engagements,
 * docs/engagements-papers.md): the server messages of the review flow's gates and of reports, in
 * both languages. No zod; the web never imports this file.
 */
import type { MessageCatalog } from './messages';

/** The papers part's server messages, by key, in both languages. */
export const AUDIT_PAPERS_MESSAGES = {
  'errors.workpaper.notFound': { 'zh-CN': '工作底稿不存在', 'en-US': 'No such workpaper' },
  'errors.workpaper.fromState': {
    'zh-CN': '当前状态下不能执行该操作',
    'en-US': 'This action is not possible from the current status',
  },
  'errors.workpaper.segregation': {
    'zh-CN': '复核人和批准人不能是编制人本人',
    'en-US': 'The reviewer and the approver must be someone other than the preparer',
  },
  'errors.workpaper.openNotes': {
    'zh-CN': '还有未处理的复核意见',
    'en-US': 'Open review notes must be cleared first',
  },
  'errors.workpaper.commentRequired': { 'zh-CN': '退回须填写说明', 'en-US': 'A rejection needs a comment' },
  'errors.workpaper.reviseState': {
    'zh-CN': '只有已批准的底稿可以修订',
    'en-US': 'Only an approved workpaper can be revised',
  },
  'errors.workpaper.superseded': {
    'zh-CN': '该底稿已有更新的版本',
    'en-US': 'This workpaper already has a newer revision',
  },
  'errors.workpaper.evidenceLocked': {
    'zh-CN': '底稿已批准，证据已锁定',
    'en-US': 'The workpaper is approved: its evidence is locked',
  },
  'errors.workpaper.evidenceNotFound': { 'zh-CN': '该文档未作为证据附加', 'en-US': 'This document is not attached as evidence' },
  'errors.workpaper.documentUnknown': {
    'zh-CN': '文档不存在或不属于该应用',
    'en-US': 'No such document in this application',
  },
  'errors.workpaper.engagementUnknown': { 'zh-CN': '审计项目不存在', 'en-US': 'No such audit engagement' },
  'errors.workpaper.procedureUnknown': {
    'zh-CN': '审计程序不存在或不属于该项目',
    'en-US': 'No such procedure in this engagement',
  },
  'errors.reviewNote.notFound': { 'zh-CN': '复核意见不存在', 'en-US': 'No such review note' },
  'errors.reviewNote.notOpen': { 'zh-CN': '该复核意见已处理', 'en-US': 'This review note is already cleared' },
  'errors.reviewNote.notPreparer': {
    'zh-CN': '只有底稿编制人或应用所有者可以处理复核意见',
    'en-US': 'Only the workpaper’s preparer or an owner can clear a review note',
  },
  'errors.auditReport.notFound': { 'zh-CN': '审计报告不存在', 'en-US': 'No such audit report' },
  'errors.auditReport.template': {
    'zh-CN': '报告模板须属于该应用并绑定审计报告对象',
    'en-US': 'The template must be one of this application’s, bound to the audit reports subject',
  },
  'errors.auditReport.notRendered': {
    'zh-CN': '报告尚未生成完成',
    'en-US': 'The report has not been rendered yet',
  },
  'errors.auditReport.renderState': {
    'zh-CN': '只有草稿或已退回的报告可以重新生成',
    'en-US': 'Only a draft or rejected report can be rendered again',
  },
} satisfies MessageCatalog;
