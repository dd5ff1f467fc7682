/**
 * Rules: their API's rules (docs/rules-api.md, docs/rules.md "The rule"). Writes are for
 * administrators (the routes check); the list is also for members of the application it is filtered
 * by. Every change is audited in its transaction: rule.create (after: the rule), rule.update (before
 * and after of the changed keys), rule.delete (before: the rule). A definition is compiled against
 * its subject on every write (rule-engine.ts compileRule): one that does not fit is a 400 naming
 * `definition.<path>`. Every update bumps `updated_at`, which the compile cache of subject-rules.ts
 * keys on.
 */
import { and, eq, sql } from 'drizzle-orm';
import type {
  CurrentUser,
  Rule,
  RuleDefinition,
  RuleInput,
  RuleListQuery,
  RulePatch,
  RuleTest,
  RuleTestResult,
} from '../../../../contracts';
import { RULES_PER_SUBJECT_MAX, ruleDefinitionSchema } from '../../../../contracts';
import { changedKeys, pick, type AuditWriter } from '../../core/audit.writer';
import type { Database, Executor } from '../../db/client';
import { applications, rules, ruleSets } from '../../db/schema';
import { forbidden, HttpError, notFound, type FieldErrorKey } from '../../lib/http-error';
import { requireOpenableApplication } from '../applications/applications.service';
import { findRecords } from '../records/records.service';
import { loadSubjectDef, type SubjectDef } from '../subjects/subject-def';
import { compileRule, RuleDefinitionError } from './rule-engine';
import { countSubjectRules, findRule, listRuleRows, type RuleJoined } from './rules.repository';
import { recordFailures, subjectLookupOf, type ActiveRule } from './subject-rules';

const bad = (details: FieldErrorKey[]) => new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', details);
const ruleNotFound = () => notFound('errors.ruleNotFound');

/** A RuleDefinitionError's message without its path (the error's field names the path). */
const problemText = (err: RuleDefinitionError) => err.message.replace(`${err.path}: `, '').slice(0, 300);

/**
 * The definition compiled against `subject` (the other subjects of its application for exists-in).
 * @throws 400 naming `definition.<path>` with errors.ruleDefinitionInvalid {problem}.
 */
export async function checkDefinition(
  db: Executor,
  subject: SubjectDef,
  definition: RuleDefinition,
): Promise<ActiveRule['compiled']> {
  const lookup = await subjectLookupOf(db, subject, [definition]);
  try {
    return compileRule(definition, subject, lookup);
  } catch (err) {
    if (!(err instanceof RuleDefinitionError)) throw err;
    throw bad([
      { field: `definition.${err.path}`, messageKey: 'errors.ruleDefinitionInvalid', params: { problem: problemText(err) } },
    ]);
  }
}

/** Why `row`'s definition no longer fits its subject (a field since removed or retyped), or null. */
async function problemOf(
  db: Executor,
  row: RuleJoined['row'],
  subjects: Map<string, SubjectDef | undefined>,
): Promise<string | null> {
  if (!subjects.has(row.subjectId)) subjects.set(row.subjectId, await loadSubjectDef(db, { id: row.subjectId }));
  const subject = subjects.get(row.subjectId);
  if (!subject) return 'subject deleted';
  const parsed = ruleDefinitionSchema.safeParse(row.definition);
  if (!parsed.success) return 'definition unreadable';
  try {
    compileRule(parsed.data, subject, await subjectLookupOf(db, subject, [parsed.data]));
    return null;
  } catch (err) {
    if (err instanceof RuleDefinitionError) return err.message;
    throw err;
  }
}

