/**
 * What a validation run does (docs/rule-runs.md "How a run goes"), the task kind `rules.run`:
 * the run's frozen rules (`rule_runs.rules`) over the subject's live records in keyset chunks of
 * RULE_RUN_CHUNK_ROWS (PGlite) or RULE_RUN_CHUNK_ROWS_PG (PostgreSQL) by record id. Per chunk:
 *  - (before the chunks, once: each uniqueness rule as one window over the whole table — per chunk
 *    its `exists` would read the whole table again for every chunk);
 *  - one statement finds the chunk's upper id and its size (an index-only walk of the primary key);
 *  - one statement per rule that compiles to SQL (`failsSql`): it inserts the chunk's failing rows
 *    into `rule_run_failures` and opens (or keeps open) their incidents, set-based, and answers the
 *    count;
 *  - patterns and expressions outside their SQL subsets (pattern-sql.ts, docs/formula-sql.md): one
 *    statement reads the chunk's rows, the
 *    rules run in JavaScript (`failsFor`), one statement writes their failures and incidents;
 *  - one statement counts the chunk's failing records, one updates the run (records, per-rule
 *    counts, longest statement) and the task's progress.
 * Every statement commits by itself (no chunk transaction): on PGlite, which runs one statement at
 * a time, another user's request waits at most one statement; `longest_chunk_ms` is the longest.
 * A cancel is seen between chunks, and once more in the end's transaction. At the end, per rule, the incidents of the subject not seen
 * failing in this run (and not seen by a write since it started) are resolved; expired waivers still
 * failing were reopened by the chunks' upserts. The score is the weighted pass rate.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { RULE_RUN_CHUNK_ROWS, RULE_RUN_CHUNK_ROWS_PG, RULE_SEVERITY_WEIGHT, ruleDefinitionSchema, type RuleDefinition } from '../../../../contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/client';
import { ruleRuns, rules, tasks, type RuleRunResult, type RuleSnapshot } from '../../db/schema';
import { findRecords, tableOf } from '../records/records.service';
import { columnOf } from '../subjects/ddl';
import { liveRows } from '../subjects/live-rows';
import { loadSubjectDef, type SubjectDef } from '../subjects/subject-def';
import { kindOf } from '../subjects/values';
import { noRetry, registerTaskKind, TASK_CANCELLED, type TaskContext } from '../tasks/tasks.registry';
import { compileRule, type CompiledRule } from './rule-engine';
import { incidentEventsInsert, notifyIncidentEvents, reopenedOpenedAt, reopenedResolvedAt, reopenedState, ruleField, subjectLookupOf, valueText } from './subject-rules';

/** The task kind of a validation run (singleton key: the subject's id). */
export const RULE_RUN_KIND = 'rules.run';

/** `chunkRows` overrides the rows per chunk (tests lower it to see several chunks over a few records); `combineSqlRules` forces one way or the other (default for both: by engine, setRunEngine). */
export const ruleRunSettings: { chunkRows?: number; combineSqlRules?: boolean } = {};

const engines = new WeakMap<object, 'pglite' | 'postgres'>();

/**
 * Tells the runs which engine `db` is (the routes plugin does, from `app.engine`). On PostgreSQL a
 * chunk's SQL rules run as one statement (one read of the chunk, shared by every rule; other users
 * have connections of their own); on PGlite, one statement per rule, so that another user's request
 * waits for one rule's statement at most.
 */
export function setRunEngine(db: object, engine: 'pglite' | 'postgres'): void {
  engines.set(db, engine);
}

/** The input of a `rules.run` task. */
export interface RuleRunInput {
  runId: string;
}

/** What a run reports to its task (the TaskContext parts it uses). */
export type RunHooks = Pick<TaskContext, 'progress' | 'log' | 'isCancelled'>;

