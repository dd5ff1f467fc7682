/**
 * The audit dashboard's figures (docs/engagements-dashboard.md, contracts/audit-dashboard.ts):
 * five aggregate statements over the model subjects' record tables (engagements by phase,
 * procedures done/remaining, findings by severity and age, overdue remediations, hours budgeted
 * against spent), all of an application's engagements or of one. Tables and columns come from the
 * model's subject definitions (`ModelAccess.subjects`), quoted by `ident`; only live rows count
 * (subjects/live-rows.ts). Select values are stored as their labels, the codes of
 * contracts/engagements.constants.ts. Read only.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_OVERDUE_LIMIT,
  ENGAGEMENT_PHASES,
  FINDING_AGE_BUCKETS,
  FINDING_SEVERITIES,
  type AuditDashboard,
  type AuditObject,
} from '../../../../contracts';
import { rowsOf, type Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { ident } from '../subjects/ddl';
import { liveRowsText } from '../subjects/live-rows';
import type { CurrentUser } from '../../../../contracts';
import type { ReadCache } from '../../lib/read-cache';
import { requireModel, type ModelAccess } from './engagements.model-access';

type Row = Record<string, unknown>;

/** Table and quoted columns of one audit object, with the live-rows predicate under `alias`. */
function tableOf(model: ModelAccess, object: AuditObject, alias: string) {
  const subject = model.subjects[object];
  const col = (key: string): string => {
    const column = subject.fields.find((f) => f.key === key)?.column;
    if (!column) throw new Error(`audit.${object} has no column for ${key}`);
    return `${ident(alias)}.${ident(column)}`;
  };
  return { from: `${ident(subject.tableName)} ${ident(alias)}`, live: liveRowsText(subject, alias), col, id: `${ident(alias)}.id` };
}

const rows = async (db: Executor, query: SQL): Promise<Row[]> => rowsOf<Row>(await db.execute(query));
const int = (v: unknown): number => Number(v ?? 0);

/**
 * The dashboard of `model`'s application, or of the engagement `engagementId` only.
 * `today` ('YYYY-MM-DD', UTC by default) dates the findings' ages and the overdue days.
 * Findings' age: days from `raised_at` (the record's creation day when unset) of the findings not
 * closed. Overdue remediations: findings not closed whose `due_date` (remediation due) is before
 * today, most overdue first (then by id), at most DASHBOARD_OVERDUE_LIMIT. Hours: per user, the sum
 * of `budget_hours` of the procedures they are the assignee of and of `hours` of their time entries.
 * @throws HttpError 404 errors.engagement.notFound when `engagementId` names no live engagement.
 */
