/**
 * Validation runs (docs/rule-runs.md): start (a `rules.run` task, one active per subject), list,
 * read, failures (paged; messages in the request's language from the frozen rule's template),
 * export (CSV/XLSX through lib/export-writer), cancel, the trend of a subject and the data-quality
 * scores of an application. Access: members read; editors start and cancel; administrators all.
 * Starts and cancels are audited (`rule_run.start`, `rule_run.cancel`) in the transaction of the change.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  AppRole,
  CurrentUser,
  DataQuality,
  Locale,
  RuleRun,
  RuleRunFailure,
  RuleRunFailureQuery,
  RuleRunListQuery,
  RuleRunStart,
  RuleRunStarted,
  RuleRunTrendPoint,
} from '../../../../contracts';
import { RULE_RUN_EXPORT_MAX_ROWS, ruleDefinitionSchema } from '../../../../contracts';
import type { AuditWriter } from '../../core/audit.writer';
import type { Database, Executor } from '../../db/client';
import { rowsOf } from '../../db/client';
import {
  applications,
  ruleRunFailures,
  ruleRuns,
  rules,
  ruleSets,
  ruleSetVersions,
  subjects,
  tasks,
  type RuleRunResult,
  type RuleSnapshot,
} from '../../db/schema';
import { EXPORT_FILE_TYPES, exportFileName, exportStream, type ExportFileFormat } from '../../lib/export-writer';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import { requireOpenableApplication } from '../applications/applications.service';
import { displayValuesOf } from '../records/list';
import { allows, loadSubjectDef, type SubjectDef, type SubjectNeed } from '../subjects/subject-def';
import { runTaskHere } from '../tasks/tasks.engine';
import { getTaskKind, queueFor } from '../tasks/tasks.registry';
import { appendTaskLog, enqueueTask } from '../tasks/tasks.service';
import { RULE_RUN_KIND, type RuleRunInput } from './rule-runs.engine';
import { formatRuleMessage, ruleField, ruleLimit } from './subject-rules';

const runNotFound = () => notFound('errors.ruleRunNotFound');

/** The application of id `applicationId` if `user` may `need` it: its slug and the user's role. @throws 404 (gone), 403 (not a member, or too weak a role). */
export async function requireAppById(db: Executor, user: CurrentUser, applicationId: string, need: SubjectNeed): Promise<{ slug: string; role: AppRole | null }> {
  const [app] = await db.select({ slug: applications.slug }).from(applications).where(and(eq(applications.id, applicationId), isNull(applications.deletedAt)));
  if (!app) throw notFound('errors.applicationNotFound');
  const { role } = await requireOpenableApplication(db, user, app.slug);
  if (!allows(user, role, need)) throw forbidden();
  return { slug: app.slug, role };
}

/** The application `slug` and its subject `key` (optional) if `user` may `need` them. @throws 404, 403. */
export async function requireAppSubject(
  db: Executor,
  user: CurrentUser,
  slug: string,
  key: string | undefined,
  need: SubjectNeed,
): Promise<{ applicationId: string; slug: string; subject: SubjectDef | null }> {
  const { app, role } = await requireOpenableApplication(db, user, slug);
  let subject: SubjectDef | null = null;
  if (key !== undefined) {
    subject = (await loadSubjectDef(db, { applicationId: app.id, key })) ?? null;
    if (!subject) throw notFound('errors.subjectNotFound');
  }
  if (!allows(user, role, need)) throw forbidden();
  return { applicationId: app.id, slug: app.slug, subject };
}

type RunRow = typeof ruleRuns.$inferSelect;
interface RunExtras {
  application: string;
  subject: string;
  subjectName: string;
  ruleSetName: string | null;
  progressDone: number | null;
  progressTotal: number | null;
}