/** What a run returns (the task's result). */
export interface RunOutcome {
  state: 'done' | 'cancelled' | 'skipped';
  records: number;
  failingRecords: number;
  score: number | null;
  /** Longest single statement, ms (what another user waited at most on PGlite). */
  longestStatementMs: number;
  /** Longest chunk (all its statements), ms. */
  longestChunkMs: number;
  chunks: number;
  seconds: number;
}

interface RunRule {
  snap: RuleSnapshot;
  def: RuleDefinition;
  compiled: CompiledRule;
  /** The failing value as text, for SQL rules (null: none). */
  valueSql: SQL | null;
  /** Whether the rule still exists (incidents reference rules). */
  exists: boolean;
  result: RuleRunResult;
}

/** The rule's first field's value as text, in SQL over `r` (null for an expression or a many-relation). */
function valueSqlOf(def: RuleDefinition, subject: SubjectDef): SQL | null {
  const key = ruleField(def);
  const field = key ? subject.fields.find((f) => f.key === key) : undefined;
  if (!field?.column) return null;
  const col = columnOf('r', field.column);
  const kind = kindOf(field);
  return kind === 'textArray' || kind === 'uuidArray' ? sql`array_to_string(${col}, ', ')` : sql`${col}::text`;
}

/** The score: passes weighted by severity over checks weighted the same, 0–100 (2 decimals); null when nothing was checked. */
export function scoreOf(results: readonly RuleRunResult[], records: number): number | null {
  let checked = 0;
  let passed = 0;
  for (const r of results) {
    const w = RULE_SEVERITY_WEIGHT[r.severity];
    checked += w * records;
    passed += w * Math.max(0, records - r.failed);
  }
  if (checked === 0) return null;
  return Math.round((passed / checked) * 10_000) / 100;
}

/**
 * The statement writing failures from `source` (rows `rule_id, record_id, severity, value`) with
 * their incidents (open; a resolved one or an expired waiver opens again; acknowledged and live
 * waivers stay) → counts per rule.
 */
function writeFailures(run: { id: string; applicationId: string; subjectId: string; startedBy: string | null }, source: SQL, existing: string[]): SQL {
  return sql`with f as (
    insert into rule_run_failures (run_id, rule_id, record_id, severity, value)
    select ${run.id}::uuid, s.rule_id, s.record_id, s.severity, s.value from (${source}) s
    on conflict do nothing
    returning rule_id, record_id, severity, value
  ), i as (
    insert into rule_incidents as ri (application_id, subject_id, rule_id, record_id, severity, value, last_run_id)
    select ${run.applicationId}::uuid, ${run.subjectId}::uuid, f.rule_id, f.record_id, f.severity, f.value, ${run.id}::uuid
    from f where f.rule_id = any(${sql.param(existing)}::uuid[])
    on conflict (rule_id, record_id) do update set
      state = ${reopenedState(sql.raw('ri'))},
      opened_at = ${reopenedOpenedAt(sql.raw('ri'))},
      resolved_at = ${reopenedResolvedAt(sql.raw('ri'))},
      severity = excluded.severity, value = excluded.value, last_run_id = excluded.last_run_id,
      last_seen_at = now(), updated_at = now()
    returning id, subject_id, rule_id, record_id, state, severity, value, last_run_id, opened_at
  ), e as (${incidentEventsInsert(sql.raw('i'), run.subjectId, run.startedBy)})
  select f.rule_id::text as rule_id, count(*)::int as n, (select count(*) from e)::int as events from f group by f.rule_id`;
}

/**
 * Runs `work` (one statement), timing it, then lets the event loop turn: on PGlite a statement's
 * promise settles without one, so without this the requests of other users (sockets, timers) would
 * wait for the whole run instead of one statement.
 */
async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const out = await work();
  const ms = performance.now() - t0;
  await new Promise((resolve) => setImmediate(resolve));
  return [out, ms];
}

/** True when the task's stop is a cancel (not its timeout). */
async function cancelRequested(db: Database, taskId: string | null): Promise<boolean> {
  if (!taskId) return true;
  const [row] = await db.select({ c: tasks.cancelRequested }).from(tasks).where(eq(tasks.id, taskId));
  return !row || row.c;
}

