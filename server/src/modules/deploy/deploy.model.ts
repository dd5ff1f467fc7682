/**
 * An application's model as a package carries it (contracts/deploy.ts DeployModel): read from the
 * tables, every database id replaced by a stable reference (docs/deploy.md "Keys and references").
 *
 * Ids are found anywhere in the JSON an object carries (a view's configuration, a form's layout, a
 * rule's definition, a trigger's condition and steps, an action's configuration, a template's
 * binding, a field's options): a string that is the id of a subject, field, view, form, rule, rule
 * set, action, trigger, template, category, tag, variable or user becomes `$ref:<kind>:<key>`
 * (`$ref:user:<e-mail>` for a user), and apply turns it back into the target's id. Subjects of a
 * system model (modules/engagements, `subjects.model`) are left out: their module makes them.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DeployModel, DeployVariable } from '../../../../contracts';
import type { Executor } from '../../db/client';
import {
  actions,
  categories,
  dynamicForms,
  fields,
  reportTemplates,
  rules,
  ruleSets,
  subjects,
  tags,
  triggers,
  users,
  variables,
  views,
} from '../../db/schema';

/** The prefix of a reference in a package. */
export const REF_PREFIX = '$ref:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Deep copy of `value` with every string `from` maps replaced by its image (`map` returns undefined: kept). */
export function mapStrings(value: unknown, map: (s: string) => string | undefined): unknown {
  if (typeof value === 'string') return map(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, map));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = mapStrings(v, map);
    return out;
  }
  return value;
}

/** Every uuid-shaped string inside `value`. */
export function uuidsIn(value: unknown, into = new Set<string>()): Set<string> {
  mapStrings(value, (s) => {
    if (UUID.test(s)) into.add(s.toLowerCase());
    return undefined;
  });
  return into;
}

/** The path of names from the root of a category (`Parent/Child`). */
function categoryPaths(rows: { id: string; parentId: string | null; name: string }[]): Map<string, string> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Map<string, string>();
  const pathOf = (id: string, depth = 0): string => {
    const known = out.get(id);
    if (known) return known;
    const r = byId.get(id)!;
    const parent = r.parentId && byId.has(r.parentId) && depth < 50 ? `${pathOf(r.parentId, depth + 1)}/` : '';
    const p = `${parent}${r.name}`;
    out.set(id, p);
    return p;
  };
  for (const r of rows) pathOf(r.id);
  return out;
}

