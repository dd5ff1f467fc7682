/**
 * Triggers and the action library: their rules (docs/triggers.md "API"). Administrators only (the
 * routes check). Every change is audited in its transaction: trigger.create/update/delete/enable/
 * disable, trigger.test, trigger.run (manual runs), trigger.replay (dead letters), action.create/
 * update/delete. A change to a schedule trigger re-syncs pg-boss's schedules after the commit.
 */
import { and, count, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type {
  Action,
  ActionInput,
  ActionListQuery,
  ActionPatch,
  ActionTypeInfo,
  FilterGroup,
  Trigger,
  TriggerInput,
  TriggerListQuery,
  TriggerManualRun,
  TriggerPatch,
  TriggerRun,
  TriggerRunListQuery,
  TriggerStepLog,
  TriggerTest,
} from '../../../../contracts';
import { TRIGGER_RECORD_EVENTS } from '../../../../contracts';
import { changedKeys, type AuditWriter } from '../../core/audit.writer';
import type { Database, Executor } from '../../db/client';
import {
  actions,
  applications,
  subjects,
  triggerEvents,
  triggerRuns,
  triggers,
  type ActionRow,
  type TriggerRow,
  type TriggerRunRow,
  type TriggerStepRow,
} from '../../db/schema';
import { HttpError, notFound, type FieldErrorKey } from '../../lib/http-error';
import { compileFilter } from '../records/filter';
import { findRecords } from '../records/records.service';
import { loadSubjectDef, type SubjectDef } from '../subjects/subject-def';
import { getActionType, listActionTypes, type TriggerEvent } from './action-types';
import { queueRun, queueRuns } from './triggers.outbox';
import { dryRunSteps } from './triggers.runner';
import { nextFires, syncSchedules } from './triggers.schedule';

const bad = (details: FieldErrorKey[]) => new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', details);
const triggerNotFound = () => notFound('errors.triggerNotFound');
const actionNotFound = () => notFound('errors.actionNotFound');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---------------------------------------------------------------- shapes

async function slugOf(db: Executor, applicationId: string | null): Promise<string | null> {
  if (!applicationId) return null;
  const [a] = await db.select({ slug: applications.slug }).from(applications).where(eq(applications.id, applicationId)).limit(1);
  return a?.slug ?? null;
}

async function subjectKeyOf(db: Executor, subjectId: string | null): Promise<string | null> {
  if (!subjectId) return null;
  const [s] = await db.select({ key: subjects.key }).from(subjects).where(eq(subjects.id, subjectId)).limit(1);
  return s?.key ?? null;
}

/** The API shape of a trigger row (its schedule's next fire times computed). */
export async function toTrigger(db: Executor, row: TriggerRow): Promise<Trigger> {
  let fires: string[] = [];
  if (row.event === 'schedule' && row.cron && row.timezone) {
    try {
      fires = nextFires(row.cron, row.timezone);
    } catch {
      fires = [];
    }
  }
  return {
    id: row.id,
    name: row.name,
    application: (await slugOf(db, row.applicationId)) ?? '',
    applicationId: row.applicationId,
    enabled: row.enabled,
    event: row.event,
    subject: await subjectKeyOf(db, row.subjectId),
    subjectId: row.subjectId,
    condition: (row.condition as FilterGroup | null) ?? null,
    changedFields: row.changedFields,
    cron: row.cron,
    timezone: row.timezone,
    steps: row.steps as Trigger['steps'],
    retryLimit: row.retryLimit,
    retryDelaySeconds: row.retryDelaySeconds,
    ownerId: row.ownerId,
    ownerLabel: row.ownerLabel,
    nextFires: fires,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The API shape of a run. */
export function toRun(row: TriggerRunRow): TriggerRun {
  return {
    id: row.id,
    triggerId: row.triggerId,
    eventId: row.eventId,
    state: row.state,
    event: row.event,
    steps: row.steps as TriggerStepLog[],
    error: row.error,
    attempts: row.attempts,
    depth: row.depth,
    test: row.test,
    taskId: row.taskId,
    ms: row.ms,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

async function toAction(db: Executor, row: ActionRow): Promise<Action> {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    config: row.config,
    application: await slugOf(db, row.applicationId),
    applicationId: row.applicationId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------- checks

/** The live application `slug`. @throws 400 naming `field`. */
async function applicationOf(db: Executor, slug: string, field = 'application'): Promise<{ id: string; slug: string }> {
  const [a] = await db
    .select({ id: applications.id, slug: applications.slug })
    .from(applications)
    .where(and(eq(applications.slug, slug), isNull(applications.deletedAt)))
    .limit(1);
  if (!a) throw bad([{ field, messageKey: 'errors.applicationNotFound' }]);
  return a;
}

/**
 * A configuration checked against its type's schema.
 * @throws 400 naming `<field>` (unknown type) or `<config>.<path>` (each issue).
 */
export function checkConfig(typeName: string, config: unknown, typeField: string, configField: string): unknown {
  const type = getActionType(typeName);
  if (!type) throw bad([{ field: typeField, messageKey: 'errors.actionTypeUnknown' }]);
  const parsed = type.config.safeParse(config ?? {});
  if (!parsed.success)
    throw bad(
      parsed.error.issues.map((i) => ({
        field: [configField, ...i.path.map(String)].join('.'),
        messageKey: 'errors.actionConfigInvalid' as const,
        params: { reason: i.message.slice(0, 200) },
      })),
    );
  return parsed.data;
}

/** A condition checked by compiling it for `subject`. @throws 400 naming `field`. */
function checkCondition(subject: SubjectDef | undefined, condition: FilterGroup | null | undefined, field: string): void {
  if (!condition) return;
  if (!subject) throw bad([{ field: 'subject', messageKey: 'errors.triggerSubjectRequired' }]);
  try {
    compileFilter(subject, condition);
  } catch (err) {
    if (err instanceof HttpError) throw bad([{ field, messageKey: 'errors.record.filter' }]);
    throw err;
  }
}

/** The row values of a trigger's input, every rule checked (docs/triggers.md "API"). */
async function triggerValues(
  db: Executor,
  input: TriggerInput,
): Promise<Omit<typeof triggers.$inferInsert, 'ownerId' | 'ownerLabel'>> {
  const app = await applicationOf(db, input.application);
  let subject: SubjectDef | undefined;
  if (input.subject) {
    subject = await loadSubjectDef(db, { applicationId: app.id, key: input.subject });
    if (!subject) throw bad([{ field: 'subject', messageKey: 'errors.subjectNotFound' }]);
  } else if (TRIGGER_RECORD_EVENTS.includes(input.event) || input.event === 'manual' || input.event === 'incident.opened') {
    throw bad([{ field: 'subject', messageKey: 'errors.triggerSubjectRequired' }]);
  }
  let cron: string | null = null;
  let timezone: string | null = null;
  if (input.event === 'schedule') {
    if (!input.cron) throw bad([{ field: 'cron', messageKey: 'errors.triggerCronRequired' }]);
    cron = input.cron;
    timezone = input.timezone ?? 'UTC';
    nextFires(cron, timezone, 1);
  }
  checkCondition(subject, input.condition, 'condition');
  for (const key of input.changedFields) {
    if (!subject?.fields.some((f) => f.key === key))
      throw bad([{ field: 'changedFields', messageKey: 'errors.triggerFieldUnknown' }]);
  }
  const steps: TriggerStepRow[] = [];
  for (const [i, step] of input.steps.entries()) {
    checkCondition(subject, step.condition, `steps.${i}.condition`);
    if (step.actionId) {
      const [a] = await db.select().from(actions).where(eq(actions.id, step.actionId)).limit(1);
      if (!a || (a.applicationId && a.applicationId !== app.id))
        throw bad([{ field: `steps.${i}.actionId`, messageKey: 'errors.actionNotFound' }]);
      steps.push({ actionId: a.id, condition: step.condition ?? null });
    } else if (step.type) {
      const config = checkConfig(step.type, step.config, `steps.${i}.type`, `steps.${i}.config`);
      steps.push({ type: step.type, config, condition: step.condition ?? null });
    } else throw bad([{ field: `steps.${i}`, messageKey: 'errors.triggerStepInvalid' }]);
  }
  return {
    name: input.name,
    applicationId: app.id,
    enabled: input.enabled,
    event: input.event,
    subjectId: subject?.id ?? null,
    condition: input.condition ?? null,
    changedFields: input.event === 'record.updated' ? input.changedFields : [],
    cron,
    timezone,
    steps,
    retryLimit: input.retryLimit,
    retryDelaySeconds: input.retryDelaySeconds,
  };
}

// ---------------------------------------------------------------- triggers

/** GET /triggers: newest first, filtered. */
export async function listTriggers(db: Executor, q: TriggerListQuery): Promise<{ items: Trigger[]; total: number }> {
  const conds: (SQL | undefined)[] = [
    q.event ? eq(triggers.event, q.event) : undefined,
    q.enabled ? eq(triggers.enabled, q.enabled === 'true') : undefined,
    q.q ? ilike(triggers.name, `%${q.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  ];
  if (q.application) {
    const [a] = await db.select({ id: applications.id }).from(applications).where(eq(applications.slug, q.application)).limit(1);
    if (!a) return { items: [], total: 0 };
    conds.push(eq(triggers.applicationId, a.id));
  }
  const where = and(...conds);
  const rows = await db
    .select()
    .from(triggers)
    .where(where)
    .orderBy(desc(triggers.createdAt), desc(triggers.id))
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  const [{ n }] = await db.select({ n: count() }).from(triggers).where(where);
  const items: Trigger[] = [];
  for (const r of rows) items.push(await toTrigger(db, r));
  return { items, total: Number(n) };
}

/** The row of trigger `id`. @throws 404. */
export async function loadTrigger(db: Executor, id: string): Promise<TriggerRow> {
  const [row] = await db.select().from(triggers).where(eq(triggers.id, id)).limit(1);
  if (!row) throw triggerNotFound();
  return row;
}

/** GET /triggers/:id. @throws 404. */
export async function getTrigger(db: Executor, id: string): Promise<Trigger> {
  return toTrigger(db, await loadTrigger(db, id));
}

const isSchedule = (...rows: (Pick<TriggerRow, 'event'> | undefined)[]) => rows.some((r) => r?.event === 'schedule');

/**
 * A system model's default trigger (modules/engagements model-defaults.ts), written in the caller's
 * transaction with `owner` as its owner, every rule checked as for POST /triggers. A schedule is
 * taken up by the next delivery (`syncSchedules`, every minute), as the caller's transaction has
 * not committed yet. @returns the trigger's id. @throws HttpError 400 naming the field.
 */
export async function insertDefaultTrigger(tx: Executor, input: TriggerInput, owner: { id: string; label: string }): Promise<string> {
  const values = await triggerValues(tx, input);
  const [row] = await tx.insert(triggers).values({ ...values, ownerId: owner.id, ownerLabel: owner.label }).returning({ id: triggers.id });
  return row.id;
}

/** POST /triggers, audited `trigger.create`; the owner is the administrator creating it. @throws 400 naming the field. */
export async function createTrigger(db: Database, input: TriggerInput, audit: AuditWriter): Promise<Trigger> {
  const out = await db.transaction(async (tx) => {
    const values = await triggerValues(tx, input);
    const [row] = await tx
      .insert(triggers)
      .values({ ...values, ownerId: audit.actor.id, ownerLabel: audit.actor.label })
      .returning();
    const trigger = await toTrigger(tx, row);
    await audit.record(tx, { action: 'trigger.create', targetType: 'trigger', targetId: row.id, after: trigger });
    return { row, trigger };
  });
  if (isSchedule(out.row)) await syncSchedules(db);
  return out.trigger;
}

/** PATCH /triggers/:id, audited `trigger.update` (a no-op writes nothing: `unchanged`). @throws 404; 400. */
export async function updateTrigger(db: Database, id: string, patch: TriggerPatch, audit: AuditWriter): Promise<Trigger> {
  const out = await db.transaction(async (tx) => {
    const row = await loadTrigger(tx, id);
    const current = await toTrigger(tx, row);
    const merged: TriggerInput = {
      name: patch.name ?? current.name,
      application: patch.application ?? current.application,
      enabled: patch.enabled ?? current.enabled,
      event: patch.event ?? current.event,
      subject: patch.subject !== undefined ? patch.subject : current.subject,
      condition: patch.condition !== undefined ? patch.condition : current.condition,
      changedFields: patch.changedFields ?? current.changedFields,
      cron: patch.cron !== undefined ? patch.cron : current.cron,
      timezone: patch.timezone !== undefined ? patch.timezone : current.timezone,
      steps: patch.steps ?? current.steps,
      retryLimit: patch.retryLimit ?? current.retryLimit,
      retryDelaySeconds: patch.retryDelaySeconds ?? current.retryDelaySeconds,
    };
    const values = await triggerValues(tx, merged);
    const keys = changedKeys(row, values);
    if (keys.length === 0) {
      audit.unchanged();
      return { row, trigger: current, before: row };
    }
    const [after] = await tx
      .update(triggers)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(triggers.id, id))
      .returning();
    const trigger = await toTrigger(tx, after);
    await audit.record(tx, {
      action: 'trigger.update',
      targetType: 'trigger',
      targetId: id,
      before: current,
      after: trigger,
      details: { changed: keys },
    });
    return { row: after, trigger, before: row };
  });
  if (isSchedule(out.row, out.before)) await syncSchedules(db);
  return out.trigger;
}

/** POST /triggers/:id/enable and /disable, audited `trigger.enable`/`trigger.disable` (no-op: `unchanged`). @throws 404. */
export async function setTriggerEnabled(db: Database, id: string, enabled: boolean, audit: AuditWriter): Promise<Trigger> {
  const out = await db.transaction(async (tx) => {
    const row = await loadTrigger(tx, id);
    if (row.enabled === enabled) {
      audit.unchanged();
      return { row, trigger: await toTrigger(tx, row) };
    }
    const [after] = await tx.update(triggers).set({ enabled, updatedAt: new Date() }).where(eq(triggers.id, id)).returning();
    await audit.record(tx, {
      action: enabled ? 'trigger.enable' : 'trigger.disable',
      targetType: 'trigger',
      targetId: id,
      before: { enabled: row.enabled },
      after: { enabled },
    });
    return { row: after, trigger: await toTrigger(tx, after) };
  });
  if (isSchedule(out.row)) await syncSchedules(db);
  return out.trigger;
}

/** DELETE /triggers/:id (its runs go with it), audited `trigger.delete`. @throws 404. */
export async function deleteTrigger(db: Database, id: string, audit: AuditWriter): Promise<void> {
  const row = await db.transaction(async (tx) => {
    const current = await loadTrigger(tx, id);
    const before = await toTrigger(tx, current);
    await tx.delete(triggers).where(eq(triggers.id, id));
    await audit.record(tx, { action: 'trigger.delete', targetType: 'trigger', targetId: id, before });
    return current;
  });
  if (isSchedule(row)) await syncSchedules(db);
}

// ---------------------------------------------------------------- runs

/** GET /triggers/:id/runs and GET /trigger-runs (`state=dead`: the dead letters): newest first. */
export async function listRuns(db: Executor, q: TriggerRunListQuery): Promise<{ items: TriggerRun[]; total: number }> {
  const where = and(
    q.trigger ? eq(triggerRuns.triggerId, q.trigger) : undefined,
    q.state ? eq(triggerRuns.state, q.state) : undefined,
  );
  const rows = await db
    .select()
    .from(triggerRuns)
    .where(where)
    .orderBy(desc(triggerRuns.createdAt), desc(triggerRuns.id))
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  const [{ n }] = await db.select({ n: count() }).from(triggerRuns).where(where);
  return { items: rows.map(toRun), total: Number(n) };
}

/** GET /trigger-runs/:id. @throws 404. */
export async function getRun(db: Executor, id: string): Promise<TriggerRun> {
  const [row] = await db.select().from(triggerRuns).where(eq(triggerRuns.id, id)).limit(1);
  if (!row) throw notFound('errors.triggerRunNotFound');
  return toRun(row);
}

/**
 * POST /trigger-runs/:id/replay, audited `trigger.replay`: a dead run goes back to the queue with a
 * fresh set of retries (steps already done are kept and not run again).
 * @throws 404; 409 errors.triggerRunNotDead.
 */
export async function replayRun(db: Database, id: string, audit: AuditWriter): Promise<TriggerRun> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(triggerRuns).where(eq(triggerRuns.id, id)).for('update');
    if (!row) throw notFound('errors.triggerRunNotFound');
    if (row.state !== 'dead') throw new HttpError(409, 'CONFLICT', 'errors.triggerRunNotDead');
    const trigger = await loadTrigger(tx, row.triggerId);
    await tx.update(triggerRuns).set({ state: 'queued', finishedAt: null, updatedAt: new Date() }).where(eq(triggerRuns.id, id));
    await queueRun(db, tx, trigger, id);
    const [after] = await tx.select().from(triggerRuns).where(eq(triggerRuns.id, id));
    await audit.record(tx, {
      action: 'trigger.replay',
      targetType: 'trigger_run',
      targetId: id,
      before: { state: 'dead' },
      after: { state: 'queued' },
      details: { trigger: trigger.id },
    });
    return toRun(after);
  });
}

/** The event of a Test or a manual run against record `recordId` of the trigger's subject. @throws 400 naming `recordId`/`recordIds`. */
async function recordEvent(
  db: Executor,
  trigger: TriggerRow,
  kind: string,
  recordId: string | null | undefined,
  actorId: string | null,
  field: string,
): Promise<TriggerEvent> {
  const subject = trigger.subjectId ? await loadSubjectDef(db, { id: trigger.subjectId }) : undefined;
  const event: TriggerEvent = {
    kind,
    application: (await slugOf(db, trigger.applicationId)) ?? undefined,
    actorId,
    depth: 0,
    data: { triggerId: trigger.id },
  };
  if (!recordId) return event;
  const record = subject ? (await findRecords(db, subject, [recordId]))[0] : undefined;
  if (!subject || !record) throw bad([{ field, messageKey: 'errors.recordNotFound' }]);
  return {
    ...event,
    subject: subject.key,
    recordId,
    before: kind === 'record.created' ? null : record.values,
    after: kind === 'record.deleted' ? null : record.values,
    changed: kind === 'record.updated' ? [...trigger.changedFields] : [],
  };
}

/**
 * POST /triggers/:id/test: the trigger's steps against record `recordId` (as its event would
 * carry it), in a transaction rolled back, `dryRun: true`; the run is kept as a `test` run and
 * audited `trigger.test`. @returns the run with each step's log. @throws 404; 400 naming `recordId`.
 */
export async function testTrigger(db: Database, id: string, body: TriggerTest, audit: AuditWriter): Promise<TriggerRun> {
  const trigger = await loadTrigger(db, id);
  const event = await recordEvent(db, trigger, trigger.event, body.recordId, audit.actor.id, 'recordId');
  const began = performance.now();
  const result = await dryRunSteps(db, trigger, event);
  const ms = Math.round(performance.now() - began);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [run] = await tx
      .insert(triggerRuns)
      .values({
        triggerId: id,
        state: result.error ? 'failed' : 'done',
        event: event as object,
        steps: result.steps,
        error: result.error,
        attempts: 1,
        test: true,
        ms,
        startedAt: now,
        finishedAt: now,
      })
      .returning();
    await audit.record(tx, {
      action: 'trigger.test',
      targetType: 'trigger',
      targetId: id,
      details: { run: run.id, recordId: body.recordId ?? null, error: result.error },
    });
    return toRun(run);
  });
}

/**
 * POST /triggers/:id/run: a manual run of the trigger for each record of `recordIds` (a record
 * page, a grid selection): an event (delivered at once) and a queued run each, audited once
 * `trigger.run` with the count. @throws 404; 400 naming `recordIds` (a record not found).
 */
export async function runTriggerManually(
  db: Database,
  id: string,
  body: TriggerManualRun,
  audit: AuditWriter,
): Promise<{ runs: string[] }> {
  return db.transaction(async (tx) => {
    const trigger = await loadTrigger(tx, id);
    if (!trigger.subjectId) throw bad([{ field: 'recordIds', messageKey: 'errors.triggerNotManual' }]);
    const runs: string[] = [];
    for (const recordId of [...new Set(body.recordIds)]) {
      const event = await recordEvent(tx, trigger, 'manual', recordId, audit.actor.id, 'recordIds');
      const [ev] = await tx
        .insert(triggerEvents)
        .values({
          kind: 'manual',
          recordId,
          actorId: audit.actor.id,
          depth: 0,
          payload: event as object,
          deliveredAt: new Date(),
        })
        .returning({ id: triggerEvents.id });
      const [run] = await tx
        .insert(triggerRuns)
        .values({ triggerId: id, eventId: ev.id, event: event as object, depth: 0 })
        .returning();
      runs.push(run.id);
    }
    await queueRuns(db, tx, trigger, runs);
    await audit.record(tx, {
      action: 'trigger.run',
      targetType: 'trigger',
      targetId: id,
      details: { count: runs.length, recordIds: body.recordIds, runs },
    });
    return { runs };
  });
}

// ---------------------------------------------------------------- actions

/** GET /actions/types: every registered type with its configuration's JSON schema. */
export function actionTypeInfos(): ActionTypeInfo[] {
  return listActionTypes().map((t) => {
    let schema: unknown = {};
    try {
      schema = z.toJSONSchema(t.config as z.ZodType, { unrepresentable: 'any' });
    } catch {
      schema = {};
    }
    return { type: t.type, external: t.external === true, schema };
  });
}

/** GET /actions: newest first, filtered. */
export async function listActions(db: Executor, q: ActionListQuery): Promise<{ items: Action[]; total: number }> {
  const conds: (SQL | undefined)[] = [
    q.type ? eq(actions.type, q.type) : undefined,
    q.q ? ilike(actions.name, `%${q.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  ];
  if (q.application === 'global') conds.push(isNull(actions.applicationId));
  else if (q.application) {
    const [a] = await db.select({ id: applications.id }).from(applications).where(eq(applications.slug, q.application)).limit(1);
    if (!a) return { items: [], total: 0 };
    conds.push(eq(actions.applicationId, a.id));
  }
  const where = and(...conds);
  const rows = await db
    .select()
    .from(actions)
    .where(where)
    .orderBy(desc(actions.createdAt), desc(actions.id))
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  const [{ n }] = await db.select({ n: count() }).from(actions).where(where);
  const items: Action[] = [];
  for (const r of rows) items.push(await toAction(db, r));
  return { items, total: Number(n) };
}

async function loadAction(db: Executor, id: string): Promise<ActionRow> {
  const [row] = await db.select().from(actions).where(eq(actions.id, id)).limit(1);
  if (!row) throw actionNotFound();
  return row;
}

/** GET /actions/:id. @throws 404. */
export async function getAction(db: Executor, id: string): Promise<Action> {
  return toAction(db, await loadAction(db, id));
}

/** POST /actions, audited `action.create`. @throws 400 naming `type`, `config.<path>` or `application`. */
export async function createAction(db: Database, input: ActionInput, audit: AuditWriter): Promise<Action> {
  return db.transaction(async (tx) => {
    const config = checkConfig(input.type, input.config, 'type', 'config');
    const app = input.application ? await applicationOf(tx, input.application) : null;
    const [row] = await tx
      .insert(actions)
      .values({ name: input.name, type: input.type, config: config as object, applicationId: app?.id ?? null })
      .returning();
    const action = await toAction(tx, row);
    await audit.record(tx, { action: 'action.create', targetType: 'action', targetId: row.id, after: action });
    return action;
  });
}

/** PATCH /actions/:id, audited `action.update` (no-op: `unchanged`). @throws 404; 400 naming `config.<path>`. */
export async function updateAction(db: Database, id: string, patch: ActionPatch, audit: AuditWriter): Promise<Action> {
  return db.transaction(async (tx) => {
    const row = await loadAction(tx, id);
    const wanted = {
      name: patch.name,
      config: patch.config !== undefined ? (checkConfig(row.type, patch.config, 'type', 'config') as object) : undefined,
    };
    const keys = changedKeys(row, wanted);
    if (keys.length === 0) {
      audit.unchanged();
      return toAction(tx, row);
    }
    const [after] = await tx
      .update(actions)
      .set({
        ...(wanted.name !== undefined ? { name: wanted.name } : {}),
        ...(wanted.config !== undefined ? { config: wanted.config } : {}),
        updatedAt: new Date(),
      })
      .where(eq(actions.id, id))
      .returning();
    const action = await toAction(tx, after);
    await audit.record(tx, {
      action: 'action.update',
      targetType: 'action',
      targetId: id,
      before: await toAction(tx, row),
      after: action,
    });
    return action;
  });
}

/** DELETE /actions/:id, audited `action.delete`. @throws 404; 409 errors.actionInUse while a trigger's step names it. */
export async function deleteAction(db: Database, id: string, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await loadAction(tx, id);
    const users = await tx.select({ id: triggers.id, steps: triggers.steps }).from(triggers);
    if (users.some((t) => (t.steps ?? []).some((s) => s.actionId === id)))
      throw new HttpError(409, 'CONFLICT', 'errors.actionInUse');
    await tx.delete(actions).where(eq(actions.id, id));
    await audit.record(tx, { action: 'action.delete', targetType: 'action', targetId: id, before: await toAction(tx, row) });
  });
}
