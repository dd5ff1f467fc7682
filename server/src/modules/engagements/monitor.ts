/**
 * The audit process monitor (docs/engagements-monitor.md, contracts/audit-monitor.ts): what
 * background work of an application — or of one of its engagements — is running, queued or failed.
 *
 * Two sources, read only:
 *  - **tasks** (modules/tasks, table `tasks`). A task row has no application column; it is the
 *    application's when something of the application names it:
 *      - `reports.render`: its `report_renders` row (`application_id`, `task_id`);
 *      - `imports.run` / `imports.undo`: the import batch of `input.batchId` (`application_id`);
 *      - `triggers.run`: a `trigger_runs` row of a trigger of the application (`task_id`).
 *    Every other kind (triggers.deliver and the housekeeping kinds: purges, the audit head's
 *    signature, the blob sweep) works for the whole server and no application: it is not shown.
 *  - **trigger runs** (modules/triggers, table `trigger_runs`) of the application's triggers;
 *    Test runs (rolled back by construction) are left out. A run's `failed` bucket holds `failed`
 *    (never run: the loop guard) and `dead` (retries used up) runs.
 *
 * For an engagement, the records followed are the engagement and its procedures, findings,
 * workpapers and reports (their `engagement` relation); a trigger run is the engagement's when its
 * event's record is one of them, a task when its render's records include one of them, when it
 * holds a run of them, or when its input names one of them by id (a top-level value of `input`,
 * as a module's own kind would, e.g. `{ reportId }`). Imports are never an engagement's.
 *
 * Neither module's service filters by application, and neither has a repository, so this file
 * reads their tables directly (never writes them).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AuditMonitor, AuditMonitorQuery, CurrentUser, MonitorBucket, MonitorTask, MonitorTriggerRun } from '../../../../contracts';
import { MONITOR_BUCKETS } from '../../../../contracts/audit-monitor.constants';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { findRecords, tableOf } from '../records/records.service';
import { ident } from '../subjects/ddl';
import type { SubjectDef } from '../subjects/subject-def';
import { requireModel, type ModelAccess } from './engagements.model-access';

/** The task states of each bucket. */
const TASK_STATES_OF: Record<MonitorBucket, string[]> = { running: ['running'], queued: ['queued'], failed: ['failed'] };
/** The trigger run states of each bucket. */
const RUN_STATES_OF: Record<MonitorBucket, string[]> = { running: ['running'], queued: ['queued'], failed: ['failed', 'dead'] };

/** The objects whose records belong to an engagement through their `engagement` relation. */
const ENGAGEMENT_CHILDREN = ['procedure', 'finding', 'workpaper', 'report'] as const;

const iso = (d: unknown): string | null => (d == null ? null : new Date(d as string).toISOString());
const asText = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/** The ids of the live records of `subject` whose `engagement` relation is `engagementId`. */
async function childIds(db: Executor, subject: SubjectDef, engagementId: string): Promise<string[]> {
  const field = subject.fields.find((f) => f.key === 'engagement');
  if (!field?.column) return [];
  const rows = rowsOf<{ id: string }>(
    await db.execute(
      sql`select r.id from ${tableOf(subject, 'r')} where r.${sql.raw(ident(field.column))} = ${engagementId}::uuid and r.deleted_at is null`,
    ),
  );
  return rows.map((r) => r.id);
}

/**
 * The tasks of the application (`link`, `about` per task id), as a SQL subquery with columns
 * `id, link, about`; with `ids` (a JSON array of record ids), only those working for them.
 */
