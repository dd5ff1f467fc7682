/**
 * SQL of report templates, their versions and renders (docs/code-style.md "Server in layers").
 * Reads leave out templates in the recycle bin and those of an application in the bin.
 */
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  applications,
  reportRenders,
  reportTemplates,
  reportTemplateVersions,
  subjects,
  type ReportRenderRow,
  type ReportTemplateRow,
  type ReportTemplateVersionRow,
} from '../../db/schema';

/** A template with its application's slug and name and its subject's key and name. */
export interface TemplateJoined {
  row: ReportTemplateRow;
  application: string;
  applicationName: string;
  subjectKey: string | null;
  subjectName: string | null;
}

const selection = {
  row: reportTemplates,
  application: applications.slug,
  applicationName: applications.name,
  subjectKey: subjects.key,
  subjectName: subjects.name,
};
const visible = and(isNull(reportTemplates.deletedAt), isNull(applications.deletedAt));

const joined = (db: Executor) =>
  db
    .select(selection)
    .from(reportTemplates)
    .innerJoin(applications, eq(applications.id, reportTemplates.applicationId))
    .leftJoin(subjects, eq(subjects.id, reportTemplates.subjectId));

/** One page of live templates, most recently changed first; `pattern` ILIKE on name or description. */
export async function listTemplateRows(
  db: Executor,
  opts: { pattern?: string; subjectId?: string; applicationId?: string; limit: number; offset: number },
): Promise<{ rows: TemplateJoined[]; total: number }> {
  const where: SQL | undefined = and(
    visible,
    opts.pattern ? or(ilike(reportTemplates.name, opts.pattern), ilike(reportTemplates.description, opts.pattern)) : undefined,
    opts.subjectId ? eq(reportTemplates.subjectId, opts.subjectId) : undefined,
    opts.applicationId ? eq(reportTemplates.applicationId, opts.applicationId) : undefined,
  );
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(reportTemplates.updatedAt), desc(reportTemplates.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [{ n }] = await db
    .select({ n: count() })
    .from(reportTemplates)
    .innerJoin(applications, eq(applications.id, reportTemplates.applicationId))
    .where(where);
  return { rows, total: n };
}

/** The live template `id` (locked `for update` when `lock`), or undefined. */
export async function findTemplate(db: Executor, id: string, lock = false): Promise<TemplateJoined | undefined> {
  const q = joined(db)
    .where(and(eq(reportTemplates.id, id), visible))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: reportTemplates }) : await q;
  return row;
}

/** The template `id` whether or not it is in the bin (the bin's restore and purge). */
export async function findTemplateAny(db: Executor, id: string): Promise<ReportTemplateRow | undefined> {
  const [row] = await db.select().from(reportTemplates).where(eq(reportTemplates.id, id)).limit(1);
  return row;
}

/** Inserts a template at version 1 and its first frozen version; its id. */
export async function insertTemplate(
  db: Executor,
  values: Omit<typeof reportTemplates.$inferInsert, 'id' | 'version'>,
  actorLabel: string,
): Promise<string> {
  const [row] = await db.insert(reportTemplates).values({ ...values, version: 1 }).returning();
  await insertVersionOf(db, row, actorLabel);
  return row.id;
}

/** Freezes `row` as its `version` in report_template_versions. */
export async function insertVersionOf(db: Executor, row: ReportTemplateRow, actorLabel: string): Promise<void> {
  await db.insert(reportTemplateVersions).values({
    templateId: row.id,
    version: row.version,
    binding: row.binding,
    body: row.body,
    partials: row.partials,
    page: row.page,
    docxSha256: row.docxSha256,
    docxFileName: row.docxFileName,
    createdBy: row.createdBy,
    createdByLabel: actorLabel,
  });
}

