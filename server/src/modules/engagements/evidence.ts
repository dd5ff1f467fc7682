/**
 * Evidence of workpapers (docs/engagements-papers.md "Evidence"): documents of the application's
 * evidence store (modules/documents) attached to a workpaper (`audit_evidence`). Attaching and
 * detaching are refused once the workpaper is approved; approval pins each attached document to
 * its current version (`version_id`, `locked_at`; the database then refuses that version's purge).
 * A revision copies the links unpinned.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CurrentUser, EvidenceItem } from '../../../../contracts';
import type { AuditWriter } from '../../core/audit.writer';
import type { Database, Executor } from '../../db/client';
import { auditEvidence, documents, documentVersions } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { requireDocument } from '../documents/documents.service';
import { requireModel } from './engagements.model-access';
import { requireRecord } from './papers-support';

const locked = () => new HttpError(409, 'RECORD_LOCKED', 'errors.workpaper.evidenceLocked');

/** The evidence of record `recordId`, oldest first. */
export async function evidenceOf(db: Executor, recordId: string): Promise<EvidenceItem[]> {
  const rows = await db
    .select({ e: auditEvidence, name: documents.name, versionNumber: documentVersions.version })
    .from(auditEvidence)
    .innerJoin(documents, eq(documents.id, auditEvidence.documentId))
    .leftJoin(documentVersions, eq(documentVersions.id, auditEvidence.versionId))
    .where(eq(auditEvidence.recordId, recordId))
    .orderBy(asc(auditEvidence.attachedAt), asc(auditEvidence.id));
  return rows.map(({ e, name, versionNumber }) => ({
    documentId: e.documentId,
    name,
    versionId: e.versionId,
    versionNumber: versionNumber ?? null,
    attachedByLabel: e.attachedByLabel,
    attachedAt: e.attachedAt.toISOString(),
    lockedAt: e.lockedAt?.toISOString() ?? null,
  }));
}

/** GET …/workpapers/:id/evidence (read). @throws 404 errors.workpaper.notFound; 403/404. */
export async function listEvidence(db: Database, user: CurrentUser, slug: string, id: string): Promise<EvidenceItem[]> {
  const access = await requireModel(db, user, slug, 'read');
  await requireRecord(db, access.subjects.workpaper, id, 'errors.workpaper.notFound');
  return evidenceOf(db, id);
}

/**
 * POST …/workpapers/:id/evidence { documentId } (write): attaches a live document of the
 * application; audited `workpaper.attach`. Attached already: nothing written (`unchanged`).
 * @throws 400 naming `documentId` (no such document in the application); 409 RECORD_LOCKED
 *   (approved workpaper); 404 errors.workpaper.notFound; 403/404.
 */
export async function attachEvidence(db: Database, user: CurrentUser, slug: string, id: string, documentId: string, audit: AuditWriter): Promise<EvidenceItem[]> {
  const access = await requireModel(db, user, slug, 'write');
  const doc = await requireDocument(db, user, documentId, 'read').catch((err: unknown) => {
    if (err instanceof HttpError && (err.status === 404 || err.status === 403)) return undefined;
    throw err;
  });
  if (!doc || doc.found.doc.applicationId !== access.app.id)
    throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'documentId', messageKey: 'errors.workpaper.documentUnknown' }]);
  return db.transaction(async (tx) => {
    const wp = await requireRecord(tx, access.subjects.workpaper, id, 'errors.workpaper.notFound', true);
    if (wp.values.status === 'approved') throw locked();
    const added = await tx
      .insert(auditEvidence)
      .values({ applicationId: access.app.id, recordId: id, documentId, attachedBy: user.id, attachedByLabel: user.name })
      .onConflictDoNothing()
      .returning({ id: auditEvidence.id });
    if (added.length === 0) audit.unchanged();
    else
      await audit.record(tx, {
        action: 'workpaper.attach',
        targetType: 'record',
        targetId: id,
        after: { documentId, name: doc.found.doc.name },
        details: { application: access.app.slug, subject: access.subjects.workpaper.key },
      });
    return evidenceOf(tx, id);
  });
}

/**
 * DELETE …/workpapers/:id/evidence/:documentId (write): detaches it; audited `workpaper.detach`.
 * @throws 409 RECORD_LOCKED (approved workpaper or pinned evidence); 404 (workpaper, or the
 *   document not attached); 403/404.
 */
export async function detachEvidence(db: Database, user: CurrentUser, slug: string, id: string, documentId: string, audit: AuditWriter): Promise<EvidenceItem[]> {
  const access = await requireModel(db, user, slug, 'write');
  return db.transaction(async (tx) => {
    const wp = await requireRecord(tx, access.subjects.workpaper, id, 'errors.workpaper.notFound', true);
    if (wp.values.status === 'approved') throw locked();
    const [row] = await tx.select().from(auditEvidence).where(and(eq(auditEvidence.recordId, id), eq(auditEvidence.documentId, documentId)));
    if (!row) throw new HttpError(404, 'NOT_FOUND', 'errors.workpaper.evidenceNotFound');
    if (row.lockedAt) throw locked();
    await tx.delete(auditEvidence).where(eq(auditEvidence.id, row.id));
    await audit.record(tx, {
      action: 'workpaper.detach',
      targetType: 'record',
      targetId: id,
      before: { documentId },
      details: { application: access.app.slug, subject: access.subjects.workpaper.key },
    });
    return evidenceOf(tx, id);
  });
}

/** Pins every unpinned evidence document of `recordId` to its current version (approval). @returns how many. */
export async function pinEvidence(tx: Executor, recordId: string): Promise<number> {
  const pinned = await tx
    .update(auditEvidence)
    .set({
      versionId: sql`(select v.id from ${documentVersions} v join ${documents} d on d.id = v.document_id where v.document_id = ${auditEvidence.documentId} and v.version = d.current_version)`,
      lockedAt: new Date(),
    })
    .where(and(eq(auditEvidence.recordId, recordId), sql`${auditEvidence.versionId} is null`))
    .returning({ id: auditEvidence.id });
  return pinned.length;
}

/** Copies the evidence links of `fromId` to `toId`, unpinned (a revision). */
export async function copyEvidence(tx: Executor, applicationId: string, fromId: string, toId: string, user: CurrentUser): Promise<void> {
  const rows = await tx.select({ documentId: auditEvidence.documentId }).from(auditEvidence).where(eq(auditEvidence.recordId, fromId));
  if (rows.length === 0) return;
  await tx
    .insert(auditEvidence)
    .values(rows.map((r) => ({ applicationId, recordId: toId, documentId: r.documentId, attachedBy: user.id, attachedByLabel: user.name })))
    .onConflictDoNothing();
}