function appTasks(appId: string, ids: string | null): SQL {
  const idSet = sql`(select jsonb_array_elements_text(${ids}::jsonb))`;
  const renders = sql`
    select rr.task_id as id, 'report_render' as link, rt.name || ' · ' || rr.format as about, 1 as prio
    from report_renders rr join report_templates rt on rt.id = rr.template_id
    where rr.application_id = ${appId}::uuid and rr.task_id is not null
    ${ids ? sql`and rr.record_ids is not null and jsonb_exists_any(rr.record_ids, array${idSet})` : sql``}`;
  const runs = sql`
    select r.task_id as id, 'trigger' as link, tr.name as about, 2 as prio
    from trigger_runs r join triggers tr on tr.id = r.trigger_id
    where tr.application_id = ${appId}::uuid and r.task_id is not null and not r.test
    ${ids ? sql`and (r.event->>'recordId') in ${idSet}` : sql``}`;
  const parts: SQL[] = [renders, runs];
  if (ids) {
    parts.push(sql`
      select t.id, 'record' as link, t.kind as about, 3 as prio from tasks t
      where exists (
        select 1 from jsonb_each_text(case when jsonb_typeof(t.input) = 'object' then t.input else '{}'::jsonb end) e
        where e.value in ${idSet})`);
  } else {
    parts.push(sql`
      select t.id, 'import' as link, s.name as about, 4 as prio
      from tasks t join import_batches b on b.id::text = t.input->>'batchId' join subjects s on s.id = b.subject_id
      where t.kind in ('imports.run', 'imports.undo') and b.application_id = ${appId}::uuid`);
  }
  return sql`(select distinct on (id) id, link, about from (${sql.join(parts, sql` union all `)}) u order by id, prio)`;
}

/** Trigger runs of the application (optionally of the records `ids`), as a where clause over `r` joined with `tr`. */
function runWhere(appId: string, ids: string | null): SQL {
  return sql`tr.application_id = ${appId}::uuid and not r.test
    ${ids ? sql`and (r.event->>'recordId') in (select jsonb_array_elements_text(${ids}::jsonb))` : sql``}`;
}

const stateList = (states: string[]) => sql.join(states.map((s) => sql`${s}`), sql`, `);

