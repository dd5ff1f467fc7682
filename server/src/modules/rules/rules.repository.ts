/**
 * The SQL of the rules and rule sets API (rules.service.ts, rule-sets.service.ts): rows with the
 * application's slug and name and the subject's key and name joined in, filtered lists, and counts.
 */
import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { RuleListQuery, RuleSetListQuery } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { applications, rules, ruleSets, ruleSetVersions, subjects } from '../../db/schema';

/** A rule row with its application's slug and name and its subject's key and name. */
export interface RuleJoined {
  row: typeof rules.$inferSelect;
  application: string;
  applicationName: string;
  subject: string;
  subjectName: string;
}

/** A rule set row with its application's slug and name. */
export interface RuleSetJoined {
  row: typeof ruleSets.$inferSelect;
  application: string;
  applicationName: string;
}

const like = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

const ruleColumns = {
  row: rules,
  application: applications.slug,
  applicationName: applications.name,
  subject: subjects.key,
  subjectName: subjects.name,
};

/** The rule `id` with its names, or undefined; `lock` takes a row lock (an update). */
export async function findRule(db: Executor, id: string, lock = false): Promise<RuleJoined | undefined> {
  const q = db
    .select(ruleColumns)
    .from(rules)
    .innerJoin(applications, eq(applications.id, rules.applicationId))
    .innerJoin(subjects, eq(subjects.id, rules.subjectId))
    .where(eq(rules.id, id))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: rules }) : await q;
  return row;
}

/** One page of rules, newest first, with the total. `applicationId` null: every application. */
export async function listRuleRows(
  db: Executor,
  q: RuleListQuery,
  applicationId: string | null,
): Promise<{ rows: RuleJoined[]; total: number }> {
  const conds: (SQL | undefined)[] = [
    applicationId ? eq(rules.applicationId, applicationId) : undefined,
    q.subject ? eq(subjects.key, q.subject) : undefined,
    q.severity ? eq(rules.severity, q.severity) : undefined,
    q.enabled ? eq(rules.enabled, q.enabled === 'true') : undefined,
    q.tag ? sql`${rules.tags} @> ${JSON.stringify([q.tag])}::jsonb` : undefined,
    q.q ? ilike(rules.name, like(q.q)) : undefined,
  ];
  const where = and(...conds);
  const rows = await db
    .select(ruleColumns)
    .from(rules)
    .innerJoin(applications, eq(applications.id, rules.applicationId))
    .innerJoin(subjects, eq(subjects.id, rules.subjectId))
    .where(where)
    .orderBy(desc(rules.createdAt), desc(rules.id))
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  const [{ n }] = await db.select({ n: count() }).from(rules).innerJoin(subjects, eq(subjects.id, rules.subjectId)).where(where);
  return { rows, total: Number(n) };
}

/** How many rules subject `subjectId` has (enabled or not). */
export async function countSubjectRules(db: Executor, subjectId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(rules).where(eq(rules.subjectId, subjectId));
  return Number(n);
}

const setColumns = { row: ruleSets, application: applications.slug, applicationName: applications.name };

/** The rule set `id` with its application's names, or undefined; `lock` takes a row lock. */
export async function findRuleSet(db: Executor, id: string, lock = false): Promise<RuleSetJoined | undefined> {
  const q = db
    .select(setColumns)
    .from(ruleSets)
    .innerJoin(applications, eq(applications.id, ruleSets.applicationId))
    .where(eq(ruleSets.id, id))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: ruleSets }) : await q;
  return row;
}

/** One page of rule sets, newest first, with the total. */
export async function listRuleSetRows(
  db: Executor,
  q: RuleSetListQuery,
  applicationId: string | null,
): Promise<{ rows: RuleSetJoined[]; total: number }> {
  const where = and(
    applicationId ? eq(ruleSets.applicationId, applicationId) : undefined,
    q.q ? ilike(ruleSets.name, like(q.q)) : undefined,
  );
  const rows = await db
    .select(setColumns)
    .from(ruleSets)
    .innerJoin(applications, eq(applications.id, ruleSets.applicationId))
    .where(where)
    .orderBy(desc(ruleSets.createdAt), desc(ruleSets.id))
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  const [{ n }] = await db.select({ n: count() }).from(ruleSets).where(where);
  return { rows, total: Number(n) };
}

/** True when another set of application `applicationId` is named `name` (case ignored). */
export async function ruleSetNameTaken(
  db: Executor,
  applicationId: string,
  name: string,
  except: string | null,
): Promise<boolean> {
  const [row] = await db
    .select({ id: ruleSets.id })
    .from(ruleSets)
    .where(
      and(
        eq(ruleSets.applicationId, applicationId),
        sql`lower(${ruleSets.name}) = lower(${name})`,
        except ? sql`${ruleSets.id} <> ${except}` : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** The versions of rule set `id`, newest first (one page). */
export async function listVersionRows(
  db: Executor,
  id: string,
  current: number,
  pageSize: number,
): Promise<{ rows: (typeof ruleSetVersions.$inferSelect)[]; total: number }> {
  const rows = await db
    .select()
    .from(ruleSetVersions)
    .where(eq(ruleSetVersions.ruleSetId, id))
    .orderBy(desc(ruleSetVersions.version))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  const [{ n }] = await db.select({ n: count() }).from(ruleSetVersions).where(eq(ruleSetVersions.ruleSetId, id));
  return { rows, total: Number(n) };
}

/** Version `version` of rule set `id`, or undefined. */
export async function findVersionRow(
  db: Executor,
  id: string,
  version: number,
): Promise<typeof ruleSetVersions.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(ruleSetVersions)
    .where(and(eq(ruleSetVersions.ruleSetId, id), eq(ruleSetVersions.version, version)))
    .limit(1);
  return row;
}
