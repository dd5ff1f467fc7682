/**
 * Running a trigger (docs/triggers.md "Runs"): its steps in order, each when its condition holds,
 * each logged (type, status, input, output or error, ms) in the run row; the task's log gets one
 * line per run.
 *
 * - A run is part of a `triggers.run` task: a task carries up to RUNS_PER_TASK runs of one trigger
 *   (what one delivery chunk made), runs them RUNS_AT_ONCE at a time and is retried (only its runs
 *   not yet done) per the trigger's policy. On PGlite a task's own statements (about ten) would
 *   otherwise be paid by every run.
 * - A step of a type that writes (not `external`) runs in a transaction of its own, whose
 *   `assay.trigger_depth` setting is the run's depth + 1: the versions it writes reach the outbox
 *   at that depth (the loop guard, triggers.outbox.ts). `external` types (e-mail, HTTP) run outside
 *   any transaction, so no lock is held while they wait on the network.
 * - Writes are audited by the actions with `ctx.audit`: the trigger's owner, labelled
 *   "trigger <name> for <owner>".
 * - A failed step ends the run's attempt: the task engine retries the task per the trigger's policy
 *   (runs done and steps done are not run again); when retries are used up the run is `dead` (the
 *   dead-letter list; an administrator replays it).
 * - Test (`testTrigger`): every step in ONE transaction that is rolled back, `dryRun: true`.
 * Action logs are kept in memory during a step and written after it: on PGlite a write outside
 * the step's open transaction would wait for it forever.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FilterGroup, TriggerStepLog } from '../../../../contracts';
import { auditWriter } from '../../core/audit.writer';
import type { Database, Executor } from '../../db/client';
import { actions, triggerRuns, triggers, type TriggerRow, type TriggerRunRow, type TriggerStepRow } from '../../db/schema';
import { matchesFilter } from '../records/filter-row';
import { loadSubjectDef, type SubjectDef } from '../subjects/subject-def';
import { registerTaskKind } from '../tasks/tasks.registry';
import { appendTaskLogs } from '../tasks/tasks.service';
import { readVariable } from '../variables/variables.service';
import { getActionType, type ActionContext, type TriggerEvent } from './action-types';
import {
  DELIVER_CHUNK,
  DELIVER_KIND,
  deliverChunk,
  purgeDeliveredEvents,
  RUN_KIND,
  triggerStarter,
} from './triggers.outbox';
import './actions/update-record.action';
import './actions/create-record.action';
import { syncSchedules, takeScheduleTicks } from './triggers.schedule';

type LogFn = (level: 'debug' | 'info' | 'warn' | 'error', message: string, data?: unknown) => Promise<void>;

/** Options of runSteps. */
export interface RunStepsOptions {
  runId: string | null;
  /** Test: nothing leaves the server; every write goes to `tx`, which the caller rolls back. */
  dryRun: boolean;
  /** The Test's transaction (dry runs only). */
  tx?: Executor;
  /** The step logs of an earlier attempt: steps `ok` there are kept, not run again. */
  previous?: TriggerStepLog[];
  /** The task's log (real runs). */
  log?: LogFn;
  /** Loads a subject's definition (a task's runs share one per subject); default loadSubjectDef. */
  subjectOf?: (id: string) => Promise<SubjectDef | undefined>;
}

