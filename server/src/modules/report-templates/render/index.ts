/**
 * The report rendering engine (docs/report-rendering.md): the data model of a render, the sandboxed
 * Liquid HTML (also the preview and the PDF's source), PDF through the warm Chromium, DOCX through
 * docxtemplater, XLSX through exceljs' streaming writer, and the completeness check.
 */
export { buildDataModel, registerRecordDataHook, type RecordDataHook, type ReportDataModel, type ReportRecord, type ReportFile, type ReportField, type ReportList, type ReportLocale } from './model';
export { createTemplateEngine, renderHtml, pageCss } from './liquid';
export { checkCompleteness, truncatedLists } from './completeness';
export { renderPdf, closePdfBrowser, pdfAvailability, chromiumPath, PDF_INSTALL } from './pdf';
export { renderDocx } from './docx';
export { renderXlsx, writeXlsx } from './xlsx';
export { queryRowPages, type QueryRowPage } from './query-rows';
