/**
 * The values the server computes on every write of a record: auto numbers (on create, from the
 * field's sequence `s_<hex>`: prefix + zero-padded number), the system fields (created/updated
 * by/at) and formulas (modules/subjects/formula.ts, evaluated after the other values, formulas that
 * read formulas after those they read).
 */
import { sql } from 'drizzle-orm';
import { TEXT_VALUE_MAX } from '../../../../contracts/constants';
import { rowsOf, type Executor } from '../../db/client';
import { ident, sequenceNameOf } from './ddl';
import { evaluateFormula, formulaOrder } from './formula';
import type { FieldDef, SubjectDef } from './subject-def';
import { parseDate, parseDecimal, type FieldValue } from './values';

/** `n` formatted for an auto-number field: `prefix` + `n` padded with zeros to `padding` digits. */
export function formatAutoNumber(field: Pick<FieldDef, 'options'>, n: string | number): string {
  return `${field.options.prefix ?? ''}${String(n).padStart(field.options.padding ?? 0, '0')}`;
}

/** The next values of the subject's auto-number fields (one `nextval` each). */
export async function nextAutoNumbers(db: Executor, subject: SubjectDef): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of subject.fields) {
    if (f.type !== 'autoNumber') continue;
    const [row] = rowsOf<{ n: string }>(await db.execute(sql`select nextval(${ident(sequenceNameOf(f.id))}::regclass)::text as n`));
    out[f.key] = formatAutoNumber(f, row.n);
  }
  return out;
}

/** A formula's result as the column's canonical value (a text is cut to TEXT_VALUE_MAX characters; anything unfit is null). */
function formulaValue(field: FieldDef, out: unknown): FieldValue {
  if (out === null || out === undefined) return null;
  try {
    switch (field.options.resultType ?? 'number') {
      case 'number':
        return parseDecimal(out);
      case 'boolean':
        return Boolean(out);
      case 'date':
        return parseDate(out);
      case 'text':
        return [...String(out)].slice(0, TEXT_VALUE_MAX).join('');
    }
  } catch {
    return null;
  }
  return null;
}

/** The value of formula `field` for a record's `values` (field key → JSON value); null when it has no expression or fails. */
export function evaluateFormulaField(field: FieldDef, values: Record<string, FieldValue>): FieldValue {
  const expression = field.options.expression;
  if (!expression) return null;
  try {
    return formulaValue(field, evaluateFormula(expression, field.options.resultType, values));
  } catch {
    return null;
  }
}

/**
 * Every formula of `subject` computed over `values` (which already hold the written, auto-number
 * and system values), in dependency order.
 * @returns formula key → value.
 */
export function computeFormulas(subject: SubjectDef, values: Record<string, FieldValue>): Record<string, FieldValue> {
  const scope = { ...values };
  const out: Record<string, FieldValue> = {};
  // the schema refuses formula cycles (subjects/field-rules.ts), so the order always exists
  for (const f of formulaOrder(subject.fields)) {
    const v = evaluateFormulaField(f, scope);
    scope[f.key] = v;
    out[f.key] = v;
  }
  return out;
}

/** The system fields' values of a record with these stamps (field key → value). */
export function systemValues(
  subject: SubjectDef,
  stamps: { createdAt: string; createdBy: string | null; updatedAt: string; updatedBy: string | null },
): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const f of subject.fields) {
    if (f.type === 'createdAt') out[f.key] = stamps.createdAt;
    if (f.type === 'createdBy') out[f.key] = stamps.createdBy;
    if (f.type === 'updatedAt') out[f.key] = stamps.updatedAt;
    if (f.type === 'updatedBy') out[f.key] = stamps.updatedBy;
  }
  return out;
}
