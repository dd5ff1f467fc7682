/**
 * The `update_record` action type (docs/triggers.md "Action types"): sets fields of a record, from
 * constants or formulas over the record's current values (the records module's bounded formula
 * evaluator), through the records module's own write path (validateValues + applyChange: a version
 * row, the formulas recomputed, the outbox fed at the run's depth + 1, the subject's rules: a
 * blocking one failing fails the step, a warning is saved and flagged). Writes in the run's
 * transaction (`ctx.tx`), audited `record.update` as the trigger on behalf of its owner.
 *
 * Configuration: `{ subject?, recordId?, set: [{ field, value } | { field, formula }] }`; `subject`
 * (a key of the trigger's application) defaults to the event's, `recordId` to the event's record.
 * Output: `{ recordId, version, changed: { key: { before, after } }, warnings: [rule names] }`, or `{ recordId, changed: {} }`
 * when the values were already set (nothing written).
 */
import { z } from 'zod';
import { applyChange, findRecords } from '../../records/records.service';
import { validateValues } from '../../subjects/values';
import { registerActionType } from '../action-types';
import { fieldSetSchema, runUser, subjectFor, valuesOf } from './record-support';

export const updateRecordConfigSchema = z.object({
  subject: z.string().trim().min(1).max(100).optional(),
  recordId: z.uuid().optional(),
  set: z.array(fieldSetSchema).min(1).max(100),
});
export type UpdateRecordConfig = z.infer<typeof updateRecordConfigSchema>;

export const updateRecordAction = registerActionType<UpdateRecordConfig>({
  type: 'update_record',
  config: updateRecordConfigSchema,
  async run(ctx, config) {
    const { subject, applicationId } = await subjectFor(ctx, config.subject);
    const recordId = config.recordId ?? ctx.event.recordId;
    if (!recordId) throw new Error('no record: the event names none and the configuration gives no recordId');
    const [current] = await findRecords(ctx.tx, subject, [recordId], true);
    if (!current) throw new Error(`record ${recordId} not found in ${subject.key}`);
    const raw = valuesOf(subject, config.set, current.values);
    const values = await validateValues({ db: ctx.tx, applicationId, recordIds: [recordId] }, subject, raw, 'update');
    const user = runUser(ctx);
    const result = await applyChange(ctx.tx, subject, current, values, 'update', user);
    if (!result) {
      await ctx.log('info', 'update_record: nothing to change', { recordId });
      return { recordId, changed: {} };
    }
    await ctx.audit?.record(ctx.tx, {
      action: 'record.update',
      targetType: 'record',
      targetId: recordId,
      before: Object.fromEntries(Object.entries(result.changes).map(([k, c]) => [k, c.before])),
      after: Object.fromEntries(Object.entries(result.changes).map(([k, c]) => [k, c.after])),
      details: {
        application: ctx.event.application,
        subject: subject.key,
        version: result.after.version,
        trigger: ctx.trigger.id,
        run: ctx.run?.id ?? null,
      },
    });
    // the subject's rules checked the record in applyChange (a blocking one failed the step with its 400)
    return { recordId, version: result.after.version, changed: result.changes, warnings: result.warnings.map((w) => w.name) };
  },
});
