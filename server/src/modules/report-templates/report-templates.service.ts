/**
 * Report templates (docs/report-templates.md): a template of an application bound to one of its
 * subjects (and relation fields of it, or a saved record query of it), with a Liquid HTML body,
 * partials, page settings and an optional Word (DOCX) template in the blob store. Every save is the
 * next `version` (optimistic: an update names the version it edited; a stale one is a 409) and is
 * frozen in report_template_versions, so a render names exactly what it used.
 *
 * Access as for records (subjects/subject-def.ts `allows`): members of the application (viewer+)
 * and administrators read and preview; editors, owners and administrators write and render.
 * Deleting goes to the recycle bin (type 'report_template', report-templates.recyclable.ts).
 * Audited `report_template.create/update/delete`.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { Liquid } from 'liquidjs';
import type {
  CurrentUser,
  MessageKey,
  ReportPageSettings,
  ReportTemplate,
  ReportTemplateBinding,
  ReportTemplateListQuery,
  ReportTemplateVersion,
} from '../../../../contracts';
import { LIQUID_PARSE_LIMIT } from '../../../../contracts';
import type { AuditWriter } from '../../core/audit.writer';
import { moveToRecycleBin } from '../../core/recycle.registry';
import type { Database, Executor } from '../../db/client';
import { applications, savedQueries, type ReportTemplateRow, type ReportTemplateVersionRow } from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import { likePattern, offsetOf } from '../../lib/paging';
import { requireOpenableApplication } from '../applications/applications.service';
import { allows, loadSubjectDef, type SubjectDef, type SubjectNeed } from '../subjects/subject-def';
import {
  findTemplate,
  findVersionRow,
  insertTemplate,
  listTemplateRows,
  listVersionRows,
  markTemplateDeleted,
  saveNextVersion,
  type TemplateJoined,
} from './report-templates.repository';

/** 404 errors.reportTemplateNotFound. */
export const templateNotFound = () => notFound('errors.reportTemplateNotFound');

/** 400 VALIDATION_FAILED naming `field`. */
export const badField = (field: string, messageKey: MessageKey, params?: Record<string, string | number>) =>
  new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field, messageKey, params }]);

