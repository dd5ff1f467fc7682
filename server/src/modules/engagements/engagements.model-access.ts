/**
 * Reaching the audit model of an application (docs/engagements.md): the subjects of each audit
 * object (found by their `subjects.model` tag), the model's settings, and the access check every
 * engagements route starts with. The domain services (transitions, workpapers, findings, reports,
 * the dashboard) take a `ModelAccess` and never look subjects up by key.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  AUDIT_OBJECTS,
  auditModelTag,
  DEFAULT_FINDING_SLA_DAYS,
  type AuditObject,
  type FindingSeverity,
} from '../../../../contracts/engagements.constants';
import type { AppRole, CurrentUser } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { appModels, subjects as subjectsTable, type ApplicationRow } from '../../db/schema';
import { forbidden, HttpError } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { requireOpenableApplication } from '../applications/applications.service';
import { allows, loadSubjectDef, type SubjectDef, type SubjectNeed } from '../subjects/subject-def';
import { AUDIT_MODEL } from './model';

/** The model's settings (`app_models.settings`). */
export interface AuditSettings {
  /** Days from raising a finding to its remediation due date, per severity. */
  slaDays: Record<FindingSeverity, number>;
}

/** An application's audit model as the domain code uses it. */
export interface ModelAccess {
  app: ApplicationRow;
  role: AppRole | null;
  version: number;
  settings: AuditSettings;
  /** Each object's subject definition. */
  subjects: Record<AuditObject, SubjectDef>;
}

/**
 * The audit model of application `app`, or undefined when it has not applied it: the model's row,
 * then one statement for the ids of its tagged subjects, then each definition (through `cache`
 * when given: the read cache keeps them until a subject or field changes).
 */
export async function loadModel(db: Executor, app: ApplicationRow, role: AppRole | null, cache?: ReadCache): Promise<ModelAccess | undefined> {
  const [row] = await db
    .select()
    .from(appModels)
    .where(and(eq(appModels.applicationId, app.id), eq(appModels.model, AUDIT_MODEL)))
    .limit(1);
  if (!row) return undefined;
  const tagged = await db
    .select({ id: subjectsTable.id, model: subjectsTable.model })
    .from(subjectsTable)
    .where(and(eq(subjectsTable.applicationId, app.id), inArray(subjectsTable.model, AUDIT_OBJECTS.map(auditModelTag)), isNull(subjectsTable.deletedAt)));
  const idOf = new Map(tagged.map((t) => [t.model, t.id]));
  const subjects = {} as Record<AuditObject, SubjectDef>;
  for (const object of AUDIT_OBJECTS) {
    const id = idOf.get(auditModelTag(object));
    const def = id ? await loadSubjectDef(db, { id }, cache) : undefined;
    if (!def) return undefined;
    subjects[object] = def;
  }
  const stored = (row.settings as Partial<AuditSettings>).slaDays ?? {};
  return { app, role, version: row.version, settings: { slaDays: { ...DEFAULT_FINDING_SLA_DAYS, ...stored } }, subjects };
}

/**
 * The audit model of the application `slug` when `user` may `need` it (read: any member; write:
 * editors and owners; manage: owners) and the application has the Audit module enabled.
 * @throws HttpError 404 errors.applicationNotFound; 403 errors.notMember / errors.forbidden;
 *   404 errors.engagement.moduleOff when the Audit module is not enabled.
 */
export async function requireModel(db: Executor, user: CurrentUser, slug: string, need: SubjectNeed, cache?: ReadCache): Promise<ModelAccess> {
  const { app, role } = await requireOpenableApplication(db, user, slug, cache);
  if (!allows(user, role, need)) throw forbidden();
  const model = app.modules.includes('audit') ? await loadModel(db, app, role, cache) : undefined;
  if (!model) throw new HttpError(404, 'NOT_FOUND', 'errors.engagement.moduleOff');
  return model;
}
