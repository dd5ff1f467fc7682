/**
 * Audit reports (docs/engagements-papers.md "Audit reports"): a record of the report subject
 * rendered from a report template of the application bound to that subject (usually with the
 * relation `engagement` in its binding) by the report-templates module's render task
 * (report-templates.render.ts `startRender`: one document per report, a new version per render).
 * The render's data gets `record.findings`, the engagement's findings, from the hook registered
 * here (render/model.ts `registerRecordDataHook`). The report goes through the review flow of
 * workpapers (review-flow.ts); submit requires a finished render and records its document and
 * version on the report; approve locks the record (record guard) and puts the document on legal
 * hold.
 */
import { Readable } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import type {
  AuditReport,
  AuditReportCreate,
  AuditReportDetail,
  CurrentUser,
  Locale,
  MessageKey,
  RecordItem,
  ReviewActions,
  ReviewAction,
  ReviewTransitionInput,
  ReviewTransitionResult,
} from '../../../../contracts';
import { FINDING_SEVERITIES } from '../../../../contracts/engagements.constants';
import type { AuditInput, AuditWriter } from '../../core/audit.writer';
import { rowsOf, type Database, type Executor } from '../../db/client';
import { documentVersions, reportRenders, type ReportRenderRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { holdDocumentFor, openVersionRow } from '../documents/documents.service';
import { documentBlobs } from '../documents/documents.store';
import { findRecords, tableOf } from '../records/records.service';
import { pdfAvailability, registerRecordDataHook } from '../report-templates/render';
import { startRender } from '../report-templates/report-templates.render';
import { createTemplate, listApplicationTemplates, requireTemplate } from '../report-templates/report-templates.service';
import { liveRows } from '../subjects/live-rows';
import { findModelSubject } from '../subjects/model-subjects';
import type { SubjectDef } from '../subjects/subject-def';
import { DEFAULT_TEMPLATE_NAMES, defaultTemplateBody } from './default-template';
import { requireModel, type ModelAccess } from './engagements.model-access';
import { pinEvidence } from './evidence';
import { listTransitions } from './transitions-log';
import { fieldColumn, requireRecord } from './papers-support';
import { applyReviewAction, createModelRecord, listSignoffs, reviewActionOptions, statusOf, transitionRefused } from './review-flow';

/** Logger the render needs (the request's). */
type Log = Parameters<typeof startRender>[6];

/** Most findings a report lists. */
const FINDINGS_MAX = 1_000;

const badField = (field: string, messageKey: MessageKey) => new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field, messageKey }]);

/** The live findings of engagement `engagementId` (most severe first, then oldest), at most FINDINGS_MAX. */
async function findingsOf(db: Executor, finding: SubjectDef, engagementId: string): Promise<RecordItem[]> {
  const order = sql`array_position(${sql.param([...FINDING_SEVERITIES])}::text[], ${fieldColumn(finding, 'severity')}::text)`;
  const ids = rowsOf<{ id: string }>(
    await db.execute(
      sql`select r.id from ${tableOf(finding, 'r')} where ${fieldColumn(finding, 'engagement')} = ${engagementId}::uuid and ${liveRows(finding, 'r')}
          order by ${order} nulls last, r.created_at, r.id limit ${FINDINGS_MAX}`,
    ),
  ).map((r) => r.id);
  return findRecords(db, finding, ids);
}

const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : Array.isArray(v) && v.length > 0 ? (typeof v[0] === 'string' ? v[0] : ((v[0] as { id?: string }).id ?? null)) : null;

// the render's data of an audit report (or an engagement): `record.findings`, the engagement's findings
registerRecordDataHook(async (db, subject, record, model) => {
  if (subject.model !== 'audit.report' && subject.model !== 'audit.engagement') return;
  const engagementId = subject.model === 'audit.engagement' ? record.id : idOf(record.engagement);
  const finding = await findModelSubject(db, subject.applicationId, 'audit.finding');
  if (!finding) return;
  const items = engagementId ? await findingsOf(db, finding, engagementId) : [];
  record.findings = items.map((f) => ({ ...f.values, id: f.id, createdAt: f.createdAt, updatedAt: f.updatedAt }));
  model.schema.lists['record.findings'] = {
    total: items.length,
    loaded: items.length,
    fields: finding.fields.map((f) => ({ key: f.key, name: f.name, type: f.type })),
    name: finding.name,
  };
});

/** The latest render of report `id` (newest first), or undefined. */
async function latestRender(db: Executor, applicationId: string, id: string): Promise<ReportRenderRow | undefined> {
  const [row] = await db
    .select()
    .from(reportRenders)
    .where(and(eq(reportRenders.applicationId, applicationId), sql`${reportRenders.recordIds} @> ${JSON.stringify([id])}::jsonb`))
    .orderBy(desc(reportRenders.createdAt))
    .limit(1);
  return row;
}