/** The API shape of a joined template row. */
export function toTemplate(r: TemplateJoined): ReportTemplate {
  const { row } = r;
  return {
    id: row.id,
    application: r.application,
    applicationId: row.applicationId,
    applicationName: r.applicationName,
    subjectId: row.subjectId,
    subjectKey: r.subjectKey,
    subjectName: r.subjectName,
    name: row.name,
    description: row.description,
    binding: { subjectId: row.binding.subjectId, relations: row.binding.relations ?? [], recordQueryId: row.binding.recordQueryId ?? null },
    body: row.body,
    partials: row.partials,
    page: row.page,
    docxSha256: row.docxSha256,
    docxFileName: row.docxFileName,
    version: row.version,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The API shape of a frozen version. */
export function toVersion(v: ReportTemplateVersionRow): ReportTemplateVersion {
  return {
    templateId: v.templateId,
    version: v.version,
    binding: { subjectId: v.binding.subjectId, relations: v.binding.relations ?? [], recordQueryId: v.binding.recordQueryId ?? null },
    body: v.body,
    partials: v.partials,
    page: v.page,
    docxSha256: v.docxSha256,
    docxFileName: v.docxFileName,
    createdBy: v.createdBy,
    createdByLabel: v.createdByLabel,
    createdAt: v.createdAt.toISOString(),
  };
}

/** What the audit keeps of a template (the body by length and not in full: it can be 200,000 characters). */
const auditView = (row: Pick<ReportTemplateRow, 'name' | 'description' | 'binding' | 'body' | 'partials' | 'page' | 'version'>) => ({
  name: row.name,
  description: row.description,
  binding: row.binding,
  bodyChars: row.body.length,
  partials: Object.keys(row.partials).sort(),
  page: row.page,
  version: row.version,
});

/**
 * The template `id` if `user` may `need` it (read: any member; write: editor+), with its subject.
 * @throws 404 (unknown, in the bin, or its application gone); 403.
 */
export async function requireTemplate(
  db: Executor,
  user: CurrentUser,
  id: string,
  need: SubjectNeed,
  lock = false,
): Promise<TemplateJoined> {
  const found = await findTemplate(db, id, lock);
  if (!found) throw templateNotFound();
  const { role } = await requireOpenableApplication(db, user, found.application);
  if (!allows(user, role, need)) throw forbidden();
  return found;
}

/** A Liquid engine for parse checks only (nothing is rendered or read from disk). */
const parser = new Liquid({ parseLimit: LIQUID_PARSE_LIMIT, relativeReference: false, dynamicPartials: false });

/**
 * Checks that `source` parses as Liquid. @throws 400 naming `field` with errors.reportTemplate.liquid
 * and `{ line, problem }` (liquidjs's message and its token's line; docs/report-templates.md "Validation").
 */
export function checkLiquid(field: string, source: string): void {
  try {
    parser.parse(source);
  } catch (err) {
    const e = err as { message?: string; token?: { getPosition?: () => [number, number] } };
    const line = e.token?.getPosition?.()[0] ?? 1;
    const problem = String(e.message ?? err).replace(/, line:\d+, col:\d+$/, '');
    throw badField(field, 'errors.reportTemplate.liquid', { line, problem });
  }
}

/** Checks the body, every partial and the page's header and footer parse. @throws 400 as checkLiquid. */
export function checkTemplateSources(input: { body?: string; partials?: Record<string, string>; page?: ReportPageSettings }): void {
  if (input.body !== undefined) checkLiquid('body', input.body);
  for (const [name, text] of Object.entries(input.partials ?? {})) checkLiquid(`partials.${name}`, text);
  if (input.page?.header) checkLiquid('page.header', input.page.header);
  if (input.page?.footer) checkLiquid('page.footer', input.page.footer);
}

/**
 * The binding checked against application `applicationId`: its subject is one of the application's
 * live subjects, every relation key is a relation field of it (duplicates dropped), the record query
 * (if any) is a live saved query of that subject.
 * @throws 400 naming `binding.subjectId`, `binding.relations.<i>`, `binding.recordQueryId`.
 */
export async function checkBinding(
  db: Executor,
  applicationId: string,
  binding: ReportTemplateBinding,
): Promise<{ binding: ReportTemplateBinding; subject: SubjectDef }> {
  const subject = await loadSubjectDef(db, { id: binding.subjectId });
  if (!subject || subject.applicationId !== applicationId) throw badField('binding.subjectId', 'errors.reportTemplate.subject');
  const relations = [...new Set(binding.relations ?? [])];
  relations.forEach((key, i) => {
    const f = subject.fields.find((x) => x.key === key);
    if (!f || f.type !== 'relation') throw badField(`binding.relations.${i}`, 'errors.reportTemplate.relation', { key });
  });
  if (binding.recordQueryId) {
    const [q] = await db
      .select({ id: savedQueries.id })
      .from(savedQueries)
      .where(and(eq(savedQueries.id, binding.recordQueryId), eq(savedQueries.kind, 'records'), eq(savedQueries.subjectId, subject.id), isNull(savedQueries.deletedAt)))
      .limit(1);
    if (!q) throw badField('binding.recordQueryId', 'errors.reportTemplate.recordQuery');
  }
  return { binding: { subjectId: subject.id, relations, recordQueryId: binding.recordQueryId ?? null }, subject };
}

/**
 * GET /report-templates (administrators): one page of every application's templates (or of
 * `application`'s, a slug: an unknown one lists nothing), most recently changed first.
 */
export async function listAllTemplates(db: Executor, query: ReportTemplateListQuery): Promise<{ items: ReportTemplate[]; total: number }> {
  let applicationId: string | undefined;
  if (query.application) {
    const [a] = await db.select({ id: applications.id }).from(applications).where(eq(applications.slug, query.application)).limit(1);
    if (!a) return { items: [], total: 0 };
    applicationId = a.id;
  }
  const { rows, total } = await listTemplateRows(db, {
    pattern: likePattern(query.q),
    subjectId: query.subjectId,
    applicationId,
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: rows.map(toTemplate), total };
}

/** GET /applications/:slug/report-templates (members): one page of the application's templates. @throws 403/404. */
export async function listApplicationTemplates(
  db: Executor,
  user: CurrentUser,
  slug: string,
  query: ReportTemplateListQuery,
): Promise<{ items: ReportTemplate[]; total: number }> {
  const { app } = await requireOpenableApplication(db, user, slug);
  const { rows, total } = await listTemplateRows(db, {
    pattern: likePattern(query.q),
    subjectId: query.subjectId,
    applicationId: app.id,
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: rows.map(toTemplate), total };
}

/** GET /report-templates/:id (members). @throws 403/404. */
export async function getTemplate(db: Executor, user: CurrentUser, id: string): Promise<ReportTemplate> {
  return toTemplate(await requireTemplate(db, user, id, 'read'));
}

/**
 * A system model's default template (modules/engagements default-template.ts), version 1, written in
 * the caller's transaction: binding and sources checked as for POST …/report-templates, not audited
 * (the model's apply is the change). @returns its id. @throws HttpError 400 as create.
 */
export async function insertDefaultTemplate(
  tx: Executor,
  applicationId: string,
  input: { name: string; description: string; binding: ReportTemplateBinding; body: string; createdBy: string },
  actorLabel: string,
): Promise<string> {
  const { binding } = await checkBinding(tx, applicationId, input.binding);
  checkTemplateSources({ body: input.body, partials: {}, page: {} });
  return insertTemplate(
    tx,
    { applicationId, subjectId: binding.subjectId, name: input.name, description: input.description, binding, body: input.body, partials: {}, page: {}, createdBy: input.createdBy },
    actorLabel,
  );
}

/**
 * POST /applications/:slug/report-templates (editors+): version 1, frozen; audited `report_template.create`.
 * @throws 400 naming `binding.*`, `body`, `partials.<name>`, `page.header|footer`; 403/404.
 */
export async function createTemplate(
  db: Database,
  user: CurrentUser,
  slug: string,
  input: {
    name: string;
    description: string;
    binding: ReportTemplateBinding;
    body: string;
    partials: Record<string, string>;
    page: ReportPageSettings;
  },
  audit: AuditWriter,
): Promise<ReportTemplate> {
  const { app, role } = await requireOpenableApplication(db, user, slug);
  if (!allows(user, role, 'write')) throw forbidden();
  const { binding } = await checkBinding(db, app.id, input.binding);
  checkTemplateSources(input);
  return db.transaction(async (tx) => {
    const id = await insertTemplate(
      tx,
      {
        applicationId: app.id,
        subjectId: binding.subjectId,
        name: input.name,
        description: input.description,
        binding,
        body: input.body,
        partials: input.partials,
        page: input.page,
        createdBy: user.id,
      },
      audit.actor.label,
    );
    const created = (await findTemplate(tx, id))!;
    await audit.record(tx, {
      action: 'report_template.create',
      targetType: 'report_template',
      targetId: id,
      after: { ...auditView(created.row), application: app.slug },
    });
    return toTemplate(created);
  });
}

/**
 * PATCH /report-templates/:id (editors+): any keys; a change saves the next version (frozen);
 * the bound subject cannot change (400 naming `binding.subjectId`). Audited `report_template.update`;
 * a no-op writes nothing (`unchanged`).
 * @throws 404; 403; 409 STALE_VERSION (conflict.current); 400 as create.
 */
export async function updateTemplate(
  db: Database,
  user: CurrentUser,
  id: string,
  patch: {
    version: number;
    name?: string;
    description?: string;
    binding?: ReportTemplateBinding;
    body?: string;
    partials?: Record<string, string>;
    page?: ReportPageSettings;
  },
  audit: AuditWriter,
): Promise<ReportTemplate> {
  return db.transaction(async (tx) => {
    const found = await requireTemplate(tx, user, id, 'write', true);
    const current = toTemplate(found);
    if (patch.version !== current.version)
      throw new HttpError(409, 'STALE_VERSION', 'errors.reportTemplate.stale', undefined, {
        conflict: { current } as unknown as Record<string, unknown>,
      });
    let binding = patch.binding;
    if (binding) {
      if (binding.subjectId !== found.row.subjectId) throw badField('binding.subjectId', 'errors.reportTemplate.subjectFixed');
      binding = (await checkBinding(tx, found.row.applicationId, binding)).binding;
    }
    checkTemplateSources(patch);
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    const changes: Partial<ReportTemplateRow> = {};
    if (patch.name !== undefined && patch.name !== current.name) changes.name = patch.name;
    if (patch.description !== undefined && patch.description !== current.description) changes.description = patch.description;
    if (binding && !same(binding, current.binding)) changes.binding = binding;
    if (patch.body !== undefined && patch.body !== current.body) changes.body = patch.body;
    if (patch.partials !== undefined && !same(patch.partials, current.partials)) changes.partials = patch.partials;
    if (patch.page !== undefined && !same(patch.page, current.page)) changes.page = patch.page;
    const keys = Object.keys(changes);
    if (keys.length === 0) {
      audit.unchanged();
      return current;
    }
    const row = await saveNextVersion(tx, id, changes, { id: user.id, label: audit.actor.label });
    await audit.record(tx, {
      action: 'report_template.update',
      targetType: 'report_template',
      targetId: id,
      before: auditView(found.row),
      after: auditView(row),
      details: { changed: keys },
    });
    return toTemplate({ ...found, row });
  });
}

/**
 * Sets (or replaces) the template's Word template: blob `sha256` named `fileName`, as the next
 * version (frozen); audited `report_template.update` with `details.changed: ['docx']`; the same file
 * under the same name again changes nothing (`unchanged`). @throws 404; 403.
 */
export async function setTemplateDocx(
  db: Executor,
  user: CurrentUser,
  id: string,
  docx: { sha256: string; fileName: string; size: number },
  audit: AuditWriter,
): Promise<ReportTemplate> {
  return db.transaction(async (tx) => {
    const found = await requireTemplate(tx, user, id, 'write', true);
    if (found.row.docxSha256 === docx.sha256 && found.row.docxFileName === docx.fileName) {
      audit.unchanged();
      return toTemplate(found);
    }
    const row = await saveNextVersion(tx, id, { docxSha256: docx.sha256, docxFileName: docx.fileName }, { id: user.id, label: audit.actor.label });
    await audit.record(tx, {
      action: 'report_template.update',
      targetType: 'report_template',
      targetId: id,
      before: { docxSha256: found.row.docxSha256, docxFileName: found.row.docxFileName, version: found.row.version },
      after: { docxSha256: row.docxSha256, docxFileName: row.docxFileName, version: row.version },
      details: { changed: ['docx'], size: docx.size },
    });
    return toTemplate({ ...found, row });
  });
}

/**
 * DELETE /report-templates/:id (editors+): to the recycle bin (type 'report_template', labelled with
 * its name), audited `report_template.delete`, in one transaction. @throws 403/404.
 */
export async function deleteTemplate(db: Database, user: CurrentUser, id: string, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await requireTemplate(tx, user, id, 'write', true);
    await markTemplateDeleted(tx, id, user.id, true);
    await moveToRecycleBin(tx, {
      type: 'report_template',
      id,
      label: found.row.name,
      actorId: user.id,
      actorLabel: user.email,
      details: { application: found.application, subject: found.subjectName, version: found.row.version },
    });
    await audit.record(tx, { action: 'report_template.delete', targetType: 'report_template', targetId: id, before: auditView(found.row) });
  });
}

/** GET /report-templates/:id/versions (members): newest first. @throws 403/404. */
export async function listTemplateVersions(
  db: Executor,
  user: CurrentUser,
  id: string,
  query: { current: number; pageSize: number },
): Promise<{ items: ReportTemplateVersion[]; total: number }> {
  await requireTemplate(db, user, id, 'read');
  const { rows, total } = await listVersionRows(db, id, query.pageSize, offsetOf(query));
  return { items: rows.map(toVersion), total };
}

/** GET /report-templates/:id/versions/:version (members). @throws 403/404 (also an unknown version). */
export async function getTemplateVersion(db: Executor, user: CurrentUser, id: string, version: number): Promise<ReportTemplateVersion> {
  await requireTemplate(db, user, id, 'read');
  const row = await findVersionRow(db, id, version);
  if (!row) throw notFound('errors.notFound');
  return toVersion(row);
}
