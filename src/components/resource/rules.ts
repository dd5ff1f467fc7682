/**
 * The resource kit's form derivations (docs/resource-kit.md "Web"), pure and unit-tested: the
 * client-side rules of a field (the server checks the same again and has the last word), the
 * form's initial values from a row, and the body a create or an update sends.
 *
 * Rules by definition: `required` (text must not be only spaces), `minLength`/`maxLength`, a
 * named `pattern` (RESOURCE_PATTERNS, the server's regex and message key), e-mail and URL kinds,
 * phone numbers (RESOURCE_PATTERNS.phone), number `min`/`max`/`integer`, and the most items of
 * references, tags and lists (`max`).
 */
import type { Rule } from 'antd/es/form';
import { RESOURCE_PATTERNS, writableFields, type FieldDef, type ResourceDef, type ScalarField } from '../../../contracts/resource';
import { readKeyOf } from './columns';
import type { ResourceText } from './messages';

const isText = (f: FieldDef) => f.kind === 'text' || f.kind === 'longText' || f.kind === 'email' || f.kind === 'url' || f.kind === 'phone';

const parses = (v: string) => {
  try {
    JSON.parse(v);
    return true;
  } catch {
    return false;
  }
};

/** The client-side rules of one field (`f`, labelled by `text`), in the order antd reports them. */
export function fieldRules(f: FieldDef | ScalarField, text: ResourceText): Rule[] {
  const rules: Rule[] = [];
  if (f.required) rules.push({ required: true, whitespace: isText(f), message: text.t('common.required') });
  if (isText(f)) {
    const min = 'minLength' in f ? f.minLength : undefined;
    const max = 'maxLength' in f ? f.maxLength : undefined;
    if (min !== undefined && min > 1) rules.push({ min, message: text.t('resource.rule.minLength', { min }) });
    if (max !== undefined) rules.push({ max, message: text.t('resource.rule.maxLength', { max }) });
  }
  if ((f.kind === 'text' || f.kind === 'longText') && f.pattern) {
    const p = RESOURCE_PATTERNS[f.pattern];
    rules.push({ pattern: p.regex, message: text.first([p.message, 'resource.rule.pattern']) });
  }
  if (f.kind === 'email') rules.push({ type: 'email', message: text.t('resource.rule.email') });
  if (f.kind === 'url') rules.push({ type: 'url', message: text.t('resource.rule.url') });
  if (f.kind === 'phone') rules.push({ pattern: RESOURCE_PATTERNS.phone.regex, message: text.first([RESOURCE_PATTERNS.phone.message, 'resource.rule.pattern']) });
  if (f.kind === 'number' || f.kind === 'decimal') {
    if (f.min !== undefined) rules.push({ type: 'number', min: f.min, message: text.t('resource.rule.min', { min: f.min }) });
    if (f.max !== undefined) rules.push({ type: 'number', max: f.max, message: text.t('resource.rule.max', { max: f.max }) });
    if (f.integer) rules.push({ validator: async (_, v: unknown) => (v === null || v === undefined || Number.isInteger(v) ? undefined : Promise.reject(new Error(text.t('resource.rule.integer')))) });
  }
  if (f.kind === 'json') rules.push({ validator: async (_, v: unknown) => (typeof v !== 'string' || v.trim() === '' || parses(v) ? undefined : Promise.reject(new Error(text.t('resource.rule.json')))) });
  if ((f.kind === 'reference' && f.many) || f.kind === 'tags' || f.kind === 'list') {
    if (f.max !== undefined) rules.push({ type: 'array', max: f.max, message: text.t('resource.rule.maxItems', { max: f.max }) });
  }
  return rules;
}

/** The fields the form edits: writable and not `form.hidden`, in definition order. */
export function formFields(def: ResourceDef): string[] {
  return writableFields(def).filter((k) => !def.fields[k].form?.hidden);
}

/** One stored value as the form's input holds it: text '' for null, references as ids, list items with '' for null. */
function toFormValue(f: FieldDef, value: unknown): unknown {
  if (f.kind === 'reference') {
    if (value === null || value === undefined) return f.many ? [] : undefined;
    if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : (v as { id: string }).id));
    return value;
  }
  if (f.kind === 'list') {
    return ((value as Record<string, unknown>[] | null) ?? []).map((item) =>
      Object.fromEntries(Object.entries(f.of).map(([k, sub]) => [k, toFormValue(sub, item[k])])),
    );
  }
  if (f.kind === 'tags') return value ?? [];
  if (f.kind === 'json') return value === null || value === undefined ? '' : JSON.stringify(value, null, 2);
  if (value === null || value === undefined) return isText(f) ? '' : undefined;
  return value;
}

/**
 * The form's initial values: from `row` when editing (references by id), else the definition's
 * defaults (enum, number, boolean `default`; `[]` for lists, tags and many-references), then
 * `extra` (a page's own initial values) over them.
 */
export function initialFormValues(def: ResourceDef, row?: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of formFields(def)) {
    const f = def.fields[k];
    if (row) out[k] = toFormValue(f, row[readKeyOf(k, f)]);
    else if ('default' in f && f.default !== undefined) out[k] = f.default;
    else if (f.kind === 'list' || f.kind === 'tags' || (f.kind === 'reference' && f.many)) out[k] = [];
  }
  return row ? out : { ...out, ...extra };
}

/**
 * The body a save sends from the form's values: every edited field; on an update a field the
 * form left empty (`undefined`) is sent as null so it clears (text inputs already give ''), on a
 * create it is left out (the server fills its default). `fields` are the fields the form shows
 * (default every form field): the others are not sent, so an update leaves them as they are.
 * JSON fields are edited as text and parsed here.
 */
export function formBody(def: ResourceDef, values: Record<string, unknown>, mode: 'create' | 'update', fields = formFields(def)): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of fields) {
    const v = values[k];
    if (v === undefined) {
      if (mode === 'update' && !def.fields[k].required) out[k] = null;
      continue;
    }
    out[k] = def.fields[k].kind === 'json' && typeof v === 'string' ? (v.trim() === '' ? null : (JSON.parse(v) as unknown)) : v;
  }
  return out;
}