const byKey = <T>(key: (t: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/** The model of one application, and the users (e-mail, name) it refers to. */
export interface ReadModel {
  model: DeployModel;
  users: { email: string; name: string | null }[];
}

/**
 * Reads the live model of the application `applicationId` with references instead of ids.
 * Statements: one per kind plus one for the users referred to (13 short reads).
 */
export async function readModel(db: Executor, applicationId: string): Promise<ReadModel> {
  const allSubjects = await db
    .select()
    .from(subjects)
    .where(and(eq(subjects.applicationId, applicationId), isNull(subjects.deletedAt)));
  const subjectRows = allSubjects.filter((s) => s.model === null);
  const subjectIds = subjectRows.map((s) => s.id);
  const none = ['00000000-0000-0000-0000-000000000000'];
  const ids = subjectIds.length ? subjectIds : none;
  const fieldRows = await db
    .select()
    .from(fields)
    .where(and(inArray(fields.subjectId, ids), isNull(fields.deletedAt)))
    .orderBy(asc(fields.position));
  const viewRows = await db.select().from(views).where(and(inArray(views.subjectId, ids), isNull(views.deletedAt)));
  const formRows = await db.select().from(dynamicForms).where(and(inArray(dynamicForms.subjectId, ids), isNull(dynamicForms.deletedAt)));
  const ruleRows = (await db.select().from(rules).where(eq(rules.applicationId, applicationId))).filter((r) => ids.includes(r.subjectId));
  const ruleSetRows = await db.select().from(ruleSets).where(eq(ruleSets.applicationId, applicationId));
  const triggerRows = await db.select().from(triggers).where(eq(triggers.applicationId, applicationId));
  const actionRows = await db.select().from(actions);
  const templateRows = await db
    .select()
    .from(reportTemplates)
    .where(and(eq(reportTemplates.applicationId, applicationId), isNull(reportTemplates.deletedAt)));
  const categoryRows = await db.select().from(categories).where(isNull(categories.deletedAt));
  const tagRows = await db.select().from(tags).where(isNull(tags.deletedAt));
  const variableRows = await db
    .select()
    .from(variables)
    .where(and(eq(variables.applicationId, applicationId), isNull(variables.deletedAt)));

  // the application's actions, and the global ones its triggers use
  const usedActions = new Set(triggerRows.flatMap((t) => (t.steps ?? []).map((s) => s.actionId).filter((x): x is string => !!x)));
  const actionsOut = actionRows.filter((a) => a.applicationId === applicationId || (a.applicationId === null && usedActions.has(a.id)));

  const subjectKey = new Map(subjectRows.map((s) => [s.id, s.key]));
  const paths = categoryPaths(categoryRows);
  const refs = new Map<string, string>();
  const ref = (kind: string, key: string) => `${REF_PREFIX}${kind}:${key}`;
  // a system model's subjects are not carried, but may be referred to (their module makes them in the target)
  for (const s of allSubjects) refs.set(s.id, ref('subject', s.key));
  for (const f of fieldRows) refs.set(f.id, ref('field', `${subjectKey.get(f.subjectId)}.${f.key}`));
  for (const v of viewRows) refs.set(v.id, ref('view', `${subjectKey.get(v.subjectId)}/${v.name}`));
  for (const f of formRows) refs.set(f.id, ref('form', `${subjectKey.get(f.subjectId)}/${f.name}`));
  for (const r of ruleRows) refs.set(r.id, ref('rule', `${subjectKey.get(r.subjectId)}/${r.name}`));
  for (const r of ruleSetRows) refs.set(r.id, ref('ruleSet', r.name));
  for (const a of actionsOut) refs.set(a.id, ref('action', a.name));
  for (const t of triggerRows) refs.set(t.id, ref('trigger', t.name));
  for (const t of templateRows) refs.set(t.id, ref('template', t.name));
  for (const c of categoryRows) refs.set(c.id, ref('category', paths.get(c.id)!));
  for (const t of tagRows) refs.set(t.id, ref('tag', t.name));
  for (const v of variableRows) refs.set(v.id, ref('variable', v.key));

  // users: owners and any user id inside the JSON
  const carried: unknown[] = [
    fieldRows.map((f) => [f.options, f.defaultValue]),
    viewRows.map((v) => v.config),
    formRows.map((f) => f.layout),
    ruleRows.map((r) => [r.definition, r.ownerId]),
    ruleSetRows.map((r) => r.ownerId),
    triggerRows.map((t) => [t.condition, t.steps, t.ownerId]),
    actionsOut.map((a) => a.config),
    templateRows.map((t) => t.binding),
  ];
  const candidates = [...uuidsIn(carried)].filter((id) => !refs.has(id));
  const userRows = candidates.length
    ? await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(inArray(users.id, candidates))
    : [];
  for (const u of userRows) refs.set(u.id, ref('user', u.email));
  const emailOf = new Map(userRows.map((u) => [u.id, u.email]));
  const out = <T>(v: T): T => mapStrings(v, (s) => refs.get(s.toLowerCase())) as T;
  const owner = (id: string | null) => (id ? (emailOf.get(id) ?? null) : null);

  const model: DeployModel = {
    categories: categoryRows
      .map((c) => ({ path: paths.get(c.id)!, name: c.name, description: c.description, position: c.position }))
      .sort(byKey((c) => c.path)),
    tags: tagRows.map((t) => ({ name: t.name, color: t.color })).sort(byKey((t) => t.name)),
    variables: variableRows
      .map((v): DeployVariable => ({ key: v.key, type: v.type, description: v.description, value: v.type === 'secret' ? null : v.value }))
      .sort(byKey((v) => v.key)),
    subjects: subjectRows
      .map((s) => {
        const own = fieldRows.filter((f) => f.subjectId === s.id);
        return {
          key: s.key,
          name: s.name,
          icon: s.icon,
          description: s.description,
          displayField: own.find((f) => f.id === s.displayFieldId)?.key ?? null,
          fields: own.map((f) => ({
            key: f.key,
            name: f.name,
            type: f.type,
            position: f.position,
            required: f.required,
            unique: f.isUnique,
            ...(f.defaultValue === null ? {} : { defaultValue: out(f.defaultValue) }),
            options: out(f.options as Record<string, unknown>),
            validation: f.validation as Record<string, unknown>,
            helpText: f.helpText,
          })),
        };
      })
      .sort(byKey((s) => s.key)),
    views: viewRows
      .map((v) => ({ subject: subjectKey.get(v.subjectId)!, name: v.name, type: v.type, config: out(v.config as Record<string, unknown>) }))
      .sort(byKey((v) => `${v.subject}/${v.name}`)),
    forms: formRows
      .map((f) => ({
        subject: subjectKey.get(f.subjectId)!,
        name: f.name,
        description: f.description,
        isDefault: f.isDefault,
        layout: out(f.layout as Record<string, unknown>),
      }))
      .sort(byKey((f) => `${f.subject}/${f.name}`)),
    rules: ruleRows
      .map((r) => ({
        subject: subjectKey.get(r.subjectId)!,
        name: r.name,
        definition: out(r.definition as Record<string, unknown>),
        severity: r.severity,
        messageZh: r.messageZh,
        messageEn: r.messageEn,
        enabled: r.enabled,
        tags: r.tags,
        owner: owner(r.ownerId),
      }))
      .sort(byKey((r) => `${r.subject}/${r.name}`)),
    ruleSets: ruleSetRows
      .map((r) => ({
        name: r.name,
        description: r.description,
        rules: r.ruleIds.map((id) => refs.get(id)?.slice(`${REF_PREFIX}rule:`.length)).filter((x): x is string => !!x),
        subjects: r.subjectIds.map((id) => subjectKey.get(id)).filter((x): x is string => !!x),
        wholeApplication: r.wholeApplication,
        owner: owner(r.ownerId),
      }))
      .sort(byKey((r) => r.name)),
    actions: actionsOut
      .map((a) => ({ name: a.name, type: a.type, config: out(a.config as Record<string, unknown>), global: a.applicationId === null }))
      .sort(byKey((a) => a.name)),
    triggers: triggerRows
      .map((t) => ({
        name: t.name,
        enabled: t.enabled,
        event: t.event,
        subject: t.subjectId ? (subjectKey.get(t.subjectId) ?? null) : null,
        ...(t.condition === null ? {} : { condition: out(t.condition) }),
        changedFields: t.changedFields,
        cron: t.cron,
        timezone: t.timezone,
        steps: (t.steps ?? []).map((s) => ({
          action: s.actionId ? (refs.get(s.actionId)?.slice(`${REF_PREFIX}action:`.length) ?? null) : null,
          type: s.type ?? null,
          ...(s.config === undefined ? {} : { config: out(s.config) }),
          ...(s.condition === undefined ? {} : { condition: out(s.condition) }),
        })),
        retryLimit: t.retryLimit,
        retryDelaySeconds: t.retryDelaySeconds,
        owner: owner(t.ownerId),
      }))
      .sort(byKey((t) => t.name)),
    templates: templateRows
      .map((t) => ({
        name: t.name,
        description: t.description,
        subject: t.subjectId ? (subjectKey.get(t.subjectId) ?? null) : null,
        binding: out({ ...t.binding, recordQueryId: null }) as Record<string, unknown>,
        body: t.body,
        partials: t.partials,
        page: t.page as Record<string, unknown>,
      }))
      .sort(byKey((t) => t.name)),
  };
  return { model, users: userRows.map((u) => ({ email: u.email, name: u.name })).sort(byKey((u) => u.email)) };
}

/** How many objects of each kind the model holds (fields counted apart from subjects). */
export function countsOf(model: DeployModel): Record<string, number> {
  return {
    category: model.categories.length,
    tag: model.tags.length,
    variable: model.variables.length,
    subject: model.subjects.length,
    field: model.subjects.reduce((n, s) => n + s.fields.length, 0),
    view: model.views.length,
    form: model.forms.length,
    rule: model.rules.length,
    ruleSet: model.ruleSets.length,
    action: model.actions.length,
    trigger: model.triggers.length,
    template: model.templates.length,
  };
}
