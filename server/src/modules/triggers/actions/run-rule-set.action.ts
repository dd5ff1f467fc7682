/**
 * The `run_rule_set` action type (docs/triggers.md "Action types", docs/rule-runs.md "From a
 * trigger"): starts validation runs (`rules.run` tasks) in the trigger's application, queued in the
 * run's transaction and audited `rule_run.start` as the trigger on behalf of its owner.
 *
 * Configuration: `{ ruleSet?, subject?, allSubjects? }`:
 *  - `ruleSet` (an id of the application's sets): its latest published version; none: each
 *    subject's enabled rules;
 *  - `subject` (a key): that subject; else `allSubjects: true`: the set's assigned subjects (every
 *    subject of the application for a whole-application set), or, without a set, every subject
 *    with enabled rules; else the event's subject.
 * Output: `{ runs: [{ id, subject, merged }] }` (a subject whose run is active answers it, merged).
 * A Test (dry run) lists the subjects it would run and starts nothing.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../../db/client';
import { applications, rules, ruleSets, ruleSetVersions, subjects, triggers } from '../../../db/schema';
import { queueRuleRun } from '../../rules/rule-runs.service';
import { loadSubjectDef } from '../../subjects/subject-def';
import { registerActionType } from '../action-types';

export const runRuleSetConfigSchema = z.object({
  ruleSet: z.uuid().optional(),
  subject: z.string().trim().min(1).max(64).optional(),
  allSubjects: z.boolean().optional(),
});
export type RunRuleSetConfig = z.infer<typeof runRuleSetConfigSchema>;

/** The subject keys the action runs over (see the file's comment). @throws Error naming what is missing. */
async function subjectKeys(tx: Executor, applicationId: string, config: RunRuleSetConfig, eventSubject: string | undefined): Promise<string[]> {
  if (config.subject) return [config.subject];
  if (!config.allSubjects) {
    if (!eventSubject) throw new Error('run_rule_set: no subject (the event names none; set subject or allSubjects)');
    return [eventSubject];
  }
  const live = await tx
    .select({ id: subjects.id, key: subjects.key })
    .from(subjects)
    .where(and(eq(subjects.applicationId, applicationId), isNull(subjects.deletedAt)))
    .orderBy(subjects.key);
  if (config.ruleSet) {
    const [set] = await tx.select().from(ruleSets).where(and(eq(ruleSets.id, config.ruleSet), eq(ruleSets.applicationId, applicationId)));
    if (!set) throw new Error(`run_rule_set: no rule set ${config.ruleSet} in the application`);
    const [version] = await tx
      .select()
      .from(ruleSetVersions)
      .where(and(eq(ruleSetVersions.ruleSetId, set.id), eq(ruleSetVersions.version, set.publishedVersion)));
    if (!version) throw new Error(`run_rule_set: rule set ${set.name} has no published version`);
    if (version.wholeApplication) return live.map((s) => s.key);
    return live.filter((s) => version.subjectIds.includes(s.id)).map((s) => s.key);
  }
  const withRules = await tx
    .selectDistinct({ subjectId: rules.subjectId })
    .from(rules)
    .where(and(eq(rules.applicationId, applicationId), eq(rules.enabled, true)));
  const ids = new Set(withRules.map((r) => r.subjectId));
  return live.filter((s) => ids.has(s.id)).map((s) => s.key);
}

export const runRuleSetAction = registerActionType<RunRuleSetConfig>({
  type: 'run_rule_set',
  config: runRuleSetConfigSchema,
  async run(ctx, config) {
    const [owner] = await ctx.tx
      .select({ applicationId: triggers.applicationId, slug: applications.slug })
      .from(triggers)
      .innerJoin(applications, eq(applications.id, triggers.applicationId))
      .where(eq(triggers.id, ctx.trigger.id));
    const found =
      owner ??
      (ctx.event.application
        ? (await ctx.tx.select({ applicationId: applications.id, slug: applications.slug }).from(applications).where(eq(applications.slug, ctx.event.application)))[0]
        : undefined);
    if (!found) throw new Error('run_rule_set: the trigger has no application');
    const keys = await subjectKeys(ctx.tx, found.applicationId, config, ctx.event.subject);
    if (ctx.dryRun) return { wouldRun: keys, ruleSet: config.ruleSet ?? null };
    if (!ctx.audit) throw new Error('run_rule_set: no audit writer');
    const runs: { id: string; subject: string; merged: boolean }[] = [];
    for (const key of keys) {
      const subject = await loadSubjectDef(ctx.tx, { applicationId: found.applicationId, key });
      if (!subject) throw new Error(`run_rule_set: no subject ${key}`);
      const { run, merged } = await queueRuleRun(ctx.db, { applicationId: found.applicationId, slug: found.slug, subject }, config.ruleSet, ctx.audit, undefined, ctx.tx);
      runs.push({ id: run.id, subject: key, merged });
    }
    await ctx.log('info', `run_rule_set: ${runs.length} run(s) queued`, { runs });
    return { runs, ruleSet: config.ruleSet ?? null };
  },
});
