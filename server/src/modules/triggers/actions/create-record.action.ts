/**
 * The `create_record` action type (docs/triggers.md "Action types"): creates a record in a subject
 * of the trigger's application (any subject of it, e.g. a task for each finding), its values from
 * constants or formulas over the event's record (after the change; before it for a delete), with
 * the records module's write path (validateValues, auto numbers, system values, formulas, a
 * version row that feeds the outbox at the run's depth + 1), then the subject's rules (records
 * `checkRecordRules`, docs/rules.md: a failing blocking rule fails the step with its 400, a failing
 * warning is saved and flagged). Writes in the run's transaction, audited `record.create` as the
 * trigger on behalf of its owner.
 *
 * Configuration: `{ subject, set: [{ field, value } | { field, formula }] }`.
 * Output: `{ recordId, subject, values, warnings }` (warnings: the failing warning rules' names).
 */
import { z } from 'zod';
import { insertNewRecord } from '../../records/records.service';
import { validateValues } from '../../subjects/values';
import { registerActionType } from '../action-types';
import { fieldSetSchema, runUser, subjectFor, valuesOf } from './record-support';

export const createRecordConfigSchema = z.object({
  subject: z.string().trim().min(1).max(100),
  set: z.array(fieldSetSchema).max(100).default([]),
});
export type CreateRecordConfig = z.infer<typeof createRecordConfigSchema>;

export const createRecordAction = registerActionType<CreateRecordConfig>({
  type: 'create_record',
  config: createRecordConfigSchema,
  async run(ctx, config) {
    const { subject, applicationId } = await subjectFor(ctx, config.subject);
    const scope = (ctx.event.after ?? ctx.event.before ?? {}) as Record<string, unknown>;
    const values = await validateValues({ db: ctx.tx, applicationId }, subject, valuesOf(subject, config.set, scope), 'create');
    const user = runUser(ctx);
    const { record, warnings } = await insertNewRecord(ctx.tx, subject, values, user);
    const id = record.id;
    await ctx.audit?.record(ctx.tx, {
      action: 'record.create',
      targetType: 'record',
      targetId: id,
      after: record.values,
      details: { application: ctx.event.application, subject: subject.key, trigger: ctx.trigger.id, run: ctx.run?.id ?? null },
    });
    return { recordId: id, subject: subject.key, values: record.values, warnings: warnings.map((w) => w.name) };
  },
});