/** The id of version `version` of document `documentId`. */
async function versionIdOf(db: Executor, documentId: string, version: number): Promise<string | null> {
  const [row] = await db
    .select({ id: documentVersions.id })
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.version, version)));
  return row?.id ?? null;
}

/** An audit writer that writes `action` on the report instead of the render's own entry (one entry per request). */
function asReportAction(audit: AuditWriter, action: string, reportId: string, access: ModelAccess, extra: Record<string, unknown>): AuditWriter {
  return {
    actor: audit.actor,
    as: (a) => audit.as(a),
    unchanged: () => audit.unchanged(),
    record: (tx, e: AuditInput) =>
      audit.record(tx, {
        action,
        targetType: 'record',
        targetId: reportId,
        after: { ...extra, render: e.after },
        details: { application: access.app.slug, subject: access.subjects.report.key },
      }),
  };
}

/** The report and where its document stands: the record's own, else the latest finished render's. */
async function toReport(db: Executor, access: ModelAccess, r: RecordItem, engagementTitle: string | null): Promise<AuditReport & { render?: ReportRenderRow; documentVersion: number | null }> {
  const render = await latestRender(db, access.app.id, r.id);
  let documentId = (r.values.document as string | null) ?? null;
  let documentVersionId = (r.values.document_version as string | null) ?? null;
  let documentVersion: number | null = null;
  if (documentId && documentVersionId) {
    const [v] = await db.select({ version: documentVersions.version }).from(documentVersions).where(eq(documentVersions.id, documentVersionId));
    documentVersion = v?.version ?? null;
  } else if (render?.state === 'done' && render.documentId && render.documentVersion) {
    documentId = render.documentId;
    documentVersion = render.documentVersion;
    documentVersionId = await versionIdOf(db, render.documentId, render.documentVersion);
  }
  return {
    id: r.id,
    title: String(r.values.title ?? ''),
    engagementId: (r.values.engagement as string | null) ?? null,
    engagementTitle,
    status: statusOf(r),
    format: String(r.values.format ?? 'pdf'),
    templateId: (r.values.template as string | null) ?? null,
    documentId,
    documentVersionId,
    renderState: render?.state ?? null,
    updatedAt: r.updatedAt,
    render,
    documentVersion,
  };
}

/** Checks a report template: one of the application's, bound to the report subject, able to render `format`. @throws 400 naming templateId / format. */
async function checkTemplate(db: Executor, user: CurrentUser, access: ModelAccess, templateId: string, format: string): Promise<void> {
  const found = await requireTemplate(db, user, templateId, 'read').catch((err: unknown) => {
    if (err instanceof HttpError && (err.status === 404 || err.status === 403)) return undefined;
    throw err;
  });
  if (!found || found.row.applicationId !== access.app.id || found.row.subjectId !== access.subjects.report.id)
    throw badField('templateId', 'errors.auditReport.template');
  if (format === 'pdf') {
    const a = pdfAvailability();
    if (!a.available) throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'format', messageKey: 'errors.reportTemplate.pdfUnavailable', params: { install: a.install } }]);
  }
  if (format === 'docx' && !found.row.docxSha256) throw badField('format', 'errors.reportTemplate.noDocx');
}

/**
 * POST …/reports (write): a draft report of the engagement with the template and format, then its
 * first render (queued). One audit entry `audit_report.create` naming the render.
 * @throws 400 naming `engagementId`, `templateId` (not the application's template bound to the
 *   report subject) or `format` (PDF without Chromium, DOCX without a Word template); 403/404.
 */
export async function createReport(db: Database, user: CurrentUser, slug: string, input: AuditReportCreate, locale: Locale, audit: AuditWriter, log: Log): Promise<RecordItem> {
  const access = await requireModel(db, user, slug, 'write');
  const [engagement] = await findRecords(db, access.subjects.engagement, [input.engagementId]);
  if (!engagement) throw badField('engagementId', 'errors.workpaper.engagementUnknown');
  await checkTemplate(db, user, access, input.templateId, input.format);
  const record = await db.transaction((tx) =>
    createModelRecord(
      tx,
      access.app.id,
      access.subjects.report,
      { title: input.title, engagement: input.engagementId, template: input.templateId, format: input.format, status: 'draft' },
      user,
    ),
  );
  const writer = asReportAction(audit, 'audit_report.create', record.id, access, { ...record.values });
  try {
    await startRender(db, user, input.templateId, { format: input.format, recordIds: [record.id] }, locale, writer, log);
  } catch (err) {
    // the record exists: its creation is still recorded, without a render
    await audit.record(db, { action: 'audit_report.create', targetType: 'record', targetId: record.id, after: { ...record.values, render: null } });
    throw err;
  }
  return record;
}

