/**
 * Form rules derived from a field (contracts/subjects.ts `required` and `validation`), so the form
 * says at once what the server would refuse, naming the field. The server checks again on every
 * write path; its 400 details land under the same fields (submitForm / showFieldErrors).
 */
import type { Rule } from 'antd/es/form';
import type { Field } from '../../../contracts';
import { COMPUTED_FIELD_TYPES } from '../../../contracts/constants';
import { compileUserPattern } from '../../utils/userPattern';
import { isEmptyValue, toDecimal } from './format';

/** Translates a message id with values (intl.formatMessage in components; a stub in tests). */
export type Translate = (id: string, values?: Record<string, string | number>) => string;

const TEXT_TYPES: readonly Field['type'][] = ['text', 'longText', 'email', 'url', 'phone'];
const NUMBER_TYPES: readonly Field['type'][] = ['number', 'money', 'percent'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_PATTERN = /^https?:\/\/[^\s]+$/i;

/**
 * Whether users type this field's value: not a formula, auto number or system field, and not a
 * managed field of a system model (docs/engagements.md "Locked fields": only the domain's guarded
 * actions set it; every record write refuses it).
 */
export function isWritable(field: Pick<Field, 'type'> & { managed?: boolean }): boolean {
  return !COMPUTED_FIELD_TYPES.includes(field.type) && field.managed !== true;
}

function check(ok: boolean, message: string): Promise<void> {
  return ok ? Promise.resolve() : Promise.reject(new Error(message));
}

/**
 * The whole-value `pattern` on `value`, by the linear-time engine the server runs (loaded lazily:
 * utils/userPattern.ts; never `RegExp`): records.rule.pattern when it does not match,
 * records.rule.patternInputTooLong beyond the characters the pattern may be run on; a pattern the
 * engine cannot run (stored before it was the engine) is not checked, as on the server.
 */
async function checkPattern(pattern: string, value: string, name: string, t: Translate): Promise<void> {
  const compiled = await compileUserPattern(pattern);
  if (!compiled.ok) return;
  if (value.length > compiled.pattern.maxInput)
    throw new Error(t('records.rule.patternInputTooLong', { name, n: compiled.pattern.maxInput }));
  if (!compiled.pattern.test(value)) throw new Error(t('records.rule.pattern', { name, pattern }));
}

/**
 * antd Form rules for one field: required (an empty rich text or list counts as empty),
 * minLength/maxLength (characters) and the whole-value `pattern` (checkPattern) for text types, min/max for
 * numbers (decimal strings) and dates ('YYYY-MM-DD'), the shape of e-mail addresses and URLs.
 * Messages come from the `records.rule.*` keys, with the field's name.
 */
export function fieldRules(field: Pick<Field, 'name' | 'type' | 'required' | 'validation'>, t: Translate): Rule[] {
  const name = field.name;
  const v = field.validation ?? {};
  const rules: Rule[] = [];
  if (field.required && isWritable(field)) {
    rules.push({
      required: true,
      validator: (_r, value: unknown) => check(!isEmptyValue(value, field.type), t('records.rule.required', { name })),
    });
  }
  const present = (value: unknown) => !isEmptyValue(value, field.type);

  if (TEXT_TYPES.includes(field.type)) {
    rules.push({
      validator: (_r, value: unknown) => {
        if (!present(value) || typeof value !== 'string') return Promise.resolve();
        const length = [...value].length;
        if (v.minLength !== undefined && length < v.minLength)
          return check(false, t('records.rule.minLength', { name, n: v.minLength }));
        if (v.maxLength !== undefined && length > v.maxLength)
          return check(false, t('records.rule.maxLength', { name, n: v.maxLength }));
        if (field.type === 'email' && !EMAIL.test(value)) return check(false, t('records.rule.email', { name }));
        if (field.type === 'url' && !URL_PATTERN.test(value)) return check(false, t('records.rule.url', { name }));
        if (v.pattern) return checkPattern(v.pattern, value, name, t);
        return Promise.resolve();
      },
    });
  }

  if (NUMBER_TYPES.includes(field.type)) {
    rules.push({
      validator: (_r, value: unknown) => {
        if (!present(value)) return Promise.resolve();
        const d = toDecimal(value);
        if (d === null) return check(false, t('records.rule.number', { name }));
        const n = Number(d);
        if (v.min !== undefined && n < Number(v.min)) return check(false, t('records.rule.min', { name, min: String(v.min) }));
        if (v.max !== undefined && n > Number(v.max)) return check(false, t('records.rule.max', { name, max: String(v.max) }));
        return Promise.resolve();
      },
    });
  }

  if (field.type === 'date' || field.type === 'datetime') {
    rules.push({
      validator: (_r, value: unknown) => {
        if (!present(value) || typeof value !== 'string') return Promise.resolve();
        // Both bounds are dates ('YYYY-MM-DD'); a datetime is compared by its UTC date.
        const day = value.slice(0, 10);
        if (v.min !== undefined && day < String(v.min)) return check(false, t('records.rule.min', { name, min: String(v.min) }));
        if (v.max !== undefined && day > String(v.max)) return check(false, t('records.rule.max', { name, max: String(v.max) }));
        return Promise.resolve();
      },
    });
  }
  return rules;
}
