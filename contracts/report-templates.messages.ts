/**
 * Report templates (`/admin/template`, `/:app/report_template/…`,
 * contracts/report-templates.constants.ts): the module's server messages in both languages. No zod;
 * the web never imports this file.
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const REPORT_TEMPLATES_MESSAGES = {
  'errors.reportTemplate.stale': {
    'zh-CN': '该模板已被他人修改，请刷新后再保存',
    'en-US': 'Someone else changed this template; reload it before saving',
  },
  'errors.reportTemplate.partialName': {
    'zh-CN': '片段名称以字母开头，只能包含字母、数字、_ 和 -（最多 64 个字符）',
    'en-US': 'A partial name starts with a letter and holds letters, digits, _ and - only (at most 64 characters)',
  },
  'errors.reportTemplate.bodyTooLong': { 'zh-CN': '模板正文过长', 'en-US': 'The template body is too long' },
  'errors.reportTemplate.partialTooLong': { 'zh-CN': '片段过长', 'en-US': 'The partial is too long' },
  'errors.reportTemplate.tooManyPartials': { 'zh-CN': '片段过多', 'en-US': 'Too many partials' },
  'errors.reportTemplate.subject': {
    'zh-CN': '绑定的数据对象不属于该应用',
    'en-US': 'The bound subject is not one of this application',
  },
  'errors.reportTemplate.subjectFixed': {
    'zh-CN': '模板绑定的数据对象不能更改，请新建模板',
    'en-US': "A template's subject cannot change; make a new template",
  },
  'errors.reportTemplate.relation': {
    'zh-CN': '关系字段“{key}”不是该数据对象的关系字段',
    'en-US': '"{key}" is not a relation field of the subject',
  },
  'errors.reportTemplate.recordQuery': {
    'zh-CN': '记录查询不存在或不属于绑定的数据对象',
    'en-US': 'No such record query of the bound subject',
  },
  'errors.reportTemplate.liquid': {
    'zh-CN': 'Liquid 模板无法解析（第 {line} 行）：{problem}',
    'en-US': 'The Liquid template does not parse (line {line}): {problem}',
  },
  'errors.reportTemplate.multipart': {
    'zh-CN': '请以 multipart/form-data 上传 Word 模板',
    'en-US': 'Upload the Word template as multipart/form-data',
  },
  'errors.reportTemplate.docxRequired': { 'zh-CN': '请选择一个 Word（.docx）文件', 'en-US': 'Choose one Word (.docx) file' },
  'errors.reportTemplate.docxTooLarge': {
    'zh-CN': 'Word 模板不能超过 {maxMb} MB',
    'en-US': 'The Word template may be at most {maxMb} MB',
  },
  'errors.reportTemplate.docxInvalid': {
    'zh-CN': '该文件不是有效的 Word（.docx）文档',
    'en-US': 'This file is not a valid Word (.docx) document',
  },
  'errors.reportTemplate.noDocx': {
    'zh-CN': '该模板没有 Word 模板，请先上传',
    'en-US': 'This template has no Word template; upload one first',
  },
  'errors.reportTemplate.recordsRequired': {
    'zh-CN': '请选择记录：该模板没有绑定查询',
    'en-US': 'Choose records: this template is not bound to a record query',
  },
  'errors.reportTemplate.record': {
    'zh-CN': '记录不存在或不属于绑定的数据对象',
    'en-US': 'No such record of the bound subject',
  },
  'errors.reportTemplate.pdfUnavailable': {
    'zh-CN': '服务器无法生成 PDF：{install}',
    'en-US': 'The server cannot print PDF: {install}',
  },
  'errors.reportTemplate.renderFailed': { 'zh-CN': '生成报告失败：{problem}', 'en-US': 'The report could not be rendered: {problem}' },
  'errors.reportTemplateNotFound': { 'zh-CN': '报告模板不存在', 'en-US': 'No such report template' },
} as const satisfies MessageCatalog;
