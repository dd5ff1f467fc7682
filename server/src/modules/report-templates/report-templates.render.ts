/**
 * Rendering a template as a task (docs/report-templates.md "Rendering", docs/tasks.md): POST
 * …/render queues a `reports.render` task and a report_renders row naming the template's current
 * (frozen) version, the format and the records — or none: one output over the rows of the bound
 * record query; the task renders each record (progress per record)
 * through the engine (render/: buildDataModel, renderHtml, renderPdf, renderDocx, renderXlsx),
 * and stores the output as ONE document version (documents.store storeDocumentVersion): one record
 * → its file; several → one ZIP of them (jszip). The document's `sourceKey` is
 * `<templateId>:<recordId | query | batch-<renderId>>:<format>`, so rendering the same thing again adds the
 * next version of the same document; its `origin` says which render, template version, format and
 * data time made it and what the completeness check found. Each record rendered links the document
 * ("linked from" a record: sourceType 'record', shown on the record and listing the report on the
 * document). The missing list and `complete` land on the render row.
 *
 * A PDF render is refused up front when Chromium is missing (400 naming `format`, the message says
 * what to install); a DOCX render when the template has no Word template (400 naming `format`).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import type { CurrentUser, Locale, RenderMissing, ReportFormat, ReportRender } from '../../../../contracts';
import type { AuditWriter } from '../../core/audit.writer';
import type { Database, Executor } from '../../db/client';
import { reportTemplateVersions, type ReportRenderRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { offsetOf } from '../../lib/paging';
import { documentBlobs, linkDocument, storeDocumentVersion } from '../documents/documents.store';
import { runTaskHere } from '../tasks/tasks.engine';
import { getTaskKind, noRetry, queueFor, registerTaskKind, type TaskContext } from '../tasks/tasks.registry';
import { enqueueTask } from '../tasks/tasks.service';
import { buildDataModel, pdfAvailability, renderDocx, renderHtml, renderPdf, renderXlsx, truncatedLists } from './render';
import { readBlob } from './report-templates.docx';
import { renderError } from './report-templates.preview';
import { findRenderRow, findTemplateAny, insertRender, listRenderRows, updateRender } from './report-templates.repository';
import { badField, requireTemplate } from './report-templates.service';

/** The task kind of a render. */
export const RENDER_KIND = 'reports.render';

