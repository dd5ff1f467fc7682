/**
 * A dynamic form's conditions on record writes (conditional rules are enforced on the
 * server too): the records module's create and update call this when the write names a form
 * (`formId`, which the workspace sends when it used the subject's default form). The conditions
 * are decided by contracts' `resolveFormState` — the very function the browser runs — on the
 * record's merged values (create: the fields' own defaults, then what was sent; update: the stored
 * values, then what was sent).
 *
 * - A field hidden by `visibleIf`: its submitted value is IGNORED (taken out before validation), so
 *   on create the field gets what it would get had it not been sent (its own default, else empty;
 *   a field the subject itself requires then fails `required` as usual) and on update it keeps its
 *   stored value. Nothing is ever cleared because a condition hides a field.
 * - A visible field required by `requiredIf` and empty after the write → 400 VALIDATION_FAILED
 *   naming `values.<key>` with errors.required, the shape of values.ts' own required check.
 * - The form's default values are the browser's pre-fill only; the server does not apply them.
 */
import type { FormLayout, FormState } from '../../../../contracts';
import { formLayoutSchema, isEmptyFormValue, resolveFormState } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { SubjectDef } from '../subjects/subject-def';
import { findForm } from './forms.repository';

/** The conditions of one form, decided for one write. */
export interface FormWriteRules {
  /** `given` without the values of the fields the form hides (the write's values, before validation). */
  given: Record<string, unknown>;
  /** @throws 400 naming `values.<key>` for every visible field `requiredIf` requires that `merged` leaves empty. */
  checkRequired(written: Record<string, unknown>): void;
}

/** 400 VALIDATION_FAILED naming `formId`. */
const badForm = (messageKey: 'errors.form.notFound' | 'errors.form.otherSubject') =>
  new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'formId', messageKey }]);

/** The live form `formId` of `subject`'s layout. @throws 400 naming `formId` (unknown, deleted, or another subject's). */
export async function formLayoutFor(db: Executor, subject: SubjectDef, formId: string): Promise<FormLayout> {
  const found = await findForm(db, formId);
  if (!found) throw badForm('errors.form.notFound');
  if (found.form.subjectId !== subject.id) throw badForm('errors.form.otherSubject');
  return formLayoutSchema.parse(found.form.layout);
}

/**
 * The rules of form `formId` for a write of `given` to `subject` (module comment).
 * @param stored the record's stored values (update), or undefined (create: the fields' defaults stand in).
 * @throws 400 naming `formId`.
 */
export async function formWriteRules(
  db: Executor,
  subject: SubjectDef,
  formId: string,
  given: Record<string, unknown>,
  stored?: Record<string, unknown>,
): Promise<FormWriteRules> {
  const layout = await formLayoutFor(db, subject, formId);
  const base =
    stored ??
    Object.fromEntries(subject.fields.filter((f) => f.defaultValue !== undefined && f.defaultValue !== null).map((f) => [f.key, f.defaultValue]));
  const state: FormState = resolveFormState(layout, { ...base, ...given });
  const hidden = new Set(state.hidden);
  return {
    given: Object.fromEntries(Object.entries(given).filter(([k]) => !hidden.has(k))),
    checkRequired(written) {
      const merged = { ...(stored ?? {}), ...written };
      const missing = state.required.filter((k) => isEmptyFormValue(merged[k]));
      if (missing.length > 0) {
        throw new HttpError(
          400,
          'VALIDATION_FAILED',
          'errors.validation',
          missing.map((k) => ({ field: `values.${k}`, messageKey: 'errors.required' as const })),
        );
      }
    },
  };
}