/** A run row as the API answers it. */
function toRuleRun(row: RunRow, x: RunExtras): RuleRun {
  const running = row.state === 'running' || row.state === 'queued';
  return {
    id: row.id,
    application: x.application,
    subject: x.subject,
    subjectName: x.subjectName,
    ruleSet: row.ruleSetId,
    ruleSetName: x.ruleSetName,
    ruleSetVersion: row.ruleSetVersion,
    state: row.state,
    records: row.records,
    failingRecords: row.failingRecords,
    progressDone: running ? (x.progressDone ?? row.records) : row.records,
    progressTotal: running ? x.progressTotal : row.records,
    results: row.results,
    rules: row.rules.map((r) => ({ id: r.id, name: r.name, severity: r.severity, definition: r.definition, messageZh: r.messageZh, messageEn: r.messageEn })),
    score: row.score === null ? null : Number(row.score),
    longestChunkMs: row.longestChunkMs,
    error: row.error,
    taskId: row.taskId,
    createdLabel: row.createdLabel,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Runs matching `where`, with their application, subject, rule set and task progress. */
async function selectRuns(db: Executor, where: SQL | undefined, limit?: number, offset?: number): Promise<RuleRun[]> {
  let q = db
    .select({
      run: ruleRuns,
      application: applications.slug,
      subject: subjects.key,
      subjectName: subjects.name,
      ruleSetName: ruleSets.name,
      progressDone: tasks.progressDone,
      progressTotal: tasks.progressTotal,
    })
    .from(ruleRuns)
    .innerJoin(applications, eq(applications.id, ruleRuns.applicationId))
    .innerJoin(subjects, eq(subjects.id, ruleRuns.subjectId))
    .leftJoin(ruleSets, eq(ruleSets.id, ruleRuns.ruleSetId))
    .leftJoin(tasks, sql`${tasks.id}::text = ${ruleRuns.taskId}`)
    .where(where)
    .orderBy(desc(ruleRuns.createdAt), desc(ruleRuns.id))
    .$dynamic();
  if (limit !== undefined) q = q.limit(limit);
  if (offset) q = q.offset(offset);
  const rows = await q;
  return rows.map((r) => toRuleRun(r.run, r));
}

/** The run `id` if `user` may `need` it. @throws 404 errors.ruleRunNotFound; 403. */
async function requireRun(db: Executor, user: CurrentUser, id: string, need: SubjectNeed): Promise<RunRow> {
  const [row] = await db.select().from(ruleRuns).where(eq(ruleRuns.id, id));
  if (!row) throw runNotFound();
  await requireAppById(db, user, row.applicationId, need);
  return row;
}

/** A rule row as a snapshot. */
const snapshotOf = (r: typeof rules.$inferSelect): RuleSnapshot => ({
  id: r.id,
  subjectId: r.subjectId,
  name: r.name,
  definition: r.definition,
  severity: r.severity,
  messageZh: r.messageZh,
  messageEn: r.messageEn,
});

type Log = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
const quiet: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * POST /rule-runs: queues a run of `input.subject` — the rule set's latest published version (its
 * rules of that subject; the run names the set and version) or the subject's enabled rules — as a
 * `rules.run` task, audited `rule_run.start`. An active run of the subject answers instead
 * (`merged: true`, no entry). With no task engine in this process the run starts here, in the
 * background (it is still a task: progress, logs, cancel).
 * @throws 404 application / subject / errors.ruleSetNotFound (naming `ruleSet`); 409
 *   errors.ruleSetNotPublished; 403 for viewers and non-members.
 */
export async function startRuleRun(db: Database, user: CurrentUser, input: RuleRunStart, audit: AuditWriter, log: Log = quiet): Promise<RuleRunStarted> {
  const { applicationId, slug, subject } = await requireAppSubject(db, user, input.application, input.subject, 'write');
  return queueRuleRun(db, { applicationId, slug, subject: subject! }, input.ruleSet, audit, log);
}

/**
 * Queues a run of `target.subject` (startRuleRun without the access check: the trigger action
 * `run_rule_set` calls it as the trigger's owner). The starter is `audit.actor`. With `inTx` (a
 * trigger run's transaction) the run is queued in it and left to the task engine (a process
 * without one leaves it queued until one starts: docs/tasks.md).
 * @throws 404 errors.ruleSetNotFound; 409 errors.ruleSetNotPublished.
 */
export async function queueRuleRun(
  db: Database,
  target: { applicationId: string; slug: string; subject: SubjectDef },
  ruleSet: string | undefined,
  audit: AuditWriter,
  log: Log = quiet,
  inTx?: Executor,
): Promise<RuleRunStarted> {
  const { applicationId, slug } = target;
  const subj = target.subject;
  const input = { ruleSet };
  let snapshot: RuleSnapshot[];
  let ruleSetId: string | null = null;
  let ruleSetVersion: number | null = null;
  if (input.ruleSet) {
    const [set] = await db.select().from(ruleSets).where(and(eq(ruleSets.id, input.ruleSet), eq(ruleSets.applicationId, applicationId)));
    if (!set) throw notFound('errors.ruleSetNotFound', [{ field: 'ruleSet', messageKey: 'errors.ruleSetNotFound' }]);
    const [version] =
      set.publishedVersion > 0
        ? await db
            .select()
            .from(ruleSetVersions)
            .where(and(eq(ruleSetVersions.ruleSetId, set.id), eq(ruleSetVersions.version, set.publishedVersion)))
        : [];
    if (!version) throw new HttpError(409, 'CONFLICT', 'errors.ruleSetNotPublished', [{ field: 'ruleSet', messageKey: 'errors.ruleSetNotPublished' }]);
    snapshot = version.rules.filter((r) => r.subjectId === subj.id);
    ruleSetId = set.id;
    ruleSetVersion = version.version;
  } else {
    const rows = await db
      .select()
      .from(rules)
      .where(and(eq(rules.subjectId, subj.id), eq(rules.enabled, true)))
      .orderBy(asc(rules.createdAt), asc(rules.id));
    snapshot = rows.map(snapshotOf);
  }
  const kind = getTaskKind(RULE_RUN_KIND)!;
  const runId = randomUUID();
  const work = async (tx: Executor) => {
    const input: RuleRunInput = { runId };
    const { row: task, merged } = await enqueueTask(db, tx, kind, { id: audit.actor.id, label: audit.actor.label }, {
      input: input as unknown as Record<string, unknown>,
      singletonKey: subj.id,
    });
    if (merged) {
      audit.unchanged();
      const [active] = await tx.select({ id: ruleRuns.id }).from(ruleRuns).where(eq(ruleRuns.taskId, task.id));
      return { id: active?.id ?? runId, merged: true, task };
    }
    await tx.insert(ruleRuns).values({
      id: runId,
      applicationId,
      subjectId: subj.id,
      ruleSetId,
      ruleSetVersion,
      rules: snapshot,
      taskId: task.id,
      state: 'queued',
      createdBy: audit.actor.id,
      createdLabel: audit.actor.label,
    });
    await appendTaskLog(tx, task.id, 'info', `validation run of ${slug}/${subj.key}`, { runId, rules: snapshot.length, ruleSetVersion });
    await audit.record(tx, {
      action: 'rule_run.start',
      targetType: 'rule_run',
      targetId: runId,
      after: { application: slug, subject: subj.key, ruleSet: ruleSetId, ruleSetVersion, rules: snapshot.length, task: task.id },
    });
    return { id: runId, merged: false, task };
  };
  const started = inTx ? await work(inTx) : await db.transaction(work);
  if (!started.merged && !queueFor(db) && !inTx) {
    // no engine here: run the attempt in the background (the request answers at once)
    void runTaskHere(db, started.task, log).catch((err: unknown) => log.warn({ err, runId }, 'validation run failed'));
  }
  const [run] = await selectRuns(inTx ?? db, eq(ruleRuns.id, started.id));
  if (!run) throw runNotFound();
  return { run, merged: started.merged };
}

/** GET /rule-runs: an application's runs (optionally one subject, one rule set, one state), newest first. @throws 404, 403. */
export async function listRuleRuns(db: Database, user: CurrentUser, q: RuleRunListQuery): Promise<{ items: RuleRun[]; total: number }> {
  const { applicationId, subject } = await requireAppSubject(db, user, q.application, q.subject, 'read');
  const where = and(
    eq(ruleRuns.applicationId, applicationId),
    subject ? eq(ruleRuns.subjectId, subject.id) : undefined,
    q.ruleSet ? eq(ruleRuns.ruleSetId, q.ruleSet) : undefined,
    q.state ? eq(ruleRuns.state, q.state) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(ruleRuns).where(where);
  const items = await selectRuns(db, where, q.pageSize, (q.current - 1) * q.pageSize);
  return { items, total: n };
}

/** GET /rule-runs/:id. @throws 404 errors.ruleRunNotFound; 403. */
export async function getRuleRun(db: Database, user: CurrentUser, id: string): Promise<RuleRun> {
  await requireRun(db, user, id, 'read');
  const [run] = await selectRuns(db, eq(ruleRuns.id, id));
  if (!run) throw runNotFound();
  return run;
}

/**
 * POST /rule-runs/:id/cancel (editors+), audited `rule_run.cancel`: a queued run is cancelled at once
 * (its job too), a running one stops at its next chunk (its failures and incidents so far stay; no
 * incident is resolved). @throws 404; 403; 409 errors.taskNotActive once finished.
 */
export async function cancelRuleRun(db: Database, user: CurrentUser, id: string, audit: AuditWriter): Promise<RuleRun> {
  await requireRun(db, user, id, 'write');
  await db.transaction(async (tx) => {
    const [run] = await tx.select().from(ruleRuns).where(eq(ruleRuns.id, id)).for('update');
    if (!run || (run.state !== 'queued' && run.state !== 'running')) throw new HttpError(409, 'CONFLICT', 'errors.taskNotActive');
    const [task] = run.taskId ? await tx.select().from(tasks).where(eq(tasks.id, run.taskId)).for('update') : [];
    const now = new Date();
    if (task && (task.state === 'queued' || task.state === 'running') && !task.cancelRequested) {
      const queued = task.state === 'queued';
      await tx
        .update(tasks)
        .set(queued ? { state: 'cancelled', cancelRequested: true, finishedAt: now, updatedAt: now } : { cancelRequested: true, updatedAt: now })
        .where(eq(tasks.id, task.id));
      if (queued && task.jobId) await queueFor(db)?.cancel(tx, task);
      await appendTaskLog(tx, task.id, 'warn', queued ? 'cancelled before it ran' : 'cancel requested', { by: audit.actor.label });
    }
    if (run.state === 'queued' && (!task || task.state === 'queued')) await tx.update(ruleRuns).set({ state: 'cancelled', finishedAt: now }).where(eq(ruleRuns.id, id));
    await audit.record(tx, { action: 'rule_run.cancel', targetType: 'rule_run', targetId: id, before: { state: run.state }, after: { cancelRequested: true } });
  });
  return getRuleRun(db, user, id);
}

/** The message of `rule` for a failing `value` in `locale`. */
function messageOf(rule: RuleSnapshot | undefined, subject: SubjectDef | undefined, value: string | null, locale: Locale): string {
  if (!rule) return '';
  const def = ruleDefinitionSchema.safeParse(rule.definition);
  const key = def.success ? ruleField(def.data) : null;
  const field = key ? (subject?.fields.find((f) => f.key === key)?.name ?? key) : '';
  const limit = def.success ? ruleLimit(def.data) : '';
  return formatRuleMessage(locale === 'en-US' ? rule.messageEn : rule.messageZh, { field, value: value ?? '', limit });
}

type FailureRow = typeof ruleRunFailures.$inferSelect;

/** Failure rows as the API answers them (labels in one statement). */
async function toFailures(db: Executor, run: RunRow, subject: SubjectDef | undefined, rows: FailureRow[], locale: Locale): Promise<RuleRunFailure[]> {
  const byId = new Map(run.rules.map((r) => [r.id, r]));
  const labels = subject ? await displayValuesOf(db, subject, [...new Set(rows.map((r) => r.recordId))]) : {};
  return rows.map((r) => ({
    recordId: r.recordId,
    recordLabel: labels[r.recordId] ?? r.recordId,
    ruleId: r.ruleId,
    ruleName: byId.get(r.ruleId)?.name ?? r.ruleId,
    severity: r.severity,
    value: r.value,
    message: messageOf(byId.get(r.ruleId), subject, r.value, locale),
  }));
}

/** GET /rule-runs/:id/failures: by record id then rule (optionally one rule or severity). @throws 404; 403. */
export async function listRuleRunFailures(
  db: Database,
  user: CurrentUser,
  id: string,
  q: RuleRunFailureQuery,
  locale: Locale,
): Promise<{ items: RuleRunFailure[]; total: number }> {
  const run = await requireRun(db, user, id, 'read');
  const where = and(
    eq(ruleRunFailures.runId, id),
    q.rule ? eq(ruleRunFailures.ruleId, q.rule) : undefined,
    q.severity ? eq(ruleRunFailures.severity, q.severity) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(ruleRunFailures).where(where);
  const rows = await db
    .select()
    .from(ruleRunFailures)
    .where(where)
    .orderBy(asc(ruleRunFailures.recordId), asc(ruleRunFailures.ruleId))
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  const subject = await loadSubjectDef(db, { id: run.subjectId });
  return { items: await toFailures(db, run, subject, rows, locale), total: n };
}

const EXPORT_HEADERS: Record<Locale, string[]> = {
  'zh-CN': ['记录 ID', '记录', '规则', '严重程度', '值', '消息'],
  'en-US': ['Record ID', 'Record', 'Rule', 'Severity', 'Value', 'Message'],
};
const PAGE = 1000;

/**
 * GET /rule-runs/:id/export?format=csv|xlsx: the run's failures (at most RULE_RUN_EXPORT_MAX_ROWS),
 * read 1,000 at a time by keyset. @throws 404; 403.
 */
export async function exportRuleRunFailures(
  db: Database,
  user: CurrentUser,
  id: string,
  format: ExportFileFormat,
  locale: Locale,
): Promise<{ fileName: string; contentType: string; stream: Readable }> {
  const run = await requireRun(db, user, id, 'read');
  const subject = await loadSubjectDef(db, { id: run.subjectId });
  async function* batches(): AsyncGenerator<string[][]> {
    let after: { record: string; rule: string } | null = null;
    let written = 0;
    while (written < RULE_RUN_EXPORT_MAX_ROWS) {
      const keyset: SQL | undefined = after
        ? or(gt(ruleRunFailures.recordId, after.record), and(eq(ruleRunFailures.recordId, after.record), gt(ruleRunFailures.ruleId, after.rule)))
        : undefined;
      const rows: FailureRow[] = await db
        .select()
        .from(ruleRunFailures)
        .where(and(eq(ruleRunFailures.runId, id), keyset))
        .orderBy(asc(ruleRunFailures.recordId), asc(ruleRunFailures.ruleId))
        .limit(Math.min(PAGE, RULE_RUN_EXPORT_MAX_ROWS - written));
      if (rows.length === 0) return;
      const items = await toFailures(db, run, subject, rows, locale);
      written += items.length;
      yield items.map((f) => [f.recordId, f.recordLabel, f.ruleName, f.severity, f.value ?? '', f.message]);
      const last: FailureRow = rows[rows.length - 1]!;
      after = { record: last.recordId, rule: last.ruleId };
    }
  }
  const columns = EXPORT_HEADERS[locale].map((header) => ({ header }));
  return {
    fileName: exportFileName(`${subject?.key ?? 'run'}-failures`, format),
    contentType: EXPORT_FILE_TYPES[format].contentType,
    stream: exportStream(format, { columns, batches: batches(), sheetName: 'Failures' }),
  };
}

/** GET /rule-runs/trend: the last `limit` finished runs of a subject, oldest first. @throws 404; 403. */
export async function ruleRunTrend(db: Database, user: CurrentUser, q: { application: string; subject: string; limit: number }): Promise<RuleRunTrendPoint[]> {
  const { subject } = await requireAppSubject(db, user, q.application, q.subject, 'read');
  const rows = await db
    .select()
    .from(ruleRuns)
    .where(and(eq(ruleRuns.subjectId, subject!.id), eq(ruleRuns.state, 'done')))
    .orderBy(desc(ruleRuns.createdAt), desc(ruleRuns.id))
    .limit(q.limit);
  return rows.reverse().map((r) => ({
    runId: r.id,
    at: (r.finishedAt ?? r.createdAt).toISOString(),
    score: r.score === null ? null : Number(r.score),
    records: r.records,
    failingRecords: r.failingRecords,
    failures: (r.results as RuleRunResult[]).reduce((s, x) => s + x.failed, 0),
    ruleSetVersion: r.ruleSetVersion,
  }));
}

/** GET /applications/:slug/data-quality: per live subject, its last finished run's score and its active incidents. @throws 404; 403. */
export async function dataQuality(db: Database, user: CurrentUser, slug: string): Promise<DataQuality> {
  const { applicationId } = await requireAppSubject(db, user, slug, undefined, 'read');
  const subs = await db
    .select({ id: subjects.id, key: subjects.key, name: subjects.name })
    .from(subjects)
    .where(and(eq(subjects.applicationId, applicationId), isNull(subjects.deletedAt)))
    .orderBy(asc(subjects.name), asc(subjects.key));
  if (subs.length === 0) return { subjects: [] };
  const ids = subs.map((s) => s.id);
  const last = rowsOf<{ subject_id: string; id: string; score: string | null; at: string; records: number; failing_records: number }>(
    await db.execute(sql`select distinct on (subject_id) subject_id, id, score::text as score, coalesce(finished_at, created_at) as at, records, failing_records
      from rule_runs where subject_id = any(${sql.param(ids)}::uuid[]) and state = 'done' order by subject_id, created_at desc, id desc`),
  );
  const open = rowsOf<{ subject_id: string; n: number }>(
    await db.execute(sql`select subject_id, count(*)::int as n from rule_incidents
      where subject_id = any(${sql.param(ids)}::uuid[]) and state in ('open', 'acknowledged') group by subject_id`),
  );
  const lastBy = new Map(last.map((r) => [r.subject_id, r]));
  const openBy = new Map(open.map((r) => [r.subject_id, r.n]));
  return {
    subjects: subs.map((s) => {
      const r = lastBy.get(s.id);
      return {
        subject: s.key,
        subjectName: s.name,
        score: r?.score == null ? null : Number(r.score),
        runId: r?.id ?? null,
        at: r ? new Date(r.at).toISOString() : null,
        records: r?.records ?? 0,
        failingRecords: r?.failing_records ?? 0,
        openIncidents: openBy.get(s.id) ?? 0,
      };
    }),
  };
}

/** The runs of several ids (the trigger action's answer). */
export async function runsByIds(db: Executor, ids: string[]): Promise<RuleRun[]> {
  return ids.length ? selectRuns(db, inArray(ruleRuns.id, ids)) : [];
}
