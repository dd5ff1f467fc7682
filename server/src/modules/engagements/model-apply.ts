/**
 * Applying and upgrading the audit model (docs/engagements.md "The model"). `applyAuditModel`
 * makes every object's subject and locked fields that an application lacks, inside the caller's
 * transaction: when the Audit module is enabled (the applications module's enabler) and at start
 * for every application whose applied version is older than AUDIT_MODEL_VERSION
 * (`upgradeAuditModels`). It never removes or changes an owner's own field.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { AUDIT_OBJECTS, DEFAULT_FINDING_SLA_DAYS, type AuditObject } from '../../../../contracts/engagements.constants';
import type { Locale, ViewConfig } from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import { appModels, applications, users } from '../../db/schema';
import { ensureDisplayField, ensureModelField, ensureModelSubject } from '../subjects/model-subjects';
import { loadSubjectDef } from '../subjects/subject-def';
import { insertDefaultRule } from '../rules/rules.service';
import { ensureDefaultView } from '../views/views.service';
import { applyModelDefaults, type MadeDefaults } from './model-defaults';
import { AUDIT_DEFAULT_RULES, AUDIT_DEFAULT_VIEWS, AUDIT_MODEL, AUDIT_MODEL_VERSION, AUDIT_OBJECT_SPECS, fieldSpecsOf, subjectSpecOf } from './model';

/** What an application of the model has now, and what the apply changed. */
export interface AppliedModel {
  version: number;
  subjects: Record<AuditObject, string>;
  added: { subjects: number; fields: number };
}

/**
 * Applies the audit model (AUDIT_MODEL_VERSION) to the application `applicationId` in `tx`: the
 * subjects first (so relations can point at them), then each object's fields in the model's
 * order, display fields, the default views (AUDIT_DEFAULT_VIEWS), rules (AUDIT_DEFAULT_RULES), forms,
 * trigger and report template (model-defaults.ts), and the `app_models` row (its settings kept, the
 * default SLA when new).
 * Names are in `locale` (the enabling user's language). Idempotent.
 * @throws HttpError 409 FIELD_LOCKED when an owner's field has a model field's key with another type.
 */
export async function applyAuditModel(tx: Executor, applicationId: string, actorId: string, locale: Locale): Promise<AppliedModel> {
  // one apply of an application at a time (the enabler's transaction and the start-up upgrade)
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('audit-model'), hashtext(${applicationId}))`);
  const ids = {} as Record<AuditObject, string>;
  const added = { subjects: 0, fields: 0 };
  for (const object of AUDIT_OBJECTS) {
    const { def, created } = await ensureModelSubject(tx, applicationId, subjectSpecOf(object, locale), actorId);
    ids[object] = def.id;
    if (created) added.subjects += 1;
  }
  for (const object of AUDIT_OBJECTS) {
    let def = (await loadSubjectDef(tx, { id: ids[object] }))!;
    let position = def.fields.reduce((max, f) => Math.max(max, f.position + 1), 0);
    for (const spec of fieldSpecsOf(object, ids, locale)) {
      const result = await ensureModelField(tx, def, spec, position);
      if (result === 'added') {
        added.fields += 1;
        position += 1;
        def = (await loadSubjectDef(tx, { id: ids[object] }))!;
      }
    }
    await ensureDisplayField(tx, def, AUDIT_OBJECT_SPECS[object].display);
  }
  for (const view of AUDIT_DEFAULT_VIEWS) {
    const def = (await loadSubjectDef(tx, { id: ids[view.object] }))!;
    await ensureDefaultView(tx, def, { name: view.name[locale], config: { ...view.config, sort: [] } as ViewConfig }, actorId);
  }
  // default rules: made once (an owner's deletion sticks), remembered in the model's settings
  const [applied] = await tx
    .select({ settings: appModels.settings })
    .from(appModels)
    .where(and(eq(appModels.applicationId, applicationId), eq(appModels.model, AUDIT_MODEL)));
  const kept = (applied?.settings ?? {}) as Partial<MadeDefaults> & { defaultRules?: string[] };
  const made = new Set(kept.defaultRules ?? []);
  const [actor] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, actorId));
  const owner = { id: actorId, label: actor?.email ?? 'system' };
  for (const rule of AUDIT_DEFAULT_RULES) {
    if (made.has(rule.key)) continue;
    const def = (await loadSubjectDef(tx, { id: ids[rule.object] }))!;
    await insertDefaultRule(
      tx,
      def,
      { name: rule.name[locale], definition: rule.definition, severity: rule.severity, messageZh: rule.message['zh-CN'], messageEn: rule.message['en-US'] },
      owner,
    );
    made.add(rule.key);
  }
  const [app] = await tx.select({ id: applications.id, slug: applications.slug }).from(applications).where(eq(applications.id, applicationId));
  const defaults = await applyModelDefaults(
    tx,
    app,
    ids,
    { defaultForms: kept.defaultForms ?? [], defaultTriggers: kept.defaultTriggers ?? [], defaultTemplates: kept.defaultTemplates ?? [] },
    owner,
    locale,
  );
  const remembered = { defaultRules: [...made], ...defaults };
  const settings = { slaDays: DEFAULT_FINDING_SLA_DAYS, ...remembered };
  await tx
    .insert(appModels)
    .values({ applicationId, model: AUDIT_MODEL, version: AUDIT_MODEL_VERSION, settings, appliedBy: actorId })
    .onConflictDoUpdate({
      target: [appModels.applicationId, appModels.model],
      set: {
        version: AUDIT_MODEL_VERSION,
        appliedAt: new Date(),
        appliedBy: actorId,
        settings: sql`${appModels.settings} || ${JSON.stringify(remembered)}::jsonb`,
      },
    });
  return { version: AUDIT_MODEL_VERSION, subjects: ids, added };
}

/**
 * The upgrade step run at start: every application that applied an older version of the model
 * gets the current one, each in its own transaction (names in its creator's language).
 * @returns how many applications were upgraded.
 */
export async function upgradeAuditModels(db: Database): Promise<number> {
  const stale = await db
    .select({ applicationId: appModels.applicationId, createdBy: applications.createdBy, locale: users.locale })
    .from(appModels)
    .innerJoin(applications, eq(applications.id, appModels.applicationId))
    .leftJoin(users, eq(users.id, applications.createdBy))
    .where(and(eq(appModels.model, AUDIT_MODEL), lt(appModels.version, AUDIT_MODEL_VERSION)));
  for (const row of stale) {
    await db.transaction((tx) => applyAuditModel(tx, row.applicationId, row.createdBy ?? row.applicationId, (row.locale as Locale | null) ?? 'zh-CN'));
  }
  return stale.length;
}