/** Sets the depth the outbox gives the events of this transaction's writes (transaction-local). */
export async function setWriteDepth(tx: Executor, depth: number): Promise<void> {
  await tx.execute(sql`select set_config('assay.trigger_depth', ${String(depth)}, true)`);
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Runs `trigger`'s steps for `event` (module comment).
 * @returns each step's log, and the error that stopped the run (null when every step passed).
 */
export async function runSteps(
  db: Database,
  trigger: TriggerRow,
  event: TriggerEvent,
  opts: RunStepsOptions,
): Promise<{ steps: TriggerStepLog[]; error: string | null }> {
  const exec: Executor = opts.tx ?? db;
  // the subject's definition only for step conditions
  const stepConditions = ((trigger.steps ?? []) as TriggerStepRow[]).some((st) => st.condition);
  const subject =
    trigger.subjectId && stepConditions
      ? await (opts.subjectOf && !opts.tx ? opts.subjectOf(trigger.subjectId) : loadSubjectDef(exec, { id: trigger.subjectId }))
      : undefined;
  const audit = auditWriter({ id: trigger.ownerId, label: triggerStarter(trigger).label, ip: null });
  const steps: TriggerStepLog[] = [];
  const stepRows = (trigger.steps ?? []) as TriggerStepRow[];
  for (let index = 0; index < stepRows.length; index += 1) {
    const step = stepRows[index];
    const before = opts.previous?.find((p) => p.index === index);
    if (before?.status === 'ok') {
      steps.push(before);
      continue;
    }
    const began = performance.now();
    const done = (entry: Omit<TriggerStepLog, 'index' | 'ms'>) => {
      const log: TriggerStepLog = { index, ms: Math.round(performance.now() - began), ...entry };
      steps.push(log);
      return log;
    };
    let typeName = step.type ?? '';
    let config: unknown = step.config;
    try {
      if (step.actionId) {
        const [row] = await exec.select().from(actions).where(eq(actions.id, step.actionId)).limit(1);
        if (!row || (row.applicationId && row.applicationId !== trigger.applicationId))
          throw new Error(`action ${step.actionId} not found`);
        typeName = row.type;
        config = row.config;
      }
      if (step.condition && subject) {
        const ok = await matchesFilter(
          exec,
          subject,
          step.condition as FilterGroup,
          event.after ?? event.before,
          event.recordId,
        );
        if (!ok) {
          done({ type: typeName, actionId: step.actionId ?? null, status: 'skipped', reason: 'condition not met' });
          continue;
        }
      }
      const type = getActionType(typeName);
      if (!type) throw new Error(`no action type ${typeName}`);
      const parsed = type.config.safeParse(config);
      if (!parsed.success)
        throw new Error(`configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      const lines: { level: string; message: string; data?: unknown }[] = [];
      const ctxOf = (tx: Executor): ActionContext => ({
        db: (opts.dryRun ? tx : db) as Database,
        tx,
        trigger: { id: trigger.id, name: trigger.name, ownerId: trigger.ownerId },
        event,
        dryRun: opts.dryRun,
        log: async (level, msg, data) => {
          lines.push({ level, message: msg, ...(data === undefined ? {} : { data }) });
        },
        variable: async (name) => (await readVariable(tx, name, trigger.applicationId))?.value,
        audit,
        run: { id: opts.runId, depth: event.depth },
      });
      let output: unknown;
      if (opts.tx) output = await type.run(ctxOf(opts.tx), parsed.data);
      else if (type.external) output = await type.run(ctxOf(db), parsed.data);
      else
        output = await db.transaction(async (tx) => {
          await setWriteDepth(tx, event.depth + 1);
          return type.run(ctxOf(tx), parsed.data);
        });
      const entry = done({
        type: typeName,
        actionId: step.actionId ?? null,
        status: 'ok',
        input: parsed.data,
        output: output ?? null,
      });
      for (const l of lines) await opts.log?.(l.level as 'info', `step ${index + 1}: ${l.message}`, l.data);
      await opts.log?.('info', `step ${index + 1} (${typeName}) ok in ${entry.ms} ms`, { output: output ?? null });
    } catch (err) {
      const entry = done({
        type: typeName,
        actionId: step.actionId ?? null,
        status: 'error',
        input: config,
        error: message(err),
      });
      await opts.log?.('error', `step ${index + 1} (${typeName}) failed in ${entry.ms} ms`, { error: entry.error });
      return { steps, error: `step ${index + 1} (${typeName}): ${entry.error}` };
    }
  }
  return { steps, error: null };
}

/** Thrown to roll a Test's transaction back, carrying its result. */
class RollBack extends Error {
  constructor(readonly result: { steps: TriggerStepLog[]; error: string | null }) {
    super('test run rolled back');
  }
}

/**
 * Test: runs `trigger`'s steps for `event` in one transaction that is then rolled back, with
 * `dryRun: true` (external types only say what they would send).
 * @returns the steps' logs and the error that stopped them, if any.
 */
export async function dryRunSteps(
  db: Database,
  trigger: TriggerRow,
  event: TriggerEvent,
): Promise<{ steps: TriggerStepLog[]; error: string | null }> {
  try {
    await db.transaction(async (tx) => {
      await setWriteDepth(tx, event.depth + 1);
      throw new RollBack(await runSteps(db, trigger, event, { runId: null, dryRun: true, tx }));
    });
  } catch (err) {
    if (err instanceof RollBack) return err.result;
    throw err;
  }
  throw new Error('unreachable');
}

/** Runs of one `triggers.run` task that run at the same time (their steps mostly wait on the network). */
export const RUNS_AT_ONCE = 8;

type RunOutcome = { run: string; state: 'done' | 'queued' | 'dead'; ms: number; error?: string; lines?: string[] };

/**
 * The `triggers.run` kind: one attempt of the runs of a task (input `{ runIds }`, up to
 * RUNS_PER_TASK runs of one trigger; `{ runId }` from an older version is one run). Cost per run:
 * its steps and one update of its row; the claim, the trigger, the task log (one line per run,
 * written at once) are per task. A retry of the task runs only the runs not yet done.
 */
registerTaskKind(
  RUN_KIND,
  async ({ task, db }) => {
    const input = task.input as { runIds?: string[]; runId?: string };
    const ids = input.runIds ?? (input.runId ? [input.runId] : []);
    if (ids.length === 0) return { runs: 0 };
    const now = new Date();
    // claims the runs still to run (queued, or left running by a lost attempt), in one statement
    const claimed = await db
      .update(triggerRuns)
      .set({
        state: 'running',
        attempts: sql`${triggerRuns.attempts} + 1`,
        startedAt: sql`coalesce(${triggerRuns.startedAt}, ${now})`,
        updatedAt: now,
        taskId: task.id,
      })
      .where(and(inArray(triggerRuns.id, ids), inArray(triggerRuns.state, ['queued', 'running'])))
      .returning();
    if (claimed.length === 0) return { runs: 0, skipped: ids.length };
    const triggerIds = [...new Set(claimed.map((r) => r.triggerId))];
    const byId = new Map((await db.select().from(triggers).where(inArray(triggers.id, triggerIds))).map((t) => [t.id, t]));
    const dead = task.attempts > task.retryLimit;
    const subjects = new Map<string, Promise<SubjectDef | undefined>>();
    const subjectOf = (id: string) => {
      if (!subjects.has(id)) subjects.set(id, loadSubjectDef(db, { id }));
      return subjects.get(id)!;
    };
    const runOne = async (run: TriggerRunRow): Promise<RunOutcome> => {
      const trigger = byId.get(run.triggerId)!;
      const lines: string[] = [];
      const began = performance.now();
      const result = await runSteps(db, trigger, run.event as TriggerEvent, {
        runId: run.id,
        dryRun: false,
        previous: run.steps as TriggerStepLog[],
        subjectOf,
        log: async (_level, message) => {
          lines.push(message);
        },
      });
      const ms = Math.round(performance.now() - began);
      const end = new Date();
      const state = !result.error ? 'done' : dead ? 'dead' : 'queued';
      await db
        .update(triggerRuns)
        .set({
          state,
          steps: result.steps,
          error: result.error,
          ms,
          finishedAt: state === 'queued' ? null : end,
          updatedAt: end,
        })
        .where(eq(triggerRuns.id, run.id));
      return { run: run.id, state, ms, ...(result.error ? { error: result.error } : {}), lines };
    };
    const outcomes: RunOutcome[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(RUNS_AT_ONCE, claimed.length) }, async () => {
        while (next < claimed.length) outcomes.push(await runOne(claimed[next++]));
      }),
    );
    await appendTaskLogs(
      db,
      task.id,
      outcomes.map((o) => ({
        level: o.state === 'done' ? ('info' as const) : ('error' as const),
        message:
          o.state === 'done'
            ? `run ${o.run} done in ${o.ms} ms`
            : `run ${o.run} failed in ${o.ms} ms${o.state === 'dead' ? ': retries used up, the run is dead (replay it from the dead-letter list)' : '; retrying'}`,
        data: { run: o.run, ...(o.error ? { error: o.error } : {}), lines: o.lines },
      })),
    );
    const failed = outcomes.filter((o) => o.state !== 'done');
    if (failed.length > 0) throw new Error(`${failed.length} of ${outcomes.length} run(s) failed: ${failed[0].error}`);
    return { runs: outcomes.length, done: outcomes.length };
  },
  // runs mostly wait (webhooks, e-mail): 4 tasks at a time per process, each RUNS_AT_ONCE runs at a time (bench/triggers.mjs)
  { retryLimit: 2, retryDelaySeconds: 30, timeoutSeconds: 300, concurrency: 4 },
);

/** The `triggers.deliver` kind: the outbox's delivery, chunk by chunk (triggers.outbox.ts); every minute, or woken by a commit. */
registerTaskKind(
  DELIVER_KIND,
  async ({ db, log, isCancelled }) => {
    let events = 0;
    let runs = 0;
    await syncSchedules(db);
    const ticks = await takeScheduleTicks(db);
    if (ticks > 0) await log('info', `took ${ticks} schedule tick(s)`, { ticks });
    for (;;) {
      if (await isCancelled()) break;
      const r = await deliverChunk(db);
      events += r.events;
      runs += r.runs;
      if (r.events < DELIVER_CHUNK) break;
    }
    if (events > 0) await log('info', `delivered ${events} event(s), ${runs} run(s)`, { events, runs });
    const purged = await purgeDeliveredEvents(db);
    return { events, runs, ticks, purged };
  },
  { manual: true, singletonKey: 'all', cron: '* * * * *', retryLimit: 3, retryDelaySeconds: 5, timeoutSeconds: 300 },
);