export async function readDashboard(
  db: Executor,
  model: ModelAccess,
  engagementId?: string,
  today: string = new Date().toISOString().slice(0, 10),
): Promise<AuditDashboard> {
  const e = tableOf(model, 'engagement', 'e');
  const p = tableOf(model, 'procedure', 'p');
  const f = tableOf(model, 'finding', 'f');
  const t = tableOf(model, 'time_entry', 't');
  const day = sql`${today}::date`;
  const of = (x: { col: (k: string) => string }): SQL => (engagementId ? sql` and ${sql.raw(x.col('engagement'))} = ${engagementId}::uuid` : sql``);

  // engagements by phase (with one engagement: its phase, 404 when it is not there)
  const phases = await rows(
    db,
    sql`select ${sql.raw(e.col('phase'))} as k, count(*)::int as n from ${sql.raw(e.from)} where ${sql.raw(e.live)}${
      engagementId ? sql` and ${sql.raw(e.id)} = ${engagementId}::uuid` : sql``
    } group by 1`,
  );
  if (engagementId && phases.length === 0) throw new HttpError(404, 'NOT_FOUND', 'errors.engagement.notFound');
  const byPhase = Object.fromEntries(ENGAGEMENT_PHASES.map((k) => [k, 0])) as AuditDashboard['engagements']['byPhase'];
  let engagements = 0;
  for (const r of phases) {
    engagements += int(r.n);
    if (r.k && (ENGAGEMENT_PHASES as readonly string[]).includes(String(r.k))) byPhase[r.k as keyof typeof byPhase] = int(r.n);
  }

  // procedures done / remaining
  const [proc] = await rows(
    db,
    sql`select count(*)::int as total, count(*) filter (where ${sql.raw(p.col('status'))} = 'done')::int as done
      from ${sql.raw(p.from)} where ${sql.raw(p.live)}${of(p)}`,
  );

  // findings by severity; open ones by age bucket
  const status = f.col('status');
  const findings = await rows(
    db,
    sql`select s, count(*)::int as n, count(*) filter (where open)::int as open,
        count(*) filter (where open and age <= 30)::int as a1,
        count(*) filter (where open and age between 31 and 60)::int as a2,
        count(*) filter (where open and age between 61 and 90)::int as a3,
        count(*) filter (where open and age > 90)::int as a4
      from (select ${sql.raw(f.col('severity'))} as s,
          ${sql.raw(status)} is distinct from 'closed' as open,
          ${day} - coalesce(${sql.raw(f.col('raised_at'))}, f.created_at::date) as age
        from ${sql.raw(f.from)} where ${sql.raw(f.live)}${of(f)}) x
      group by s`,
  );
  const bySeverity = Object.fromEntries(FINDING_SEVERITIES.map((k) => [k, 0])) as AuditDashboard['findings']['bySeverity'];
  const ages = [0, 0, 0, 0];
  let open = 0;
  for (const r of findings) {
    if (r.s && (FINDING_SEVERITIES as readonly string[]).includes(String(r.s))) bySeverity[r.s as keyof typeof bySeverity] = int(r.n);
    open += int(r.open);
    ages[0] += int(r.a1);
    ages[1] += int(r.a2);
    ages[2] += int(r.a3);
    ages[3] += int(r.a4);
  }

  // overdue remediations: walks the due-date index `(due_date, id) where deleted_at is null` in order
  const due = f.col('due_date');
  const overdue = await rows(
    db,
    sql`select f.id, ${sql.raw(f.col('title'))} as title, ${sql.raw(f.col('severity'))} as severity, ${sql.raw(due)}::text as due,
        (${day} - ${sql.raw(due)})::int as days, u.name as owner, ${sql.raw(e.col('title'))} as engagement
      from ${sql.raw(f.from)}
        left join users u on u.id = ${sql.raw(f.col('owner'))}
        left join ${sql.raw(e.from)} on ${sql.raw(e.id)} = ${sql.raw(f.col('engagement'))} and ${sql.raw(e.live)}
      where ${sql.raw(f.live)} and ${sql.raw(due)} < ${day} and ${sql.raw(status)} is distinct from 'closed'${of(f)}
      order by ${sql.raw(due)}, f.id limit ${DASHBOARD_OVERDUE_LIMIT}`,
  );

  // hours budgeted (procedures by assignee) against spent (time entries by person)
  const hours = await rows(
    db,
    sql`with b as (select ${sql.raw(p.col('assignee'))} as uid, coalesce(sum(${sql.raw(p.col('budget_hours'))}), 0)::float8 as budgeted
          from ${sql.raw(p.from)} where ${sql.raw(p.live)} and ${sql.raw(p.col('assignee'))} is not null${of(p)} group by 1),
        s as (select ${sql.raw(t.col('person'))} as uid, coalesce(sum(${sql.raw(t.col('hours'))}), 0)::float8 as spent
          from ${sql.raw(t.from)} where ${sql.raw(t.live)} and ${sql.raw(t.col('person'))} is not null${of(t)} group by 1)
      select coalesce(b.uid, s.uid) as uid, u.name, coalesce(b.budgeted, 0) as budgeted, coalesce(s.spent, 0) as spent
      from b full join s on s.uid = b.uid left join users u on u.id = coalesce(b.uid, s.uid)
      order by u.name nulls last, 1`,
  );

  const total = int(proc?.total);
  const done = int(proc?.done);
  return {
    engagements: { total: engagements, byPhase },
    procedures: { total, done, remaining: total - done },
    findings: { bySeverity, byAge: FINDING_AGE_BUCKETS.map((bucket, i) => ({ bucket, n: ages[i] })), open },
    overdueRemediations: overdue.map((r) => ({
      id: String(r.id),
      title: String(r.title ?? ''),
      severity: (r.severity as string | null) ?? null,
      dueDate: String(r.due),
      daysOverdue: int(r.days),
      ownerLabel: (r.owner as string | null) ?? null,
      engagementTitle: (r.engagement as string | null) ?? null,
    })),
    hours: hours.map((r) => ({ userId: String(r.uid), name: String(r.name ?? ''), budgeted: Number(r.budgeted), spent: Number(r.spent) })),
  };
}

/**
 * GET …/audit/dashboard: the dashboard of application `slug` (any member), or of one engagement.
 * @throws HttpError 404 errors.applicationNotFound / errors.engagement.moduleOff /
 *   errors.engagement.notFound; 403 errors.notMember.
 */
export async function getDashboard(db: Executor, user: CurrentUser, slug: string, engagementId?: string, cache?: ReadCache): Promise<AuditDashboard> {
  const model = await requireModel(db, user, slug, 'read', cache);
  return readDashboard(db, model, engagementId);
}