/** Writes `changes` as the next version of template `id` (and freezes it); the new row. */
export async function saveNextVersion(
  db: Executor,
  id: string,
  changes: Partial<typeof reportTemplates.$inferInsert>,
  actor: { id: string | null; label: string },
): Promise<ReportTemplateRow> {
  const [row] = await db
    .update(reportTemplates)
    .set({ ...changes, version: sql`${reportTemplates.version} + 1`, updatedAt: new Date() })
    .where(eq(reportTemplates.id, id))
    .returning();
  await insertVersionOf(db, { ...row, createdBy: actor.id }, actor.label);
  return row;
}

/** Sets or clears the soft-delete mark of template `id`. */
export async function markTemplateDeleted(db: Executor, id: string, by: string | null, deleted: boolean): Promise<void> {
  await db
    .update(reportTemplates)
    .set({ deletedAt: deleted ? new Date() : null, deletedBy: deleted ? by : null })
    .where(eq(reportTemplates.id, id));
}

/** Deletes template `id` for good (its versions and renders cascade). */
export async function purgeTemplate(db: Executor, id: string): Promise<void> {
  await db.delete(reportTemplates).where(eq(reportTemplates.id, id));
}

/** One page of a template's versions, newest first. */
export async function listVersionRows(
  db: Executor,
  templateId: string,
  limit: number,
  offset: number,
): Promise<{ rows: ReportTemplateVersionRow[]; total: number }> {
  const rows = await db
    .select()
    .from(reportTemplateVersions)
    .where(eq(reportTemplateVersions.templateId, templateId))
    .orderBy(desc(reportTemplateVersions.version))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db
    .select({ n: count() })
    .from(reportTemplateVersions)
    .where(eq(reportTemplateVersions.templateId, templateId));
  return { rows, total: n };
}

/** Version `version` of template `templateId`, or undefined. */
export async function findVersionRow(
  db: Executor,
  templateId: string,
  version: number,
): Promise<ReportTemplateVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(reportTemplateVersions)
    .where(and(eq(reportTemplateVersions.templateId, templateId), eq(reportTemplateVersions.version, version)))
    .limit(1);
  return row;
}

/** True when a live template or any frozen version references DOCX blob `sha256` (the blob sweep's question). */
export async function docxBlobReferenced(db: Executor, sha256: string): Promise<boolean> {
  const [a] = await db.select({ id: reportTemplates.id }).from(reportTemplates).where(eq(reportTemplates.docxSha256, sha256)).limit(1);
  if (a) return true;
  const [b] = await db
    .select({ id: reportTemplateVersions.templateId })
    .from(reportTemplateVersions)
    .where(eq(reportTemplateVersions.docxSha256, sha256))
    .limit(1);
  return Boolean(b);
}

/** One page of a template's renders, newest first. */
export async function listRenderRows(
  db: Executor,
  templateId: string,
  limit: number,
  offset: number,
): Promise<{ rows: ReportRenderRow[]; total: number }> {
  const rows = await db
    .select()
    .from(reportRenders)
    .where(eq(reportRenders.templateId, templateId))
    .orderBy(desc(reportRenders.createdAt), desc(reportRenders.id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(reportRenders).where(eq(reportRenders.templateId, templateId));
  return { rows, total: n };
}

/** The render `id`, or undefined. */
export async function findRenderRow(db: Executor, id: string): Promise<ReportRenderRow | undefined> {
  const [row] = await db.select().from(reportRenders).where(eq(reportRenders.id, id)).limit(1);
  return row;
}

/** Inserts a render row (queued); the row. */
export async function insertRender(db: Executor, values: typeof reportRenders.$inferInsert): Promise<ReportRenderRow> {
  const [row] = await db.insert(reportRenders).values(values).returning();
  return row;
}

/** Updates render `id`. */
export async function updateRender(db: Executor, id: string, changes: Partial<typeof reportRenders.$inferInsert>): Promise<void> {
  await db.update(reportRenders).set(changes).where(eq(reportRenders.id, id));
}