/** The API shape of a joined rule row. */
async function toRule(db: Executor, r: RuleJoined, subjects = new Map<string, SubjectDef | undefined>()): Promise<Rule> {
  const { row } = r;
  return {
    id: row.id,
    name: row.name,
    application: r.application,
    applicationId: row.applicationId,
    applicationName: r.applicationName,
    subject: r.subject,
    subjectId: row.subjectId,
    subjectName: r.subjectName,
    definition: row.definition as RuleDefinition,
    severity: row.severity,
    messageZh: row.messageZh,
    messageEn: row.messageEn,
    enabled: row.enabled,
    tags: row.tags,
    ownerId: row.ownerId,
    ownerLabel: row.ownerLabel,
    version: row.version,
    problem: await problemOf(db, row, subjects),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The audited view of a rule: what an administrator edits. */
const auditView = (rule: Rule) => ({
  name: rule.name,
  application: rule.application,
  subject: rule.subject,
  definition: rule.definition,
  severity: rule.severity,
  messageZh: rule.messageZh,
  messageEn: rule.messageEn,
  enabled: rule.enabled,
  tags: rule.tags,
});

/**
 * The application `slug` if `user` may read its rules (an administrator, or a member).
 * Without a slug only administrators may list (every application's rules).
 * @throws 404 errors.applicationNotFound; 403 not a member, or a member listing without `application`.
 */
export async function readableApplication(db: Executor, user: CurrentUser, slug: string | undefined): Promise<string | null> {
  if (!slug) {
    if (!user.isAdmin) throw forbidden();
    return null;
  }
  const { app } = await requireOpenableApplication(db, user, slug);
  return app.id;
}

/** GET /rules: one page, newest first, filtered (docs/rules-api.md). @throws as readableApplication. */
export async function listRules(db: Executor, user: CurrentUser, q: RuleListQuery): Promise<{ items: Rule[]; total: number }> {
  const applicationId = await readableApplication(db, user, q.application);
  const { rows, total } = await listRuleRows(db, q, applicationId);
  const subjects = new Map<string, SubjectDef | undefined>();
  const items: Rule[] = [];
  for (const r of rows) items.push(await toRule(db, r, subjects));
  return { items, total };
}

/** The joined rule `id`. @throws 404. */
async function loadRule(db: Executor, id: string, lock = false): Promise<RuleJoined> {
  const r = await findRule(db, id, lock);
  if (!r) throw ruleNotFound();
  return r;
}

/** GET /rules/:id. @throws 404. */
export async function getRule(db: Executor, id: string): Promise<Rule> {
  return toRule(db, await loadRule(db, id));
}

/** The live application `slug` and its subject `key`. @throws 400 naming `application` or `subject`. */
async function subjectOf(db: Executor, slug: string, key: string): Promise<SubjectDef> {
  const [a] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.slug, slug), sql`${applications.deletedAt} is null`))
    .limit(1);
  if (!a) throw bad([{ field: 'application', messageKey: 'errors.applicationNotFound' }]);
  const subject = await loadSubjectDef(db, { applicationId: a.id, key });
  if (!subject) throw bad([{ field: 'subject', messageKey: 'errors.subjectNotFound' }]);
  return subject;
}

/**
 * POST /rules, audited `rule.create`; the owner is the creating administrator.
 * @throws 400 naming `application`, `subject` (unknown, or RULES_PER_SUBJECT_MAX reached) or `definition.<path>`.
 */
export async function createRule(db: Database, input: RuleInput, audit: AuditWriter): Promise<Rule> {
  return db.transaction(async (tx) => {
    const subject = await subjectOf(tx, input.application, input.subject);
    await checkDefinition(tx, subject, input.definition);
    if ((await countSubjectRules(tx, subject.id)) >= RULES_PER_SUBJECT_MAX)
      throw bad([{ field: 'subject', messageKey: 'errors.rulesPerSubjectMax', params: { max: RULES_PER_SUBJECT_MAX } }]);
    const [row] = await tx
      .insert(rules)
      .values({
        applicationId: subject.applicationId,
        subjectId: subject.id,
        name: input.name,
        definition: input.definition,
        severity: input.severity,
        messageZh: input.messageZh,
        messageEn: input.messageEn,
        enabled: input.enabled,
        tags: [...new Set(input.tags)],
        ownerId: audit.actor.id,
        ownerLabel: audit.actor.label,
      })
      .returning({ id: rules.id });
    const rule = await toRule(tx, await loadRule(tx, row.id));
    await audit.record(tx, { action: 'rule.create', targetType: 'rule', targetId: row.id, after: auditView(rule) });
    return rule;
  });
}

/**
 * A system model's default rule (modules/engagements model-apply.ts) on `subject`, written in the
 * caller's transaction with `owner` as its owner; its definition is checked like any rule's. The
 * model remembers which defaults it made, so a rule its owner deleted is not made again.
 * @throws HttpError 400 naming `definition.<path>` when the definition does not fit the subject.
 */
export async function insertDefaultRule(
  tx: Executor,
  subject: SubjectDef,
  input: Pick<RuleInput, 'name' | 'definition' | 'severity' | 'messageZh' | 'messageEn'>,
  owner: { id: string; label: string },
): Promise<string> {
  await checkDefinition(tx, subject, input.definition);
  const [row] = await tx
    .insert(rules)
    .values({
      applicationId: subject.applicationId,
      subjectId: subject.id,
      name: input.name,
      definition: input.definition,
      severity: input.severity,
      messageZh: input.messageZh,
      messageEn: input.messageEn,
      enabled: true,
      tags: ['audit'],
      ownerId: owner.id,
      ownerLabel: owner.label,
    })
    .returning({ id: rules.id });
  return row.id;
}