/**
 * POST …/reports/:id/render (write; draft or rejected reports): renders the report again (a new
 * version of its document); audited `audit_report.render`.
 * @throws 409 TRANSITION_REFUSED errors.auditReport.renderState; 400 naming templateId/format; 404; 403.
 */
export async function renderReport(db: Database, user: CurrentUser, slug: string, id: string, locale: Locale, audit: AuditWriter, log: Log): Promise<{ renderId: string }> {
  const access = await requireModel(db, user, slug, 'write');
  const report = await requireRecord(db, access.subjects.report, id, 'errors.auditReport.notFound');
  if (!['draft', 'rejected'].includes(statusOf(report))) throw transitionRefused(['errors.auditReport.renderState']);
  const templateId = String(report.values.template ?? '');
  const format = String(report.values.format ?? 'pdf') as 'html' | 'pdf' | 'docx';
  await checkTemplate(db, user, access, templateId, format);
  const render = await startRender(db, user, templateId, { format, recordIds: [id] }, locale, asReportAction(audit, 'audit_report.render', id, access, { format }), log);
  return { renderId: render.id };
}

/** The report's own gates: submit needs a finished latest render; approve needs the document recorded at submit. */
function reportGates(report: RecordItem, render: ReportRenderRow | undefined) {
  return (action: ReviewAction): MessageKey[] => {
    if (action === 'submit' && !(render?.state === 'done' && render.documentId)) return ['errors.auditReport.notRendered'];
    if (action === 'approve' && !report.values.document) return ['errors.auditReport.notRendered'];
    return [];
  };
}

/** GET …/reports/:id/actions (read). @throws 404; 403. */
export async function reportActions(db: Database, user: CurrentUser, slug: string, id: string, locale: Locale): Promise<ReviewActions> {
  const access = await requireModel(db, user, slug, 'read');
  const report = await requireRecord(db, access.subjects.report, id, 'errors.auditReport.notFound');
  const render = await latestRender(db, access.app.id, id);
  return { status: statusOf(report), actions: reviewActionOptions(report, user, { openNotes: 0, extra: reportGates(report, render) }, locale) };
}

/**
 * POST …/reports/:id/transition (write): the review flow; submit records the latest render's
 * document and version on the report; approve puts that document on legal hold (and the record
 * guard locks the report). Audited `audit_report.transition`.
 * @throws 409 TRANSITION_REFUSED naming each failing gate; 404; 403.
 */
export async function transitionReport(
  db: Database,
  user: CurrentUser,
  slug: string,
  id: string,
  input: ReviewTransitionInput,
  audit: AuditWriter,
): Promise<ReviewTransitionResult> {
  const access = await requireModel(db, user, slug, 'write');
  const target = { applicationId: access.app.id, subject: access.subjects.report, object: 'report' as const };
  return db.transaction(async (tx) => {
    let report = await requireRecord(tx, access.subjects.report, id, 'errors.auditReport.notFound', true);
    const render = await latestRender(tx, access.app.id, id);
    const facts = { openNotes: 0, extra: reportGates(report, render) };
    const done = await applyReviewAction(tx, target, report, input.action, input.comment, user, facts, async (values) => {
      if (input.action === 'submit' && render?.documentId && render.documentVersion) {
        values.document = render.documentId;
        values.document_version = await versionIdOf(tx, render.documentId, render.documentVersion);
      }
    });
    report = done.after;
    let held = false;
    if (input.action === 'approve') {
      await pinEvidence(tx, id);
      const documentId = report.values.document as string | null;
      if (documentId) held = await holdDocumentFor(tx, documentId, `Approved audit report ${String(report.values.title ?? id)}`, user.id);
    }
    await audit.record(tx, {
      action: 'audit_report.transition',
      targetType: 'record',
      targetId: id,
      before: { status: done.transition.from },
      after: { status: statusOf(report), version: report.version, signoff: done.signoff?.role ?? null, document: report.values.document ?? null, documentVersion: report.values.document_version ?? null },
      details: { application: access.app.slug, subject: access.subjects.report.key, action: input.action, comment: input.comment ?? '', legalHold: held },
    });
    return { status: statusOf(report), transition: done.transition, ...(done.signoff ? { signoff: done.signoff } : {}) };
  });
}