interface TaskSqlRow {
  id: string;
  kind: string;
  state: MonitorTask['state'];
  link: MonitorTask['link'];
  about: string | null;
  progress_done: number;
  progress_total: number | null;
  progress_message: string | null;
  attempts: number;
  retry_limit: number;
  error: string | null;
  started_by_label: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

interface RunSqlRow {
  id: string;
  trigger_id: string;
  trigger_name: string;
  state: MonitorTriggerRun['state'];
  event: { kind?: unknown; subject?: unknown; recordId?: unknown } | null;
  attempts: number;
  error: string | null;
  task_id: string | null;
  ms: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

const toMonitorTask = (r: TaskSqlRow): MonitorTask => ({
  id: r.id,
  kind: r.kind,
  state: r.state,
  link: r.link,
  about: r.about ?? r.kind,
  progressDone: Number(r.progress_done),
  progressTotal: r.progress_total == null ? null : Number(r.progress_total),
  progressMessage: r.progress_message,
  attempts: Number(r.attempts),
  retryLimit: Number(r.retry_limit),
  error: r.error,
  startedByLabel: r.started_by_label,
  createdAt: iso(r.created_at)!,
  startedAt: iso(r.started_at),
  finishedAt: iso(r.finished_at),
});

const toMonitorRun = (r: RunSqlRow): MonitorTriggerRun => ({
  id: r.id,
  triggerId: r.trigger_id,
  triggerName: r.trigger_name,
  state: r.state,
  eventKind: asText(r.event?.kind) ?? 'unknown',
  subject: asText(r.event?.subject),
  recordId: asText(r.event?.recordId),
  attempts: Number(r.attempts),
  error: r.error,
  taskId: r.task_id,
  ms: r.ms == null ? null : Number(r.ms),
  createdAt: iso(r.created_at)!,
  startedAt: iso(r.started_at),
  finishedAt: iso(r.finished_at),
});

/** The engagement `id` of the model, with the ids of the records that follow it. @throws HttpError 404 errors.engagement.notFound. */
async function engagementScope(db: Executor, model: ModelAccess, id: string): Promise<{ engagement: AuditMonitor['engagement']; ids: string[] }> {
  const [record] = await findRecords(db, model.subjects.engagement, [id]);
  if (!record) throw new HttpError(404, 'NOT_FOUND', 'errors.engagement.notFound');
  const ids = [id];
  for (const object of ENGAGEMENT_CHILDREN) ids.push(...(await childIds(db, model.subjects[object], id)));
  const v = record.values;
  return {
    engagement: { id, title: asText(v.title) ?? id, code: asText(v.code), phase: asText(v.phase) },
    ids,
  };
}

/**
 * GET /applications/:slug/audit/monitor (members): the running, queued and failed tasks and trigger
 * runs of the application, or of the engagement `engagementId` (see the module comment for what
 * links a task or run to either). Each list is page `current` (size `pageSize`) of its bucket,
 * newest first; `state` fills only that bucket's lists. `totals` counts every bucket.
 * @throws HttpError 403 (not a member), 404 (no application, Audit module off, no such engagement).
 */
export async function readMonitor(db: Executor, user: CurrentUser, slug: string, q: AuditMonitorQuery, cache?: ReadCache): Promise<AuditMonitor> {
  const model = await requireModel(db, user, slug, 'read', cache);
  const appId = model.app.id;
  const scope = q.engagementId ? await engagementScope(db, model, q.engagementId) : null;
  const ids = scope ? JSON.stringify(scope.ids) : null;
  const tasksOf = appTasks(appId, ids);
  const offset = (q.current - 1) * q.pageSize;
  const buckets = q.state ? [q.state] : [...MONITOR_BUCKETS];

  const taskCounts = rowsOf<{ state: string; n: number }>(
    await db.execute(sql`select t.state, count(*)::int as n from tasks t join ${tasksOf} a on a.id = t.id
      where t.state in ('running', 'queued', 'failed') group by t.state`),
  );
  const runCounts = rowsOf<{ state: string; n: number }>(
    await db.execute(sql`select r.state, count(*)::int as n from trigger_runs r join triggers tr on tr.id = r.trigger_id
      where ${runWhere(appId, ids)} and r.state in ('running', 'queued', 'failed', 'dead') group by r.state`),
  );
  const countOf = (rows: { state: string; n: number }[], states: string[]) =>
    rows.filter((r) => states.includes(r.state)).reduce((n, r) => n + Number(r.n), 0);

  const result: AuditMonitor = {
    engagement: scope?.engagement ?? null,
    recordCount: scope?.ids.length ?? 0,
    running: [],
    queued: [],
    failed: [],
    triggerRuns: { running: [], queued: [], failed: [] },
    totals: {
      tasks: {
        running: countOf(taskCounts, TASK_STATES_OF.running),
        queued: countOf(taskCounts, TASK_STATES_OF.queued),
        failed: countOf(taskCounts, TASK_STATES_OF.failed),
      },
      triggerRuns: {
        running: countOf(runCounts, RUN_STATES_OF.running),
        queued: countOf(runCounts, RUN_STATES_OF.queued),
        failed: countOf(runCounts, RUN_STATES_OF.failed),
      },
    },
    current: q.current,
    pageSize: q.pageSize,
    at: new Date().toISOString(),
  };
  for (const bucket of buckets) {
    if (result.totals.tasks[bucket] > offset) {
      const rows = rowsOf<TaskSqlRow>(
        await db.execute(sql`select t.id, t.kind, t.state, a.link, a.about, t.progress_done, t.progress_total, t.progress_message,
            t.attempts, t.retry_limit, t.error, t.started_by_label, t.created_at, t.started_at, t.finished_at
          from tasks t join ${tasksOf} a on a.id = t.id
          where t.state in (${stateList(TASK_STATES_OF[bucket])})
          order by t.created_at desc, t.id desc limit ${q.pageSize} offset ${offset}`),
      );
      result[bucket] = rows.map(toMonitorTask);
    }
    if (result.totals.triggerRuns[bucket] > offset) {
      const rows = rowsOf<RunSqlRow>(
        await db.execute(sql`select r.id, r.trigger_id, tr.name as trigger_name, r.state, r.event, r.attempts, r.error, r.task_id, r.ms,
            r.created_at, r.started_at, r.finished_at
          from trigger_runs r join triggers tr on tr.id = r.trigger_id
          where ${runWhere(appId, ids)} and r.state in (${stateList(RUN_STATES_OF[bucket])})
          order by r.created_at desc, r.id desc limit ${q.pageSize} offset ${offset}`),
      );
      result.triggerRuns[bucket] = rows.map(toMonitorRun);
    }
  }
  return result;
}