/**
 * Runs validation run `runId` (see the file's comment) from its start: an earlier attempt's
 * failures are cleared first. @returns the outcome (also the task's result).
 * @throws Error (noRetry) when the subject is gone; whatever the database throws.
 */
export async function executeRuleRun(db: Database, runId: string, hooks: RunHooks): Promise<RunOutcome> {
  const began = performance.now();
  const [run] = await db.select().from(ruleRuns).where(eq(ruleRuns.id, runId));
  const empty: RunOutcome = { state: 'skipped', records: 0, failingRecords: 0, score: null, longestStatementMs: 0, longestChunkMs: 0, chunks: 0, seconds: 0 };
  if (!run || run.state === 'done' || run.state === 'cancelled' || run.state === 'failed') return empty;
  const subject = await loadSubjectDef(db, { id: run.subjectId });
  if (!subject) throw noRetry(new Error('the subject is gone'));

  // compile the frozen rules; a rule that no longer fits its subject is left out (logged)
  const parsed = run.rules.map((snap) => ({ snap, def: ruleDefinitionSchema.safeParse(snap.definition) }));
  const lookup = await subjectLookupOf(db, subject, parsed.flatMap((p) => (p.def.success ? [p.def.data] : [])));
  const ids = run.rules.map((r) => r.id);
  const existing = ids.length ? (await db.select({ id: rules.id }).from(rules).where(inArray(rules.id, ids))).map((r) => r.id) : [];
  const list: RunRule[] = [];
  for (const { snap, def } of parsed) {
    try {
      if (!def.success) throw new Error('not a rule definition');
      list.push({
        snap,
        def: def.data,
        compiled: compileRule(def.data, subject, lookup),
        valueSql: valueSqlOf(def.data, subject),
        exists: existing.includes(snap.id),
        result: { ruleId: snap.id, name: snap.name, severity: snap.severity, passed: 0, failed: 0, ms: 0 },
      });
    } catch (e) {
      await hooks.log('warn', `rule ${snap.name} left out: it does not fit its subject`, { rule: snap.id, problem: e instanceof Error ? e.message : String(e) });
    }
  }
  // uniqueness: one window over the whole table at the start (per chunk, its `exists` would read the
  // whole table again for every chunk); the other SQL rules chunk by chunk
  const uniqueRules = list.filter((r) => r.def.kind === 'unique');
  const sqlRules = list.filter((r) => r.compiled.failsSql !== null && r.def.kind !== 'unique');
  const jsRules = list.filter((r) => r.compiled.failsSql === null);
  const runRef = { id: run.id, applicationId: run.applicationId, subjectId: run.subjectId, startedBy: run.createdBy };
  /** One writeFailures statement, then the trigger delivery woken when it wrote incident events. */
  const write = async (source: SQL, existing: string[]) => {
    const rows = rowsOf<{ rule_id: string; n: number; events: number }>(await db.execute(writeFailures(runRef, source, existing)));
    await notifyIncidentEvents(db, rows[0]?.events ?? 0);
    return rows;
  };

  await db.execute(sql`delete from rule_run_failures where run_id = ${run.id}::uuid`);
  // the database's clock: incidents carry its now() (last_seen_at), compared with this at the end
  const [{ startedAt }] = await db
    .update(ruleRuns)
    .set({ state: 'running', startedAt: sql`now()`, records: 0, failingRecords: 0, results: list.map((r) => r.result), longestChunkMs: 0, error: null, score: null })
    .where(eq(ruleRuns.id, run.id))
    .returning({ startedAt: ruleRuns.startedAt });
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from ${tableOf(subject, 'r')} where ${liveRows(subject, 'r')}`),
  );
  await hooks.progress(0, total, null);

  const postgres = engines.get(db) === 'postgres';
  const chunkRows = ruleRunSettings.chunkRows ?? (postgres ? RULE_RUN_CHUNK_ROWS_PG : RULE_RUN_CHUNK_ROWS);
  const combine = ruleRunSettings.combineSqlRules ?? postgres;
  let longestUnique = 0;
  for (const rule of uniqueRules) {
    const def = rule.def as Extract<RuleDefinition, { kind: 'unique' }>;
    const cols = def.fields.map((key) => columnOf('r', subject.fields.find((f) => f.key === key)!.column!));
    // the other records a value collides with: not deleted (rows of an import still running count,
    // as in the rule's failsSql); the failing ones: live
    const source = sql`select ${rule.snap.id}::uuid as rule_id, w.id as record_id, ${rule.snap.severity}::text as severity, w.value from (
        select r.id, ${rule.valueSql ?? sql`null::text`} as value, ${liveRows(subject, 'r')} as live, count(*) over (partition by ${sql.join(cols, sql`, `)}) as n
        from ${tableOf(subject, 'r')} where r.deleted_at is null and ${sql.join(
          cols.map((c) => sql`${c} is not null`),
          sql` and `,
        )}) w where w.n > 1 and w.live`;
    const [counts, ms] = await timed(async () => write(source, rule.exists ? [rule.snap.id] : []));
    if (ms > longestUnique) longestUnique = ms;
    rule.result.failed = counts[0]?.n ?? 0;
    rule.result.ms = Math.round(ms);
  }
  let lo: string | null = null;
  let records = 0;
  let failingRecords = 0;
  let longestStatement = 0;
  let longestChunk = 0;
  let chunks = 0;
  const note = (ms: number) => {
    if (ms > longestStatement) longestStatement = ms;
    return ms;
  };
  note(longestUnique);

  for (;;) {
    if (await hooks.isCancelled()) {
      if (!(await cancelRequested(db, run.taskId))) throw new Error('stopped at its timeout');
      await db
        .update(ruleRuns)
        .set({ state: 'cancelled', finishedAt: new Date(), results: list.map((r) => r.result) })
        .where(eq(ruleRuns.id, run.id));
      await hooks.log('warn', `cancelled after ${records} records`, { records });
      return { ...empty, state: 'cancelled', records, failingRecords, longestStatementMs: Math.round(longestStatement), longestChunkMs: Math.round(longestChunk), chunks, seconds: (performance.now() - began) / 1000 };
    }
    const chunkStart = performance.now();
    const after: SQL = lo === null ? sql`true` : sql`r.id > ${lo}::uuid`;
    const [[bounds], boundsMs] = await timed(async () =>
      rowsOf<{ n: number; hi: string | null }>(
        await db.execute(
          sql`select count(*)::int as n, max(s.id::text collate "C") as hi from (select r.id from ${tableOf(subject, 'r')} where ${liveRows(subject, 'r')} and ${after} order by r.id limit ${chunkRows}) s`,
        ),
      ),
    );
    note(boundsMs);
    if (!bounds || bounds.n === 0 || !bounds.hi) break;
    const hi = bounds.hi;
    const inChunk = sql`${liveRows(subject, 'r')} and ${after} and r.id <= ${hi}::uuid`;

    if (combine && sqlRules.length > 1) {
      // one statement: the chunk read once (materialized), each rule's failing rows from it
      const branches = sqlRules.map(
        (rule) =>
          sql`select ${rule.snap.id}::uuid as rule_id, r.id as record_id, ${rule.snap.severity}::text as severity, ${rule.valueSql ?? sql`null::text`} as value from c r where ${rule.compiled.failsSql!}`,
      );
      const source = sql`with c as materialized (select r.* from ${tableOf(subject, 'r')} where ${inChunk}) ${sql.join(branches, sql` union all `)}`;
      const existingSql = sqlRules.filter((r) => r.exists).map((r) => r.snap.id);
      const [counts, ms] = await timed(async () => write(source, existingSql));
      note(ms);
      const byRule = new Map(counts.map((c) => [c.rule_id, c.n]));
      for (const rule of sqlRules) {
        rule.result.failed += byRule.get(rule.snap.id) ?? 0;
        // one statement for all: its time shared evenly
        rule.result.ms += Math.round(ms / sqlRules.length);
      }
    } else {
      for (const rule of sqlRules) {
        const source = sql`select ${rule.snap.id}::uuid as rule_id, r.id as record_id, ${rule.snap.severity}::text as severity, ${rule.valueSql ?? sql`null::text`} as value
          from ${tableOf(subject, 'r')} where ${inChunk} and ${rule.compiled.failsSql!}`;
        const [counts, ms] = await timed(async () => write(source, rule.exists ? [rule.snap.id] : []));
        note(ms);
        rule.result.failed += counts[0]?.n ?? 0;
        rule.result.ms += Math.round(ms);
      }
    }

    if (jsRules.length > 0) {
      // patterns read only their text columns; an expression needs the records as the API reads them
      const patternKeys = [...new Set(jsRules.map((r) => (r.def.kind === 'pattern' ? r.def.field : null)))];
      const onlyPatterns = !patternKeys.includes(null);
      const [items, readMs] = await timed(async () => {
        if (onlyPatterns) {
          const cols = patternKeys.map((key, i) => sql`${columnOf('r', subject.fields.find((f) => f.key === key)!.column!)} as ${sql.raw(`p${i}`)}`);
          const rows = rowsOf<Record<string, string | null> & { id: string }>(
            await db.execute(sql`select r.id, ${sql.join(cols, sql`, `)} from ${tableOf(subject, 'r')} where ${inChunk} order by r.id`),
          );
          return rows.map((row) => ({ id: row.id, values: Object.fromEntries(patternKeys.map((key, i) => [key!, row[`p${i}`]])) as Record<string, unknown> }));
        }
        return findRecords(
          db,
          subject,
          rowsOf<{ id: string }>(await db.execute(sql`select r.id from ${tableOf(subject, 'r')} where ${inChunk} order by r.id`)).map((r) => r.id),
        );
      });
      note(readMs);
      const found: { rule: string[]; record: string[]; severity: string[]; value: (string | null)[] } = { rule: [], record: [], severity: [], value: [] };
      for (const rule of jsRules) {
        const t0 = performance.now();
        const field = ruleField(rule.def);
        for (const item of items) {
          if (!(await rule.compiled.failsFor(db, item.values, item.id))) continue;
          found.rule.push(rule.snap.id);
          found.record.push(item.id);
          found.severity.push(rule.snap.severity);
          found.value.push(field ? valueText(item.values[field]) : null);
        }
        rule.result.ms += Math.round(performance.now() - t0 + readMs / jsRules.length);
        // the rule's pass over the chunk ran in JavaScript: let other requests in
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (found.record.length > 0) {
        const source = sql`select * from unnest(${sql.param(found.rule)}::uuid[], ${sql.param(found.record)}::uuid[], ${sql.param(found.severity)}::text[], ${sql.param(found.value)}::text[]) as u(rule_id, record_id, severity, value)`;
        const [counts, ms] = await timed(async () =>
          write(source, jsRules.filter((r) => r.exists).map((r) => r.snap.id)),
        );
        note(ms);
        const byRule = new Map(counts.map((c) => [c.rule_id, c.n]));
        for (const rule of jsRules) rule.result.failed += byRule.get(rule.snap.id) ?? 0;
      }
    }

    const [[failing], failingMs] = await timed(async () =>
      rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(distinct record_id)::int as n from rule_run_failures where run_id = ${run.id}::uuid and record_id <= ${hi}::uuid${lo === null ? sql`` : sql` and record_id > ${lo}::uuid`}`,
        ),
      ),
    );
    note(failingMs);
    records += bounds.n;
    failingRecords += failing?.n ?? 0;
    for (const rule of list) rule.result.passed = Math.max(0, records - rule.result.failed);
    const chunkMs = performance.now() - chunkStart;
    if (chunkMs > longestChunk) longestChunk = chunkMs;
    chunks += 1;
    const [, updateMs] = await timed(() =>
      db
        .update(ruleRuns)
        .set({ records, failingRecords, results: list.map((r) => r.result), longestChunkMs: Math.round(longestStatement) })
        .where(eq(ruleRuns.id, run.id)),
    );
    note(updateMs);
    await hooks.progress(records, Math.max(total, records), null);
    lo = hi;
  }

  // The end is one transaction that holds the run's row, as a cancel does (cancelRuleRun): a cancel
  // that came after the last chunk's check either commits first and is seen here (the run ends
  // cancelled, no incident resolved) or waits and then finds the run done (409).
  const results = list.map((r) => r.result);
  const score = scoreOf(results, records);
  const resolved = await db.transaction(async (tx) => {
    await tx.select({ id: ruleRuns.id }).from(ruleRuns).where(eq(ruleRuns.id, run.id)).for('update');
    if (run.taskId) {
      const [task] = await tx.select({ c: tasks.cancelRequested }).from(tasks).where(eq(tasks.id, run.taskId));
      if (task?.c) {
        await tx.update(ruleRuns).set({ state: 'cancelled', finishedAt: new Date(), results }).where(eq(ruleRuns.id, run.id));
        return null;
      }
    }
    // incidents of the run's rules not seen failing now (nor by a write since the run started) pass: resolved
    let gone = 0;
    for (const rule of list.filter((r) => r.exists)) {
      const [rows, ms] = await timed(async () =>
        rowsOf<{ n: number }>(
          await tx.execute(sql`with u as (
          update rule_incidents set state = 'resolved', resolved_at = now(), updated_at = now()
          where subject_id = ${run.subjectId}::uuid and rule_id = ${rule.snap.id}::uuid and state <> 'resolved'
            and last_run_id is distinct from ${run.id}::uuid and last_seen_at < ${startedAt!.toISOString()}::timestamptz
          returning 1) select count(*)::int as n from u`),
        ),
      );
      note(ms);
      gone += rows[0]?.n ?? 0;
    }
    await tx
      .update(ruleRuns)
      .set({ state: 'done', records, failingRecords, results, score: score === null ? null : score.toFixed(2), longestChunkMs: Math.round(longestStatement), finishedAt: new Date() })
      .where(eq(ruleRuns.id, run.id));
    return gone;
  });
  if (resolved === null) {
    await hooks.log('warn', `cancelled after ${records} records`, { records });
    return { ...empty, state: 'cancelled', records, failingRecords, longestStatementMs: Math.round(longestStatement), longestChunkMs: Math.round(longestChunk), chunks, seconds: (performance.now() - began) / 1000 };
  }
  const outcome: RunOutcome = {
    state: 'done',
    records,
    failingRecords,
    score,
    longestStatementMs: Math.round(longestStatement),
    longestChunkMs: Math.round(longestChunk),
    chunks,
    seconds: Math.round((performance.now() - began) / 10) / 100,
  };
  await hooks.log('info', 'run done', { ...outcome, resolved });
  return outcome;
}

async function handler({ task, db, progress, log, isCancelled, lastAttempt }: TaskContext): Promise<unknown> {
  const { runId } = task.input as unknown as RuleRunInput;
  try {
    const outcome = await executeRuleRun(db, runId, { progress, log, isCancelled });
    return outcome.state === 'cancelled' ? TASK_CANCELLED : outcome;
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    await db
      .update(ruleRuns)
      .set(lastAttempt || (err as { retry?: boolean }).retry === false ? { state: 'failed', error: message, finishedAt: new Date() } : { state: 'queued', error: message })
      .where(and(eq(ruleRuns.id, runId)));
    throw err;
  }
}

/** One retry 10 s later (a run restarts from the beginning), an hour per attempt, two runs (of different subjects) at once per process. */
registerTaskKind(RULE_RUN_KIND, handler, { retryLimit: 1, retryDelaySeconds: 10, timeoutSeconds: 3600, concurrency: 2 });