/** GET …/reports (read): newest changed first, `engagementId` narrowing to one engagement. */
export async function listReports(
  db: Database,
  user: CurrentUser,
  slug: string,
  query: { current: number; pageSize: number; engagementId?: string },
): Promise<{ items: AuditReport[]; total: number }> {
  const access = await requireModel(db, user, slug, 'read');
  const s = access.subjects.report;
  const where = query.engagementId ? sql`${liveRows(s, 'r')} and ${fieldColumn(s, 'engagement')} = ${query.engagementId}::uuid` : liveRows(s, 'r');
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${tableOf(s, 'r')} where ${where}`));
  const ids = rowsOf<{ id: string }>(
    await db.execute(
      sql`select r.id from ${tableOf(s, 'r')} where ${where} order by r.updated_at desc, r.id limit ${query.pageSize} offset ${(query.current - 1) * query.pageSize}`,
    ),
  ).map((r) => r.id);
  const reports = await findRecords(db, s, ids);
  const engagementIds = [...new Set(reports.map((r) => r.values.engagement as string | null).filter((x): x is string => !!x))];
  const titles = new Map((await findRecords(db, access.subjects.engagement, engagementIds)).map((e) => [e.id, String(e.values.title ?? '')]));
  const items: AuditReport[] = [];
  for (const r of reports) {
    const { render: _r, documentVersion: _v, ...item } = await toReport(db, access, r, titles.get(r.values.engagement as string) ?? null);
    items.push(item);
  }
  return { items, total: Number(n) };
}

/**
 * GET …/reports/:id (read: members of the application): the report, its engagement's values and
 * findings, sign-offs and transitions, and its rendered output — the HTML itself for the html
 * format, else the download URL of the document version. What the printable page
 * `/audit_report?id=` shows. @throws 404; 403.
 */
export async function getReport(db: Database, user: CurrentUser, slug: string, id: string): Promise<AuditReportDetail> {
  const access = await requireModel(db, user, slug, 'read');
  const report = await requireRecord(db, access.subjects.report, id, 'errors.auditReport.notFound');
  const engagementId = (report.values.engagement as string | null) ?? null;
  const [engagement] = engagementId ? await findRecords(db, access.subjects.engagement, [engagementId]) : [];
  const { render: _r, documentVersion, ...item } = await toReport(db, access, report, engagement ? String(engagement.values.title ?? '') : null);
  const findings = engagementId ? await findingsOf(db, access.subjects.finding, engagementId) : [];
  let html: string | null = null;
  let downloadUrl: string | null = null;
  if (item.documentId && documentVersion) {
    if (item.format === 'html') {
      const { content } = await openVersionRow({ db, blobs: documentBlobs(db) }, item.documentId, documentVersion);
      const chunks: Buffer[] = [];
      for await (const c of content as Readable) chunks.push(Buffer.from(c as Buffer));
      html = Buffer.concat(chunks).toString('utf8');
    } else downloadUrl = `/api/v1/documents/${item.documentId}/versions/${documentVersion}/content`;
  }
  return {
    ...item,
    engagement: engagement ? { id: engagement.id, ...engagement.values } : null,
    findings: findings.map((f) => ({
      id: f.id,
      title: String(f.values.title ?? ''),
      severity: (f.values.severity as string | null) ?? null,
      status: (f.values.status as string | null) ?? null,
    })),
    signoffs: await listSignoffs(db, id),
    transitions: await listTransitions(db, id),
    downloadUrl,
    html,
  };
}

/**
 * POST …/reports/default-template (write): the application's default audit report template —
 * bound to the report subject with the relation `engagement`, listing the engagement's particulars
 * and its findings, in the caller's language — made when the application has none of that name
 * (audited `report_template.create`), else the one it has (`unchanged`, nothing written).
 * @throws 403/404.
 */
export async function defaultReportTemplate(db: Database, user: CurrentUser, slug: string, locale: Locale, audit: AuditWriter): Promise<{ templateId: string; created: boolean }> {
  const access = await requireModel(db, user, slug, 'write');
  const existing = await listApplicationTemplates(db, user, slug, { current: 1, pageSize: 100, subjectId: access.subjects.report.id });
  const found = existing.items.find((t) => Object.values(DEFAULT_TEMPLATE_NAMES).includes(t.name));
  if (found) {
    audit.unchanged();
    return { templateId: found.id, created: false };
  }
  const template = await createTemplate(
    db,
    user,
    slug,
    {
      name: DEFAULT_TEMPLATE_NAMES[locale],
      description: '',
      binding: { subjectId: access.subjects.report.id, relations: ['engagement'] },
      body: defaultTemplateBody(locale),
      partials: {},
      page: {},
    },
    audit,
  );
  return { templateId: template.id, created: true };
}
