/**
 * Test support (not a test file): rules written straight into the `rules` table, for the tests of
 * the write paths and of the engine, independent of the rules API (docs/rules.md).
 */
import { eq } from 'drizzle-orm';
import type { RuleDefinition, RuleSeverity } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { rules, subjects } from '../../db/schema';

/** A rule to insert: its subject by id and what a rule holds (see insertRule for the defaults). */
export interface TestRuleInput {
  subject: string;
  name: string;
  definition: RuleDefinition;
  severity?: RuleSeverity;
  messageZh?: string;
  messageEn?: string;
  enabled?: boolean;
}

/**
 * Inserts a rule of subject `input.subject` (its id; the application is the subject's), blocking
 * and enabled unless said, messages "<name>: {field} {value}" in both languages unless given,
 * owned by "tests". @returns the rule's id.
 * @throws Error when the subject does not exist.
 */
export async function insertRule(db: Executor, input: TestRuleInput): Promise<string> {
  const [subject] = await db.select({ applicationId: subjects.applicationId }).from(subjects).where(eq(subjects.id, input.subject));
  if (!subject) throw new Error(`no subject ${input.subject}`);
  const [row] = await db
    .insert(rules)
    .values({
      applicationId: subject.applicationId,
      subjectId: input.subject,
      name: input.name,
      definition: input.definition,
      severity: input.severity ?? 'blocking',
      messageZh: input.messageZh ?? `${input.name}：{field} {value}`,
      messageEn: input.messageEn ?? `${input.name}: {field} {value}`,
      enabled: input.enabled ?? true,
      ownerLabel: 'tests',
    })
    .returning({ id: rules.id });
  return row.id;
}

/** Switches rule `id` on or off (its `updated_at` moves, so compiled copies are refreshed). */
export async function setRuleEnabled(db: Executor, id: string, enabled: boolean): Promise<void> {
  await db.update(rules).set({ enabled, updatedAt: new Date() }).where(eq(rules.id, id));
}
