/**
 * An engagement's progress (docs/engagements-flow.md "Progress"): its procedures by status, its
 * findings by severity (open = not closed; overdue = not closed with a due date before today,
 * UTC), its workpapers by status, its open review notes, and its hours: the sum of its time
 * entries' hours (decimal hours) against the engagement's budget_hours, by person (the user's
 * name; a deleted user keeps their hours under their last name). Each `by…` map lists every
 * value of its list in contracts/engagements.constants.ts (0 when none) and any other stored value.
 */
import { sql } from 'drizzle-orm';
import {
  FINDING_SEVERITIES,
  PROCEDURE_STATUSES,
  WORKPAPER_STATUSES,
  type CurrentUser,
  type EngagementPhase,
  type EngagementProgress,
} from '../../../../contracts';
import { rowsOf, type Database } from '../../db/client';
import type { ReadCache } from '../../lib/read-cache';
import { tableOf } from '../records/records.service';
import { liveRows } from '../subjects/live-rows';
import { requireModel } from './engagements.model-access';
import { columnOf, countBy, requireRecord, todayUtc } from './flow-records';

/** Counts by value: every known value (0 when none), then any other stored value; empty values left out. */
const byValue = (known: readonly string[], counts: Record<string, number>): Record<string, number> => {
  const out: Record<string, number> = Object.fromEntries(known.map((k) => [k, 0]));
  for (const [k, n] of Object.entries(counts)) if (k !== '') out[k] = n;
  return out;
};
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
/** Hours rounded to hundredths (sums of decimals). */
const hours = (n: number) => Math.round(n * 100) / 100;

/**
 * GET …/engagements/:id/progress (members).
 * @throws 404 errors.engagement.notFound; 403; 404 errors.engagement.moduleOff.
 */
export async function engagementProgress(db: Database, user: CurrentUser, slug: string, id: string, cache?: ReadCache): Promise<EngagementProgress> {
  const access = await requireModel(db, user, slug, 'read', cache);
  const engagement = await requireRecord(db, access, 'engagement', id, 'errors.engagement.notFound');
  const { subjects } = access;
  const of = { engagement: id };

  const procedures = await countBy(db, subjects.procedure, of, 'status');
  const bySeverity = await countBy(db, subjects.finding, of, 'severity');
  const findingStatus = await countBy(db, subjects.finding, of, 'status');
  const f = subjects.finding;
  const [overdue] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${tableOf(f, 'r')}
      where ${liveRows(f, 'r')} and ${columnOf(f, 'engagement')} = ${id}::uuid and ${columnOf(f, 'due_date')} < ${todayUtc()}::date
      and (${columnOf(f, 'status')} is null or ${columnOf(f, 'status')}::text <> 'closed')`),
  );
  const workpapers = await countBy(db, subjects.workpaper, of, 'status');
  const notes = await countBy(db, subjects.review_note, of, 'status');

  const t = subjects.time_entry;
  const people = rowsOf<{ user_id: string; name: string | null; hours: string | null }>(
    await db.execute(sql`select ${columnOf(t, 'person')}::text as user_id, max(u.name) as name, sum(${columnOf(t, 'hours')})::text as hours
      from ${tableOf(t, 'r')} left join users u on u.id = ${columnOf(t, 'person')}
      where ${liveRows(t, 'r')} and ${columnOf(t, 'engagement')} = ${id}::uuid and ${columnOf(t, 'person')} is not null
      group by 1 order by 3 desc nulls last, 1`),
  );
  const byPerson = people.map((p) => ({ userId: p.user_id, name: p.name ?? p.user_id, hours: hours(Number(p.hours ?? 0)) }));
  const budget = engagement.values.budget_hours;

  return {
    phase: (engagement.values.phase ?? 'scope') as EngagementPhase,
    procedures: { total: sum(procedures), done: procedures.done ?? 0, byStatus: byValue(PROCEDURE_STATUSES, procedures) },
    findings: { total: sum(bySeverity), open: sum(findingStatus) - (findingStatus.closed ?? 0), bySeverity: byValue(FINDING_SEVERITIES, bySeverity), overdue: Number(overdue?.n ?? 0) },
    workpapers: { total: sum(workpapers), byStatus: byValue(WORKPAPER_STATUSES, workpapers) },
    reviewNotes: { open: notes.open ?? 0 },
    hours: {
      budget: budget === null || budget === undefined ? null : Number(budget),
      spent: hours(people.reduce((a, p) => a + Number(p.hours ?? 0), 0)),
      byPerson,
    },
  };
}
