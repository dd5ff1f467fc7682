/** SQL of the console dashboard's counts and health (route-data.service.ts consoleSummary). */
import { count, gt, isNull, sql } from 'drizzle-orm';
import { RECORD_TOTAL_EXACT_LIMIT } from '../../../../contracts';
import type { WorkspaceChange, WorkspaceSubject } from '../../../../contracts/route-data';
import { rowsOf, type Executor } from '../../db/client';
import { groups, recycleBin, sessions, users } from '../../db/schema';
import { ident } from '../subjects/ddl';
import { liveRowsOfTableText } from '../subjects/live-rows';

/** Users not deleted. */
export async function countLiveUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(isNull(users.deletedAt));
  return row.n;
}

/** Groups not deleted. */
export async function countLiveGroups(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(groups).where(isNull(groups.deletedAt));
  return row.n;
}

/** Sessions whose expiry is after `now`. */
export async function countActiveSessions(db: Executor, now: Date = new Date()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sessions).where(gt(sessions.expiresAt, now));
  return row.n;
}

/** Objects in the recycle bin. */
export async function countRecycleBin(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(recycleBin);
  return row.n;
}

/** Size of the current database in bytes (works on PGlite and PostgreSQL). */
export async function databaseBytes(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<string>`pg_database_size(current_database())::text` }).from(sql`(select 1) as one`);
  return Number(row.n);
}

/** How many subject tables one exact-count statement reads (a UNION ALL of counts). */
const COUNT_BATCH = 100;

/**
 * Live records of the live subjects of live applications. A table PostgreSQL's statistics
 * (pg_class.reltuples) put at or under `exactLimit` rows — or that was never analysed (-1) — is
 * counted exactly (`count(*) … where deleted_at is null`, its partial indexes help); a bigger one
 * adds its reltuples estimate (which includes its records in the recycle bin) and makes the total
 * `estimated`. Figures: an exact count of 10,000 rows takes ~1 ms; reltuples is free.
 */
export async function countLiveRecords(
  db: Executor,
  exactLimit: number = RECORD_TOTAL_EXACT_LIMIT,
): Promise<{ total: number; estimated: boolean }> {
  const tables = rowsOf<{ table_name: string; reltuples: number | string | null; present: boolean }>(
    await db.execute(sql`select s.table_name, c.reltuples, c.oid is not null as present
      from subjects s
      join applications a on a.id = s.application_id and a.deleted_at is null
      left join pg_class c on c.oid = to_regclass(quote_ident(s.table_name))
      where s.deleted_at is null`),
  ).filter((t) => t.present);
  let total = 0;
  let estimated = false;
  const exact: string[] = [];
  for (const t of tables) {
    const estimate = Number(t.reltuples ?? -1);
    if (estimate > exactLimit) {
      total += Math.round(estimate);
      estimated = true;
    } else exact.push(t.table_name);
  }
  for (let i = 0; i < exact.length; i += COUNT_BATCH) {
    const union = exact
      .slice(i, i + COUNT_BATCH)
      .map((name) => `select count(*)::bigint as n from ${ident(name)} where ${liveRowsOfTableText()}`)
      .join(' union all ');
    const counts = rowsOf<{ n: string | number }>(await db.execute(sql.raw(union)));
    for (const c of counts) total += Number(c.n);
  }
  return { total, estimated };
}

/** The application's live subjects by name (then key), with their live fields counted. */
export async function workspaceSubjects(db: Executor, applicationId: string): Promise<WorkspaceSubject[]> {
  const rows = rowsOf<{ id: string; key: string; name: string; icon: string | null; description: string | null; field_count: number | string }>(
    await db.execute(sql`select s.id, s.key, s.name, s.icon, s.description,
        (select count(*) from fields f where f.subject_id = s.id and f.deleted_at is null) as field_count
      from subjects s
      where s.application_id = ${applicationId} and s.deleted_at is null
      order by s.name, s.key`),
  );
  return rows.map((r) => ({ id: r.id, key: r.key, name: r.name, icon: r.icon, description: r.description, fieldCount: Number(r.field_count) }));
}

/**
 * The `limit` newest record changes (record_versions) in the application's live subjects, newest
 * first. Each subject contributes its own newest `limit` through the (subject_id, at) index
 * (a lateral join), so the cost does not grow with the history's size. `title` is the record's
 * display-field value in that version when it is a string.
 */
export async function recentRecordChanges(db: Executor, applicationId: string, limit = 10): Promise<WorkspaceChange[]> {
  const rows = rowsOf<{
    subject_key: string;
    subject_name: string;
    record_id: string;
    title: string | null;
    version: number;
    action: WorkspaceChange['action'];
    actor_label: string | null;
    at: Date | string;
  }>(
    await db.execute(sql`select s.key as subject_key, s.name as subject_name, rv.record_id, rv.version, rv.action,
        rv.actor_label, rv.at,
        case when jsonb_typeof(rv.snapshot -> f.key) = 'string' then rv.snapshot ->> f.key end as title
      from subjects s
      cross join lateral (
        select v.record_id, v.version, v.action, v.actor_label, v.at, v.snapshot, v.id
        from record_versions v where v.subject_id = s.id order by v.at desc, v.id desc limit ${limit}
      ) rv
      left join fields f on f.id = s.display_field_id
      where s.application_id = ${applicationId} and s.deleted_at is null
      order by rv.at desc, rv.id desc
      limit ${limit}`),
  );
  return rows.map((r) => ({
    subjectKey: r.subject_key,
    subjectName: r.subject_name,
    recordId: r.record_id,
    title: r.title,
    version: Number(r.version),
    action: r.action,
    actorLabel: r.actor_label,
    at: new Date(r.at).toISOString(),
  }));
}