/** 409 STALE_VERSION with the rule as it is (`conflict.current`). */
const staleRule = (current: Rule) =>
  new HttpError(409, 'STALE_VERSION', 'errors.ruleStale', undefined, {
    conflict: { current } as unknown as Record<string, unknown>,
  });

/**
 * PATCH /rules/:id, audited `rule.update` (a no-op writes nothing: `unchanged`). The version is
 * checked first, then a new definition is compiled against the rule's subject.
 * @throws 404; 409 STALE_VERSION; 400 naming `definition.<path>`.
 */
export async function updateRule(db: Database, id: string, patch: RulePatch, audit: AuditWriter): Promise<Rule> {
  return db.transaction(async (tx) => {
    const joined = await loadRule(tx, id, true);
    const current = await toRule(tx, joined);
    if (patch.version !== joined.row.version) throw staleRule(current);
    const { version: _version, ...rest } = patch;
    const wanted = { ...rest, tags: rest.tags ? [...new Set(rest.tags)] : undefined };
    const keys = changedKeys(current, wanted);
    if (keys.length === 0) {
      audit.unchanged();
      return current;
    }
    if (wanted.definition) {
      const subject = await loadSubjectDef(tx, { id: joined.row.subjectId });
      if (!subject) throw bad([{ field: 'subject', messageKey: 'errors.subjectNotFound' }]);
      await checkDefinition(tx, subject, wanted.definition);
    }
    await tx
      .update(rules)
      .set({ ...pick(wanted, keys), version: joined.row.version + 1, updatedAt: new Date() })
      .where(eq(rules.id, id));
    const after = await toRule(tx, await loadRule(tx, id));
    const before = auditView(current);
    const now = auditView(after);
    await audit.record(tx, {
      action: 'rule.update',
      targetType: 'rule',
      targetId: id,
      before: pick(before, keys),
      after: pick(now, keys),
      details: { changed: keys },
    });
    return after;
  });
}

/**
 * DELETE /rules/:id (hard), audited `rule.delete`. The rule leaves the drafts of the rule sets that
 * held it (their drafts then differ from the published versions, which keep their frozen copy); its
 * incidents go with it.
 * @throws 404.
 */
export async function deleteRule(db: Database, id: string, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await toRule(tx, await loadRule(tx, id, true));
    await tx
      .update(ruleSets)
      .set({
        ruleIds: sql`${ruleSets.ruleIds} - ${id}::text`,
        draftChanged: true,
        version: sql`${ruleSets.version} + 1`,
        updatedAt: new Date(),
      })
      .where(sql`${ruleSets.ruleIds} ? ${id}::text`);
    await tx.delete(rules).where(eq(rules.id, id));
    await audit.record(tx, { action: 'rule.delete', targetType: 'rule', targetId: id, before: auditView(before) });
  });
}

/**
 * POST /rules/:id/test: the rule (enabled or not, as stored) tested on a record of its subject or on
 * values as the records API writes them; nothing is written.
 * @throws 404 (rule; errors.recordNotFound naming `recordId`); 400 naming `definition.<path>` (the
 *   rule no longer fits its subject) or `values` (values the rule cannot read).
 */
export async function testRule(db: Database, id: string, input: RuleTest): Promise<RuleTestResult> {
  const { row } = await loadRule(db, id);
  const subject = await loadSubjectDef(db, { id: row.subjectId });
  if (!subject) throw ruleNotFound();
  const definition = ruleDefinitionSchema.parse(row.definition);
  const compiled = await checkDefinition(db, subject, definition);
  const active: ActiveRule = {
    id: row.id,
    name: row.name,
    severity: row.severity,
    messageZh: row.messageZh,
    messageEn: row.messageEn,
    definition,
    compiled,
  };
  let recordId: string | null = null;
  let values: Record<string, unknown>;
  if ('recordId' in input) {
    const [record] = await findRecords(db, subject, [input.recordId]);
    if (!record) throw notFound('errors.recordNotFound', [{ field: 'recordId', messageKey: 'errors.recordNotFound' }]);
    recordId = record.id;
    values = record.values;
  } else values = input.values;
  let failures;
  try {
    failures = await recordFailures(db, subject, [active], recordId, values);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const problem = err instanceof Error ? err.message.slice(0, 200) : 'unreadable';
    throw bad([{ field: 'values', messageKey: 'errors.ruleTestValues', params: { problem } }]);
  }
  const f = failures[0];
  return f
    ? { fails: true, field: f.field, value: f.value, messageZh: f.messageZh, messageEn: f.messageEn }
    : { fails: false, field: null, value: null, messageZh: null, messageEn: null };
}
