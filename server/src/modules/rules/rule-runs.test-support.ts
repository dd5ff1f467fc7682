/**
 * Test support of validation runs and incidents: rules, rule sets and published versions written
 * straight into their tables (the rules API is another part of the module), and waiting for a run.
 */
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { RuleDefinition, RuleRun, RuleSeverity } from '../../../../contracts';
import type { Database } from '../../db/client';
import { rules, ruleSets, ruleSetVersions, type RuleSnapshot } from '../../db/schema';
import { call, json } from '../../test/helpers';
import type { SubjectDef } from '../subjects/subject-def';

/** Inserts a rule of `subject`; its snapshot (id included). */
export async function insertRule(
  db: Database,
  subject: SubjectDef,
  name: string,
  definition: RuleDefinition,
  severity: RuleSeverity = 'warning',
  opts: { enabled?: boolean; messageZh?: string; messageEn?: string } = {},
): Promise<RuleSnapshot> {
  const [row] = await db
    .insert(rules)
    .values({
      applicationId: subject.applicationId,
      subjectId: subject.id,
      name,
      definition,
      severity,
      messageZh: opts.messageZh ?? `${name}：{field} 的值 {value} 不符合 {limit}`,
      messageEn: opts.messageEn ?? `${name}: {field} value {value} breaks {limit}`,
      enabled: opts.enabled ?? true,
      ownerLabel: 'test',
    })
    .returning();
  return { id: row.id, subjectId: row.subjectId, name: row.name, definition: row.definition, severity: row.severity, messageZh: row.messageZh, messageEn: row.messageEn };
}

/** Inserts a rule set of `rules`, published as `versions` versions (0: never published); its id. */
export async function insertRuleSet(db: Database, applicationId: string, name: string, snapshots: RuleSnapshot[], versions = 1): Promise<string> {
  const [set] = await db
    .insert(ruleSets)
    .values({
      applicationId,
      name,
      ruleIds: snapshots.map((r) => r.id),
      subjectIds: [...new Set(snapshots.map((r) => r.subjectId))],
      publishedVersion: versions,
      draftChanged: false,
      ownerLabel: 'test',
    })
    .returning();
  for (let v = 1; v <= versions; v += 1)
    await db.insert(ruleSetVersions).values({
      ruleSetId: set.id,
      version: v,
      rules: snapshots,
      subjectIds: [...new Set(snapshots.map((r) => r.subjectId))],
      wholeApplication: false,
      publishedLabel: 'test',
    });
  return set.id;
}

/** Polls GET /rule-runs/:id until the run is finished (done, failed or cancelled); the run. */
export async function waitForRun(app: FastifyInstance, cookie: string, id: string, timeoutMs = 30_000): Promise<RuleRun> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(app, 'GET', `/api/v1/rule-runs/${id}`, { cookie });
    assert.equal(res.statusCode, 200, res.body);
    const run = json<{ data: RuleRun }>(res).data;
    if (run.state === 'done' || run.state === 'failed' || run.state === 'cancelled') return run;
    if (Date.now() > until) throw new Error(`run ${id} still ${run.state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts a run over `subject` (POST /rule-runs) and waits for it; the finished run. */
export async function runRules(app: FastifyInstance, cookie: string, application: string, subject: string, ruleSet?: string): Promise<RuleRun> {
  const res = await call(app, 'POST', '/api/v1/rule-runs', { cookie, body: { application, subject, ...(ruleSet ? { ruleSet } : {}) } });
  assert.equal(res.statusCode, 202, res.body);
  return waitForRun(app, cookie, json<{ data: { run: RuleRun } }>(res).data.run.id);
}