/** The MIME type and file extension of each format's output. */
export const FORMAT_FILES: Record<ReportFormat, { mime: string; ext: string }> = {
  html: { mime: 'text/html', ext: 'html' },
  pdf: { mime: 'application/pdf', ext: 'pdf' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
};

interface RenderInput {
  renderId: string;
  locale: Locale;
}

/** The API shape of a render row. */
export function toRender(r: ReportRenderRow): ReportRender {
  return {
    id: r.id,
    templateId: r.templateId,
    templateVersion: r.templateVersion,
    format: r.format as ReportFormat,
    recordIds: r.recordIds,
    taskId: r.taskId,
    state: r.state as ReportRender['state'],
    documentId: r.documentId,
    documentVersion: r.documentVersion,
    complete: r.complete,
    missing: r.missing,
    dataAt: r.dataAt?.toISOString() ?? null,
    error: r.error,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/** A file name out of a record's title or id (no path separators or control characters). */
const safeName = (s: string) =>
  [...s].map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('').slice(0, 100) || 'report';

/**
 * POST /report-templates/:id/render (editors+): queues the task (202) with its render row, audited
 * `report_template.render`. Without a task engine in this process the attempt runs here, in the
 * background (the request answers at once).
 * @throws 400 naming `format` (PDF without Chromium: the install hint; DOCX without a Word
 *   template); 403/404.
 */
export async function startRender(
  db: Database,
  user: CurrentUser,
  id: string,
  input: { format: ReportFormat; recordIds?: string[] },
  locale: Locale,
  audit: AuditWriter,
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void },
): Promise<ReportRender> {
  const found = await requireTemplate(db, user, id, 'write');
  if (input.format === 'pdf') {
    const a = pdfAvailability();
    if (!a.available) throw badField('format', 'errors.reportTemplate.pdfUnavailable', { install: a.install });
  }
  if (input.format === 'docx' && !found.row.docxSha256) throw badField('format', 'errors.reportTemplate.noDocx');
  // no records: one output over the bound query's rows (null on the row)
  if (!input.recordIds && !found.row.binding.recordQueryId) throw badField('recordIds', 'errors.reportTemplate.recordsRequired');
  const recordIds = input.recordIds ? [...new Set(input.recordIds)] : null;
  const renderId = randomUUID();
  const started = await db.transaction(async (tx) => {
    const payload: RenderInput = { renderId, locale };
    const { row: task } = await enqueueTask(db, tx, getTaskKind(RENDER_KIND)!, { id: audit.actor.id, label: audit.actor.label }, {
      input: payload as unknown as Record<string, unknown>,
    });
    const row = await insertRender(tx, {
      id: renderId,
      applicationId: found.row.applicationId,
      templateId: id,
      templateVersion: found.row.version,
      format: input.format,
      recordIds,
      taskId: task.id,
      state: 'queued',
      createdBy: user.id,
    });
    await audit.record(tx, {
      action: 'report_template.render',
      targetType: 'report_template',
      targetId: id,
      after: { render: renderId, format: input.format, records: recordIds?.length ?? 'query', templateVersion: found.row.version, task: task.id },
    });
    return { row, task };
  });
  if (!queueFor(db)) {
    void runTaskHere(db, started.task, log).catch((err: unknown) => log.warn({ err, renderId }, 'report render failed'));
  }
  return toRender(started.row);
}

/** GET /report-templates/:id/renders (members): newest first. @throws 403/404. */
export async function listRenders(
  db: Executor,
  user: CurrentUser,
  id: string,
  query: { current: number; pageSize: number },
): Promise<{ items: ReportRender[]; total: number }> {
  await requireTemplate(db, user, id, 'read');
  const { rows, total } = await listRenderRows(db, id, query.pageSize, offsetOf(query));
  return { items: rows.map(toRender), total };
}

/** GET /report-templates/:id/renders/:renderId (members). @throws 403/404. */
export async function getRender(db: Executor, user: CurrentUser, id: string, renderId: string): Promise<ReportRender> {
  await requireTemplate(db, user, id, 'read');
  const row = await findRenderRow(db, renderId);
  if (!row || row.templateId !== id) throw notFound('errors.notFound');
  return toRender(row);
}

/** The task's handler: renders each record, stores the output as one document version, links it. */
async function handle({ task, db, progress, log, isCancelled }: TaskContext): Promise<unknown> {
  const { renderId, locale } = task.input as unknown as RenderInput;
  const render = await findRenderRow(db, renderId);
  if (!render) throw noRetry(new Error(`no render ${renderId}`));
  const template = await findTemplateAny(db, render.templateId);
  const [version] = await db
    .select()
    .from(reportTemplateVersions)
    .where(and(eq(reportTemplateVersions.templateId, render.templateId), eq(reportTemplateVersions.version, render.templateVersion)));
  if (!template || !version) throw noRetry(new Error('the template is gone'));
  const format = render.format as ReportFormat;
  const dataAt = new Date();
  await updateRender(db, renderId, { state: 'running', dataAt, error: null });
  try {
    const blobs = documentBlobs(db);
    const docx = format === 'docx' && version.docxSha256 ? await readBlob(blobs, version.docxSha256) : null;
    // null: one output over the bound query's rows
    const ids: (string | null)[] = render.recordIds ?? [null];
    const outputs: { recordId: string | null; name: string; bytes: Buffer }[] = [];
    const missing: RenderMissing[] = [];
    for (const [i, recordId] of ids.entries()) {
      if (await isCancelled()) {
        await updateRender(db, renderId, { state: 'cancelled', finishedAt: new Date() });
        return null;
      }
      const model = await buildDataModel(db, {
        applicationId: template.applicationId,
        binding: version.binding,
        recordId,
        locale,
        blobs: format === 'html' || format === 'pdf' ? blobs : undefined,
        // a query's rows stream into the workbook page by page instead of being held (render/query-rows.ts)
        streamRows: format === 'xlsx',
      });
      let bytes: Buffer;
      if (format === 'docx') {
        if (!docx) throw noRetry(new Error('the template has no Word template'));
        const out = await renderDocx(docx, model);
        bytes = out.buffer;
        missing.push(...out.missing);
      } else if (format === 'xlsx') {
        bytes = await renderXlsx(model, { locale });
        // after the write: a streamed list's counts are settled once its rows were read
        missing.push(...truncatedLists(model));
      } else {
        const out = await renderHtml({ body: version.body, partials: version.partials, page: version.page }, model, { locale }).catch((err: unknown) => {
          throw renderError(err);
        });
        missing.push(...out.missing);
        bytes = format === 'pdf' ? await renderPdf(out.html, version.page) : Buffer.from(out.html, 'utf8');
      }
      const title =
        recordId === null ? (model.schema.lists.rows?.name ?? template.name) : typeof model.record?.title === 'string' && model.record.title ? model.record.title : recordId;
      outputs.push({ recordId, name: safeName(`${template.name} - ${title}`), bytes });
      await progress(i + 1, ids.length, title);
    }
    const { mime, ext } = FORMAT_FILES[format];
    const single = outputs.length === 1;
    let bytes: Buffer;
    if (single) bytes = outputs[0].bytes;
    else {
      const zip = new JSZip();
      const used = new Set<string>();
      for (const o of outputs) {
        let name = `${o.name}.${ext}`;
        if (used.has(name)) name = `${o.name} (${(o.recordId ?? 'query').slice(0, 8)}).${ext}`;
        used.add(name);
        zip.file(name, o.bytes);
      }
      bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    }
    const sourceKey = `${template.id}:${single ? (outputs[0].recordId ?? 'query') : `batch-${renderId}`}:${format}`;
    const stored = await storeDocumentVersion(db, {
      applicationId: template.applicationId,
      sourceKey,
      name: single ? outputs[0].name : safeName(`${template.name} (${outputs.length})`),
      fileName: single ? `${outputs[0].name}.${ext}` : `${safeName(template.name)}.zip`,
      mimeType: single ? mime : 'application/zip',
      bytes,
      origin: {
        kind: 'render',
        renderId,
        templateId: template.id,
        templateVersion: render.templateVersion,
        format,
        dataAt: dataAt.toISOString(),
        complete: missing.length === 0,
        missingCount: missing.length,
      },
      actor: { id: task.startedBy, label: task.startedByLabel },
    });
    await db.transaction(async (tx) => {
      for (const o of outputs) {
        if (o.recordId === null) continue;
        await linkDocument(tx, {
          documentId: stored.documentId,
          sourceType: 'record',
          sourceId: o.recordId,
          subjectId: template.subjectId,
          label: template.name,
          actorId: task.startedBy,
        });
      }
      await updateRender(tx, renderId, {
        state: 'done',
        documentId: stored.documentId,
        documentVersion: stored.version,
        complete: missing.length === 0,
        missing,
        finishedAt: new Date(),
      });
    });
    await log('info', 'rendered', { format, records: outputs.length, document: stored.documentId, version: stored.version, sha256: stored.sha256, size: stored.size });
    return { documentId: stored.documentId, version: stored.version, sha256: stored.sha256, size: stored.size, missing: missing.length };
  } catch (err) {
    const e = err as HttpError & { message?: string };
    await updateRender(db, renderId, { state: 'failed', error: String(e.message ?? err).slice(0, 2000), finishedAt: new Date() });
    throw noRetry(err instanceof Error ? err : new Error(String(err)));
  }
}

registerTaskKind(RENDER_KIND, handle, { retryLimit: 0, timeoutSeconds: 1800, concurrency: 2 });
