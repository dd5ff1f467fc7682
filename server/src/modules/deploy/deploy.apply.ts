/**
 * Applying a model onto an application inside the caller's transaction (docs/deploy.md "Apply"):
 * the changes of `diffModels(current, wanted)`, kind by kind in DEPLOY_KINDS order, through the
 * owning modules' own services where the data needs them (subjects and fields: their table and
 * columns, type conversions, the recycle bin) and plain row writes for the configuration objects.
 * The services' own audit entries are collected, not written: the route writes one `deploy.*` entry.
 *
 * Used by apply and dry run (the package's model) and by rollback (the snapshot taken before the
 * apply, `rollback: true`: a subject or field to add back is restored from the recycle bin when it is
 * there, and a field whose type is changed back gets its values restored from record history).
 *
 * Every statement is short (one object at a time): PGlite runs them one by one, and the statement
 * count is reported (DeployApplyResult.statements counts the objects' writes).
 */
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CurrentUser, DeployChange, DeployModel, FieldOptions, FieldType } from '../../../../contracts';
import type { AuditWriter } from '../../core/audit.writer';
import { moveToRecycleBin } from '../../core/recycle.registry';
import { rowsOf, type Database, type Executor } from '../../db/client';
import {
  actions,
  categories,
  dynamicForms,
  fields,
  recordVersions,
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
import { HttpError } from '../../lib/http-error';
import { restoreFromBin } from '../recycle/recycle.service';
import { ident } from '../subjects/ddl';
import { addField, deleteField, updateField, type FieldCreateInput } from '../subjects/fields.service';
import { loadSubjectDef } from '../subjects/subject-def';
import { createSubject, deleteSubject, updateSubject } from '../subjects/subjects.service';
import { parseValue, sqlValue } from '../subjects/values';
import { diffModels, flatten, splitFieldKey } from './deploy.diff';
import { REF_PREFIX } from './deploy.model';

/** What an apply needs besides the models. */
export interface ApplyContext {
  tx: Executor;
  user: CurrentUser;
  app: { id: string; slug: string; name: string };
  /** package variable key → target variable key (that variable is used, the package's not made). */
  variableMap: Record<string, string>;
  /** package user e-mail → target user e-mail. */
  userMap: Record<string, string>;
  /** Rolling back: restore from the bin and from record history (see the module comment). */
  rollback?: { appliedAt: Date };
}

/** What an apply did. */
export interface ApplyOutcome {
  changes: DeployChange[];
  converted: number;
  statements: number;
  recycled: number;
  restoredValues: number;
}

/** An AuditWriter that keeps the services' entries instead of writing them. */
function silentAudit(user: CurrentUser, kept: unknown[]): AuditWriter {
  const writer: AuditWriter = {
    actor: { id: user.id, label: user.email, ip: null },
    record: async (_tx, input) => {
      kept.push(input);
      return {} as Awaited<ReturnType<AuditWriter['record']>>;
    },
    as: () => writer,
    unchanged: () => undefined,
  };
  return writer;
}

const asDb = (tx: Executor) => tx as unknown as Database;

/** 422 naming the object that could not be applied (the whole transaction is rolled back). */
function failed(change: { kind: string; key: string }, err: unknown): HttpError {
  const reason =
    err instanceof HttpError
      ? [err.messageKey, ...(err.details ?? []).map((d) => `${d.field}: ${d.messageKey}`)].join(' ')
      : err instanceof Error
        ? err.message
        : String(err);
  return new HttpError(422, 'BAD_REQUEST', 'errors.deploy.applyFailed', undefined, {
    params: { kind: change.kind, key: change.key, reason },
  });
}

/**
 * Applies `wanted` onto the application of `ctx` whose model is `current`.
 * @throws HttpError 422 errors.deploy.applyFailed naming the first object that failed (its own
 *   module's refusal inside the reason: a type change that would break records, a required field
 *   without a default on a subject with records…). Nothing is kept then (the caller's transaction).
 */
export async function applyModel(ctx: ApplyContext, current: DeployModel, wanted: DeployModel): Promise<ApplyOutcome> {
  const { tx, user, app } = ctx;
  const changes = diffModels(current, wanted);
  const want = flatten(wanted);
  const kept: unknown[] = [];
  const audit = silentAudit(user, kept);
  const outcome: ApplyOutcome = { changes, converted: 0, statements: 0, recycled: 0, restoredValues: 0 };
  const of = (kind: string, change: string) => changes.filter((c) => c.kind === kind && c.change === change);
  const step = async (c: DeployChange, run: () => Promise<unknown>) => {
    try {
      await run();
      outcome.statements += 1;
    } catch (err) {
      throw failed(c, err);
    }
  };

  // ---- references: `$ref:kind:key` → the target's id (looked up when needed)
  const userIdOf = async (email: string): Promise<string> => {
    const target = ctx.userMap[email] ?? email;
    const [u] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${target})`).limit(1);
    return u?.id ?? user.id;
  };
  const subjectIdOf = async (key: string): Promise<string | undefined> => {
    const [s] = await tx
      .select({ id: subjects.id })
      .from(subjects)
      .where(and(eq(subjects.applicationId, app.id), eq(subjects.key, key), isNull(subjects.deletedAt)));
    return s?.id;
  };
  const fieldIdOf = async (key: string) => {
    const [sk, fk] = splitFieldKey(key);
    const sid = await subjectIdOf(sk);
    if (!sid) return undefined;
    const [f] = await tx.select({ id: fields.id }).from(fields).where(and(eq(fields.subjectId, sid), eq(fields.key, fk), isNull(fields.deletedAt)));
    return f?.id;
  };
  const bySubjectName = async (table: typeof views | typeof dynamicForms, key: string) => {
    const i = key.indexOf('/');
    const sid = await subjectIdOf(key.slice(0, i));
    if (!sid) return undefined;
    const [r] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.subjectId, sid), eq(table.name, key.slice(i + 1)), isNull(table.deletedAt)));
    return r?.id;
  };
  const ruleIdOf = async (key: string) => {
    const i = key.indexOf('/');
    const sid = await subjectIdOf(key.slice(0, i));
    if (!sid) return undefined;
    const [r] = await tx.select({ id: rules.id }).from(rules).where(and(eq(rules.subjectId, sid), eq(rules.name, key.slice(i + 1))));
    return r?.id;
  };
  const ruleSetIdOf = async (name: string) =>
    (await tx.select({ id: ruleSets.id }).from(ruleSets).where(and(eq(ruleSets.applicationId, app.id), eq(ruleSets.name, name))))[0]?.id;
  const actionIdOf = async (name: string) => {
    const rows = await tx
      .select({ id: actions.id, applicationId: actions.applicationId })
      .from(actions)
      .where(and(eq(actions.name, name), sql`(${actions.applicationId} = ${app.id} or ${actions.applicationId} is null)`));
    return (rows.find((r) => r.applicationId === app.id) ?? rows[0])?.id;
  };
  const triggerIdOf = async (name: string) =>
    (await tx.select({ id: triggers.id }).from(triggers).where(and(eq(triggers.applicationId, app.id), eq(triggers.name, name))))[0]?.id;
  const templateIdOf = async (name: string) =>
    (
      await tx
        .select({ id: reportTemplates.id })
        .from(reportTemplates)
        .where(and(eq(reportTemplates.applicationId, app.id), eq(reportTemplates.name, name), isNull(reportTemplates.deletedAt)))
    )[0]?.id;
  const categoryIdOf = async (path: string): Promise<string | undefined> => {
    let parent: string | null = null;
    for (const name of path.split('/')) {
      const rows: { id: string }[] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.name, name), isNull(categories.deletedAt), parent ? eq(categories.parentId, parent) : isNull(categories.parentId)));
      if (!rows[0]) return undefined;
      parent = rows[0].id;
    }
    return parent ?? undefined;
  };
  const tagIdOf = async (name: string) =>
    (await tx.select({ id: tags.id }).from(tags).where(and(sql`lower(${tags.name}) = lower(${name})`, isNull(tags.deletedAt))))[0]?.id;
  const variableIdOf = async (key: string) => {
    const target = ctx.variableMap[key] ?? key;
    const rows = await tx
      .select({ id: variables.id, applicationId: variables.applicationId })
      .from(variables)
      .where(and(eq(variables.key, target), isNull(variables.deletedAt), sql`(${variables.applicationId} = ${app.id} or ${variables.applicationId} is null)`));
    return (rows.find((r) => r.applicationId === app.id) ?? rows[0])?.id;
  };
  const lookups: Record<string, (key: string) => Promise<string | undefined>> = {
    subject: subjectIdOf,
    field: fieldIdOf,
    view: (k) => bySubjectName(views, k),
    form: (k) => bySubjectName(dynamicForms, k),
    rule: ruleIdOf,
    ruleSet: ruleSetIdOf,
    action: actionIdOf,
    trigger: triggerIdOf,
    template: templateIdOf,
    category: categoryIdOf,
    tag: tagIdOf,
    variable: variableIdOf,
    user: userIdOf,
  };
  /** `value` with every reference resolved and every mapped variable name (a `…Variable` property) replaced. */
  const resolve = async <T>(value: T): Promise<T> => {
    const walk = async (v: unknown, prop?: string): Promise<unknown> => {
      if (typeof v === 'string') {
        if (v.startsWith(REF_PREFIX)) {
          const rest = v.slice(REF_PREFIX.length);
          const i = rest.indexOf(':');
          const found = await lookups[rest.slice(0, i)]?.(rest.slice(i + 1));
          return found ?? v;
        }
        if (prop && /variable$/i.test(prop) && ctx.variableMap[v]) return ctx.variableMap[v];
        return v;
      }
      if (Array.isArray(v)) return Promise.all(v.map((x) => walk(x)));
      if (v && typeof v === 'object') {
        const out: Record<string, unknown> = {};
        for (const [k, x] of Object.entries(v)) out[k] = await walk(x, k);
        return out;
      }
      return v;
    };
    return (await walk(value)) as T;
  };

  // ---- categories and tags (global: added and changed only)
  for (const c of [...of('category', 'added'), ...of('category', 'changed')]) {
    const w = want.get('category')!.get(c.key)! as { path: string; name: string; description: string | null; position: number };
    await step(c, async () => {
      const parentPath = w.path.includes('/') ? w.path.slice(0, w.path.lastIndexOf('/')) : null;
      const parentId = parentPath ? ((await categoryIdOf(parentPath)) ?? null) : null;
      const id = await categoryIdOf(w.path);
      if (id) await tx.update(categories).set({ description: w.description, position: w.position, updatedAt: new Date() }).where(eq(categories.id, id));
      else await tx.insert(categories).values({ name: w.name, description: w.description, position: w.position, parentId });
    });
  }
  for (const c of [...of('tag', 'added'), ...of('tag', 'changed')]) {
    const w = want.get('tag')!.get(c.key)! as { name: string; color: string };
    await step(c, async () => {
      const id = await tagIdOf(w.name);
      if (id) await tx.update(tags).set({ color: w.color, updatedAt: new Date() }).where(eq(tags.id, id));
      else await tx.insert(tags).values({ name: w.name, color: w.color });
    });
  }

  // ---- variables of the application (a mapped one is the target's own: not made)
  for (const c of changes.filter((x) => x.kind === 'variable')) {
    if (ctx.variableMap[c.key]) continue;
    const w = want.get('variable')!.get(c.key) as { key: string; type: string; description: string | null; value: string | null } | undefined;
    await step(c, async () => {
      const [row] = await tx
        .select()
        .from(variables)
        .where(and(eq(variables.key, c.key), eq(variables.applicationId, app.id), isNull(variables.deletedAt)));
      if (c.change === 'removed') {
        if (row) {
          await tx.update(variables).set({ deletedAt: new Date(), deletedBy: user.id }).where(eq(variables.id, row.id));
          await moveToRecycleBin(tx, { type: 'variable', id: row.id, label: row.key, actorId: user.id, actorLabel: user.email });
          outcome.recycled += 1;
        }
        return;
      }
      const type = w!.type as (typeof variables.$inferInsert)['type'];
      if (type === 'secret') {
        // a secret's value never travels: an existing one keeps its value; a new one needs a value
        // set by hand before use (it is made with an empty one? no: refused as not applicable)
        if (row) await tx.update(variables).set({ description: w!.description, updatedAt: new Date() }).where(eq(variables.id, row.id));
        else throw new HttpError(422, 'BAD_REQUEST', 'errors.deploy.variableMap', undefined, { params: { key: c.key } });
        return;
      }
      if (row)
        await tx
          .update(variables)
          .set({ type, value: w!.value, secret: null, description: w!.description, updatedAt: new Date() })
          .where(eq(variables.id, row.id));
      else await tx.insert(variables).values({ key: w!.key, type, value: w!.value, description: w!.description, applicationId: app.id, createdBy: user.id });
    });
  }

  // ---- subjects (made bare first, so fields can name any of them), then their fields
  for (const c of of('subject', 'added')) {
    const w = want.get('subject')!.get(c.key)! as { key: string; name: string; icon: string | null; description: string | null };
    await step(c, async () => {
      if (ctx.rollback) {
        const [gone] = await tx
          .select({ id: subjects.id })
          .from(subjects)
          .where(and(eq(subjects.applicationId, app.id), eq(subjects.key, w.key), isNotNull(subjects.deletedAt)))
          .orderBy(desc(subjects.deletedAt))
          .limit(1);
        if (gone) {
          await restoreFromBin(asDb(tx), 'subject', gone.id, audit);
          return;
        }
      }
      await createSubject(asDb(tx), user, app.slug, { key: w.key, name: w.name, icon: w.icon ?? undefined, description: w.description ?? undefined, fields: [] }, audit);
    });
  }
  const fieldInput = async (w: Record<string, unknown>): Promise<FieldCreateInput> => ({
    key: w.key as string,
    name: w.name as string,
    type: w.type as FieldType,
    required: w.required as boolean,
    unique: w.unique as boolean,
    ...(w.defaultValue === undefined || w.defaultValue === null ? {} : { defaultValue: await resolve(w.defaultValue) }),
    options: (await resolve(w.options)) as FieldOptions,
    validation: w.validation as FieldCreateInput['validation'],
    ...(w.helpText ? { helpText: w.helpText as string } : {}),
  });
  for (const c of of('field', 'added')) {
    const [sk, fk] = splitFieldKey(c.key);
    const w = want.get('field')!.get(c.key)!;
    await step(c, async () => {
      if (ctx.rollback) {
        const sid = await subjectIdOf(sk);
        const [gone] = sid
          ? await tx
              .select({ id: fields.id })
              .from(fields)
              .where(and(eq(fields.subjectId, sid), eq(fields.key, fk), isNotNull(fields.deletedAt)))
              .orderBy(desc(fields.deletedAt))
              .limit(1)
          : [];
        const live = sid ? await fieldIdOf(c.key) : undefined;
        if (live) return; // came back with its subject
        if (gone) {
          await restoreFromBin(asDb(tx), 'field', gone.id, audit);
          return;
        }
      }
      await addField(asDb(tx), user, app.slug, sk, await fieldInput(w), audit);
    });
  }
  for (const c of of('field', 'changed')) {
    const [sk, fk] = splitFieldKey(c.key);
    const w = want.get('field')!.get(c.key)!;
    await step(c, async () => {
      const input = await fieldInput(w);
      const patch: Record<string, unknown> = {};
      for (const p of c.properties) {
        if (p === 'position') continue;
        if (p === 'defaultValue') patch.defaultValue = input.defaultValue ?? null;
        else if (p === 'helpText') patch.helpText = input.helpText ?? null;
        else if (p !== 'key') patch[p] = (input as Record<string, unknown>)[p];
      }
      if (Object.keys(patch).length) {
        const typeBack = ctx.rollback && 'type' in patch;
        try {
          await updateField(asDb(tx), user, app.slug, sk, fk, patch as never, audit);
        } catch (err) {
          // rolling back a type change whose converted values do not convert back: empty the column
          // first; the values come back from history just below
          if (!typeBack || !(err instanceof HttpError) || err.status !== 409) throw err;
          await emptyField(tx, app.id, sk, fk);
          await updateField(asDb(tx), user, app.slug, sk, fk, patch as never, audit);
        }
        if ('type' in patch) {
          const n = await countValues(tx, app.id, sk, fk);
          outcome.converted += n;
          if (ctx.rollback) outcome.restoredValues += await restoreFromHistory(tx, app.id, sk, fk, ctx.rollback.appliedAt);
        }
      }
      if (c.properties.includes('position')) {
        const id = await fieldIdOf(c.key);
        if (id) await tx.update(fields).set({ position: w.position as number }).where(eq(fields.id, id));
      }
    });
  }
  for (const c of of('subject', 'changed')) {
    const w = want.get('subject')!.get(c.key)! as { name: string; icon: string | null; description: string | null; displayField: string | null };
    await step(c, () =>
      updateSubject(asDb(tx), user, app.slug, c.key, { name: w.name, icon: w.icon ?? '', description: w.description ?? '', displayField: w.displayField }, audit),
    );
  }
  for (const c of of('subject', 'added')) {
    const w = want.get('subject')!.get(c.key)! as { displayField: string | null };
    if (w.displayField) await step(c, () => updateSubject(asDb(tx), user, app.slug, c.key, { displayField: w.displayField }, audit));
  }

  // ---- configuration objects of subjects: views, forms, rules
  const removeSoft = async (table: typeof views | typeof dynamicForms | typeof reportTemplates, type: string, id: string | undefined, label: string) => {
    if (!id) return;
    await tx.update(table).set({ deletedAt: new Date(), deletedBy: user.id }).where(eq(table.id, id));
    await moveToRecycleBin(tx, { type, id, label: `${app.name} · ${label}`, actorId: user.id, actorLabel: user.email });
    outcome.recycled += 1;
  };
  for (const c of changes.filter((x) => x.kind === 'view')) {
    const w = want.get('view')!.get(c.key) as { subject: string; name: string; type: string; config: Record<string, unknown> } | undefined;
    await step(c, async () => {
      const id = await bySubjectName(views, c.key);
      if (c.change === 'removed') return removeSoft(views, 'view', id, c.key);
      const values = { name: w!.name, type: w!.type, config: await resolve(w!.config), updatedAt: new Date() };
      if (id) await tx.update(views).set(values).where(eq(views.id, id));
      else await tx.insert(views).values({ ...values, subjectId: (await subjectIdOf(w!.subject))!, createdBy: user.id });
    });
  }
  for (const c of changes.filter((x) => x.kind === 'form')) {
    const w = want.get('form')!.get(c.key) as
      | { subject: string; name: string; description: string | null; isDefault: boolean; layout: Record<string, unknown> }
      | undefined;
    await step(c, async () => {
      const id = await bySubjectName(dynamicForms, c.key);
      if (c.change === 'removed') return removeSoft(dynamicForms, 'form', id, c.key);
      const sid = (await subjectIdOf(w!.subject))!;
      if (w!.isDefault)
        await tx.update(dynamicForms).set({ isDefault: false }).where(and(eq(dynamicForms.subjectId, sid), isNull(dynamicForms.deletedAt)));
      const values = { name: w!.name, description: w!.description, isDefault: w!.isDefault, layout: await resolve(w!.layout), updatedAt: new Date() };
      if (id) await tx.update(dynamicForms).set(values).where(eq(dynamicForms.id, id));
      else await tx.insert(dynamicForms).values({ ...values, subjectId: sid, createdBy: user.id });
    });
  }
  for (const c of changes.filter((x) => x.kind === 'rule')) {
    const w = want.get('rule')!.get(c.key) as
      | { subject: string; name: string; definition: unknown; severity: 'blocking' | 'warning'; messageZh: string; messageEn: string; enabled: boolean; tags: string[]; owner: string | null }
      | undefined;
    await step(c, async () => {
      const id = await ruleIdOf(c.key);
      if (c.change === 'removed') {
        if (id) await tx.delete(rules).where(eq(rules.id, id));
        return;
      }
      const ownerId = w!.owner ? await userIdOf(w!.owner) : user.id;
      const values = {
        name: w!.name,
        definition: await resolve(w!.definition),
        severity: w!.severity,
        messageZh: w!.messageZh,
        messageEn: w!.messageEn,
        enabled: w!.enabled,
        tags: w!.tags,
        ownerId,
        ownerLabel: w!.owner ? (ctx.userMap[w!.owner] ?? w!.owner) : user.email,
        updatedAt: new Date(),
      };
      if (id) await tx.update(rules).set({ ...values, version: sql`${rules.version} + 1` }).where(eq(rules.id, id));
      else await tx.insert(rules).values({ ...values, applicationId: app.id, subjectId: (await subjectIdOf(w!.subject))! });
    });
  }
  for (const c of changes.filter((x) => x.kind === 'ruleSet')) {
    const w = want.get('ruleSet')!.get(c.key) as
      | { name: string; description: string | null; rules: string[]; subjects: string[]; wholeApplication: boolean; owner: string | null }
      | undefined;
    await step(c, async () => {
      const id = await ruleSetIdOf(c.key);
      if (c.change === 'removed') {
        if (id) await tx.delete(ruleSets).where(eq(ruleSets.id, id));
        return;
      }
      const ruleIds = (await Promise.all(w!.rules.map(ruleIdOf))).filter((x): x is string => !!x);
      const subjectIds = (await Promise.all(w!.subjects.map(subjectIdOf))).filter((x): x is string => !!x);
      const values = {
        name: w!.name,
        description: w!.description,
        ruleIds,
        subjectIds,
        wholeApplication: w!.wholeApplication,
        ownerId: w!.owner ? await userIdOf(w!.owner) : user.id,
        ownerLabel: w!.owner ? (ctx.userMap[w!.owner] ?? w!.owner) : user.email,
        draftChanged: true,
        updatedAt: new Date(),
      };
      if (id) await tx.update(ruleSets).set({ ...values, version: sql`${ruleSets.version} + 1` }).where(eq(ruleSets.id, id));
      else await tx.insert(ruleSets).values({ ...values, applicationId: app.id });
    });
  }

  // ---- actions, triggers, templates
  for (const c of changes.filter((x) => x.kind === 'action')) {
    const w = want.get('action')!.get(c.key) as { name: string; type: string; config: Record<string, unknown>; global: boolean } | undefined;
    await step(c, async () => {
      const [row] = await tx
        .select({ id: actions.id })
        .from(actions)
        .where(and(eq(actions.name, c.key), eq(actions.applicationId, app.id)));
      if (c.change === 'removed') {
        if (row) await tx.delete(actions).where(eq(actions.id, row.id));
        return;
      }
      const id = w!.global ? await actionIdOf(c.key) : row?.id;
      const values = { name: w!.name, type: w!.type, config: await resolve(w!.config), updatedAt: new Date() };
      if (id) await tx.update(actions).set(values).where(eq(actions.id, id));
      else await tx.insert(actions).values({ ...values, applicationId: w!.global ? null : app.id });
    });
  }
  for (const c of changes.filter((x) => x.kind === 'trigger')) {
    const w = want.get('trigger')!.get(c.key) as
      | {
          name: string;
          enabled: boolean;
          event: (typeof triggers.$inferInsert)['event'];
          subject: string | null;
          condition?: unknown;
          changedFields: string[];
          cron: string | null;
          timezone: string | null;
          steps: { action: string | null; type: string | null; config?: unknown; condition?: unknown }[];
          retryLimit: number;
          retryDelaySeconds: number;
          owner: string | null;
        }
      | undefined;
    await step(c, async () => {
      const id = await triggerIdOf(c.key);
      if (c.change === 'removed') {
        if (id) await tx.delete(triggers).where(eq(triggers.id, id));
        return;
      }
      const steps = [];
      for (const s of w!.steps)
        steps.push({
          actionId: s.action ? ((await actionIdOf(s.action)) ?? null) : null,
          type: s.type,
          ...(s.config === undefined ? {} : { config: await resolve(s.config) }),
          ...(s.condition === undefined ? {} : { condition: await resolve(s.condition) }),
        });
      const values = {
        name: w!.name,
        enabled: w!.enabled,
        event: w!.event,
        subjectId: w!.subject ? ((await subjectIdOf(w!.subject)) ?? null) : null,
        condition: w!.condition === undefined ? null : await resolve(w!.condition),
        changedFields: w!.changedFields,
        cron: w!.cron,
        timezone: w!.timezone,
        steps,
        retryLimit: w!.retryLimit,
        retryDelaySeconds: w!.retryDelaySeconds,
        ownerId: w!.owner ? await userIdOf(w!.owner) : user.id,
        ownerLabel: w!.owner ? (ctx.userMap[w!.owner] ?? w!.owner) : user.email,
        updatedAt: new Date(),
      };
      if (id) await tx.update(triggers).set(values).where(eq(triggers.id, id));
      else await tx.insert(triggers).values({ ...values, applicationId: app.id });
    });
  }
  for (const c of changes.filter((x) => x.kind === 'template')) {
    const w = want.get('template')!.get(c.key) as
      | { name: string; description: string; subject: string | null; binding: Record<string, unknown>; body: string; partials: Record<string, string>; page: Record<string, unknown> }
      | undefined;
    await step(c, async () => {
      const id = await templateIdOf(c.key);
      if (c.change === 'removed') return removeSoft(reportTemplates, 'report_template', id, c.key);
      const binding = (await resolve(w!.binding)) as unknown as (typeof reportTemplates.$inferInsert)['binding'];
      const values = {
        name: w!.name,
        description: w!.description,
        subjectId: w!.subject ? ((await subjectIdOf(w!.subject)) ?? null) : null,
        binding,
        body: w!.body,
        partials: w!.partials,
        page: w!.page,
        updatedAt: new Date(),
      };
      if (id) await tx.update(reportTemplates).set({ ...values, version: sql`${reportTemplates.version} + 1` }).where(eq(reportTemplates.id, id));
      else await tx.insert(reportTemplates).values({ ...values, applicationId: app.id, createdBy: user.id });
    });
  }

  // ---- removals of fields, then subjects (to the recycle bin with their records)
  const removedSubjects = new Set(of('subject', 'removed').map((c) => c.key));
  for (const c of of('field', 'removed')) {
    const [sk, fk] = splitFieldKey(c.key);
    if (removedSubjects.has(sk)) continue;
    await step(c, async () => {
      await deleteField(asDb(tx), user, app.slug, sk, fk, audit);
      outcome.recycled += 1;
    });
  }
  // relation fields between subjects that all go: their relations are removed first
  for (const c of of('subject', 'removed')) {
    const sid = await subjectIdOf(c.key);
    if (!sid) continue;
    await step(c, async () => {
      const into = rowsOf<{ subject_key: string; field_key: string }>(
        await tx.execute(sql`select s.key as subject_key, f.key as field_key from fields f join subjects s on s.id = f.subject_id
          where f.type = 'relation' and f.deleted_at is null and s.deleted_at is null and s.id <> ${sid}
            and f.options->>'targetSubjectId' = ${sid}::text`),
      );
      for (const r of into) {
        if (!removedSubjects.has(r.subject_key)) continue;
        await deleteField(asDb(tx), user, app.slug, r.subject_key, r.field_key, audit);
      }
    });
  }
  for (const c of of('subject', 'removed')) {
    await step(c, async () => {
      await deleteSubject(asDb(tx), user, app.slug, c.key, audit);
      outcome.recycled += 1;
    });
  }
  return outcome;
}

async function fieldRef(tx: Executor, applicationId: string, subjectKey: string, fieldKey: string) {
  const [s] = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.applicationId, applicationId), eq(subjects.key, subjectKey), isNull(subjects.deletedAt)));
  if (!s) return undefined;
  const def = await loadSubjectDef(tx, { id: s.id });
  const field = def?.fields.find((f) => f.key === fieldKey);
  return def && field ? { def, field } : undefined;
}

/** Records holding a value of the field (after a conversion: how many were converted). */
async function countValues(tx: Executor, applicationId: string, subjectKey: string, fieldKey: string): Promise<number> {
  const ref = await fieldRef(tx, applicationId, subjectKey, fieldKey);
  if (!ref?.field.column) return 0;
  const [r] = rowsOf<{ n: number }>(
    await tx.execute(sql.raw(`select count(*)::int as n from ${ident(ref.def.tableName)} where ${ident(ref.field.column)} is not null`)),
  );
  return Number(r?.n ?? 0);
}

/** Empties a field's column in every record (before a type change back whose values come from history). */
async function emptyField(tx: Executor, applicationId: string, subjectKey: string, fieldKey: string): Promise<void> {
  const ref = await fieldRef(tx, applicationId, subjectKey, fieldKey);
  if (!ref?.field.column) return;
  await tx.execute(sql.raw(`update ${ident(ref.def.tableName)} set ${ident(ref.field.column)} = null`));
}

const HISTORY_CHUNK = 500;

/**
 * Puts back each record's value of the field as its history had it at `at` (the last version
 * written at or before it: `record_versions.snapshot`), for records whose field was not changed
 * since; in chunks of HISTORY_CHUNK records. Returns how many records got a value back.
 */
async function restoreFromHistory(tx: Executor, applicationId: string, subjectKey: string, fieldKey: string, at: Date): Promise<number> {
  const ref = await fieldRef(tx, applicationId, subjectKey, fieldKey);
  if (!ref?.field.column) return 0;
  const { def, field } = ref;
  let restored = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = rowsOf<{ record_id: string; value: unknown; changed_since: boolean }>(
      await tx.execute(sql`select distinct on (v.record_id) v.record_id, v.snapshot -> ${fieldKey} as value,
          exists (select 1 from ${recordVersions} l where l.record_id = v.record_id and l.at > ${at} and l.changes ? ${fieldKey}) as changed_since
        from ${recordVersions} v
        where v.subject_id = ${def.id} and v.at <= ${at} and v.record_id > ${after}
        order by v.record_id, v.version desc limit ${HISTORY_CHUNK}`),
    );
    if (!rows.length) break;
    for (const r of rows) {
      if (r.changed_since) continue;
      let value;
      try {
        value = r.value === null || r.value === undefined ? null : parseValue(field, r.value);
      } catch {
        continue;
      }
      await tx.execute(
        sql`update ${sql.raw(ident(def.tableName))} set ${sql.raw(ident(field.column!))} = ${sqlValue(field, value)} where id = ${r.record_id}`,
      );
      restored += 1;
    }
    after = rows[rows.length - 1].record_id;
    if (rows.length < HISTORY_CHUNK) break;
  }
  return restored;
}
