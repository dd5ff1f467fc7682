/**
 * Audit engagements, the model's part (docs/engagements.md "The model"): what enabling the Audit
 * module does (the enabler applying the model), the record guard that keeps signed-off workpapers
 * and reports from changing, the model's summary and its settings (the findings' SLA).
 */
import { and, eq, sql } from 'drizzle-orm';
import { AUDIT_OBJECTS, type AuditObject } from '../../../../contracts/engagements.constants';
import type { AuditModel, AuditSettingsUpdate, CurrentUser } from '../../../../contracts';
import type { AuditWriter } from '../../core/audit.writer';
import type { Database } from '../../db/client';
import { appModels } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { registerModuleEnabler } from '../applications/applications.service';
import { registerRecordGuard } from '../records/records.service';
import { requireModel, type ModelAccess } from './engagements.model-access';
import { AUDIT_MODEL } from './model';
import { applyAuditModel } from './model-apply';

/** Objects whose records lock once approved (their sign-offs name the version signed). */
const LOCKING_OBJECTS: readonly string[] = ['audit.workpaper', 'audit.report'];

registerModuleEnabler('audit', async (tx, app, actor) => {
  await applyAuditModel(tx, app.id, actor.id, actor.locale);
});

// an approved workpaper or report is locked: no update, restore or deletion by any write path
registerRecordGuard('audit.', (_tx, subject, current) => {
  if (subject.model && LOCKING_OBJECTS.includes(subject.model) && current.values.status === 'approved')
    throw new HttpError(409, 'RECORD_LOCKED', 'errors.record.locked');
});

/** The model of `access` as the API answers it. */
export function modelSummary(access: ModelAccess): AuditModel {
  const subjects = Object.fromEntries(
    AUDIT_OBJECTS.map((o: AuditObject) => [o, { id: access.subjects[o].id, key: access.subjects[o].key, name: access.subjects[o].name }]),
  ) as AuditModel['subjects'];
  return { version: access.version, settings: access.settings, subjects };
}

/** GET …/audit/model (members). @throws 404 errors.engagement.moduleOff; 403; 404. */
export async function getAuditModel(db: Database, user: CurrentUser, slug: string, cache?: ReadCache): Promise<AuditModel> {
  return modelSummary(await requireModel(db, user, slug, 'read', cache));
}

/**
 * PATCH …/audit/settings (owners): the SLA days per severity; audited `engagement.settings`
 * (before/after of the days). A request changing nothing writes nothing (`unchanged`).
 * @throws 400 naming `slaDays.<severity>` (zod); 403; 404.
 */
export async function updateAuditSettings(
  db: Database,
  user: CurrentUser,
  slug: string,
  input: AuditSettingsUpdate,
  audit: AuditWriter,
): Promise<AuditModel> {
  const access = await requireModel(db, user, slug, 'manage');
  const before = access.settings.slaDays;
  const after = { ...before, ...input.slaDays };
  if (JSON.stringify(before) === JSON.stringify(after)) {
    audit.unchanged();
    return modelSummary(access);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(appModels)
      .set({ settings: sql`${appModels.settings} || ${JSON.stringify({ slaDays: after })}::jsonb` })
      .where(and(eq(appModels.applicationId, access.app.id), eq(appModels.model, AUDIT_MODEL)));
    await audit.record(tx, {
      action: 'engagement.settings',
      targetType: 'application',
      targetId: access.app.id,
      before: { slaDays: before },
      after: { slaDays: after },
      details: { application: access.app.slug },
    });
  });
  return modelSummary({ ...access, settings: { slaDays: after } });
}
