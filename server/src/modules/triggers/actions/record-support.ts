/**
 * What the record-writing action types (`update_record`, `create_record`) share: the subject of
 * the trigger's application they write, the values a step sets (constants, or formulas over the
 * record's values with the records module's bounded formula evaluator, subjects/formula.ts), and
 * the user the writes are stamped with (the trigger's owner, named after the trigger).
 */
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { CurrentUser, FieldOptions } from '../../../../../contracts';
import type { Executor } from '../../../db/client';
import { applications } from '../../../db/schema';
import { evaluateFormula, FORMULA_LIMITS } from '../../subjects/formula';
import { loadSubjectDef, type FieldDef, type SubjectDef } from '../../subjects/subject-def';
import type { ActionContext } from '../action-types';

/** One field a step sets: a constant `value`, or a `formula` (mathjs, over the record's field keys). */
export const fieldSetSchema = z
  .object({
    field: z.string().trim().min(1).max(100),
    value: z.unknown().optional(),
    formula: z.string().trim().min(1).max(FORMULA_LIMITS.chars).optional(),
  })
  .refine((s) => (s.value === undefined) !== (s.formula === undefined), {
    message: 'give either value or formula',
    path: ['value'],
  });
export type FieldSet = z.infer<typeof fieldSetSchema>;

/** The formula result type that suits a field's type. */
function resultTypeOf(field: FieldDef): FieldOptions['resultType'] {
  if (['number', 'money', 'percent'].includes(field.type)) return 'number';
  if (field.type === 'boolean') return 'boolean';
  if (field.type === 'date') return 'date';
  return 'text';
}

/**
 * The raw values of `sets` for `subject` (to pass through validateValues): constants as given,
 * formulas evaluated over `scope` (field key → value; null when a formula fails).
 * @throws Error naming an unknown field.
 */
export function valuesOf(
  subject: SubjectDef,
  sets: readonly FieldSet[],
  scope: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of sets) {
    const field = subject.fields.find((f) => f.key === s.field);
    if (!field) throw new Error(`subject ${subject.key} has no field ${s.field}`);
    out[s.field] = s.formula !== undefined ? evaluateFormula(s.formula, resultTypeOf(field), scope) : s.value;
  }
  return out;
}

/**
 * The subject `key` (default: the event's) of the event's application, and the application's id.
 * @throws Error when the event names no application, or the subject does not exist.
 */
export async function subjectFor(
  ctx: ActionContext,
  key: string | undefined,
): Promise<{ subject: SubjectDef; applicationId: string }> {
  const slug = ctx.event.application;
  const subjectKey = key ?? ctx.event.subject;
  if (!slug || !subjectKey) throw new Error('the event names no application or subject');
  const [app] = await ctx.tx.select({ id: applications.id }).from(applications).where(eq(applications.slug, slug)).limit(1);
  if (!app) throw new Error(`no application ${slug}`);
  const subject = await loadSubjectDef(ctx.tx as Executor, { applicationId: app.id, key: subjectKey });
  if (!subject) throw new Error(`no subject ${subjectKey} in ${slug}`);
  return { subject, applicationId: app.id };
}

/** The user a run's writes are stamped with: the trigger's owner (its id), named after the trigger. */
export function runUser(ctx: ActionContext): CurrentUser {
  return {
    id: ctx.trigger.ownerId as string,
    name: `trigger ${ctx.trigger.name}`,
    email: '',
    isAdmin: true,
    locale: 'en-US',
    lastApp: null,
  };
}
