/**
 * The rules of a field's definition (per field: required, unique, default, min/max,
 * length, regex, help text), checked before any table changes, each refusal a 400 naming the
 * input field at fault:
 *  - required: not for computed types; unique: UNIQUE_FIELD_TYPES only (and not a many-relation);
 *  - options, per type: selects need options with unique labels; a relation needs a live subject
 *    of the same application; a formula an expression that parses and reads only other fields,
 *    with no cycle through other formulas; money a currency; auto number prefix/padding;
 *  - validation: only the keys of the type (VALIDATION_KEYS_BY_TYPE); min/max numbers (dates for
 *    date types) with min ≤ max; minLength ≤ maxLength; a pattern the linear-time engine runs
 *    (checkPattern; a pattern already stored, unchanged, is kept even when it cannot be run);
 *  - defaultValue: not for user, relation, attachment and computed types; must pass the field's
 *    own checks, the very ones of every record write (subjects/values.ts normalizeValue).
 * Options keys of other types are dropped, so `fields.options` holds only what its type reads.
 */
import {
  COMPUTED_FIELD_TYPES,
  UNIQUE_FIELD_TYPES,
  VALIDATION_KEYS_BY_TYPE,
  type FieldOptions,
  type FieldType,
  type FieldValidation,
  type MessageKey,
} from '../../../../contracts';
import { HttpError } from '../../lib/http-error';
import { normalizeValue, parseDate, parseDateTime, parseDecimal, ValueError } from './values';
import { checkFormula, FormulaError, formulaOrder } from './formula';
import { compileUserPattern, describePatternProblem } from '../../lib/user-pattern';
import { isUuid } from '../../lib/uuid';

/** A field's definition as stored (fields row), before or after the checks. */
export interface FieldDraft {
  key: string;
  name: string;
  type: FieldType;
  required: boolean;
  unique: boolean;
  /** Null = no default. */
  defaultValue: unknown;
  options: FieldOptions;
  validation: FieldValidation;
  helpText: string | null;
}

/** What the checks need to know of the field's surroundings. */
export interface DraftContext {
  /** The subject's other live fields (the field being changed left out). */
  others: readonly { key: string; type: FieldType; options: FieldOptions }[];
  /** True when `id` is a live subject of the same application (a relation's target). */
  isSubjectOfApplication(id: string): Promise<boolean>;
  /** Prefix of the input names in errors: '' for a field body, 'fields.3.' inside a new subject. */
  prefix?: string;
  /** Drop validation keys the type does not take instead of refusing them (a type change that keeps the old rules). */
  dropInapplicableValidation?: boolean;
  /**
   * The field's pattern as stored, when changing a field: kept as it is even if the linear-time
   * engine cannot run it (a pattern saved before RE2 was the engine; its field carries
   * `patternIssue` and records are written without its check until the owner rewrites it).
   */
  storedPattern?: string;
}

/** Types without a default value (their value is computed, or refers to other objects). */
const NO_DEFAULT_TYPES: readonly FieldType[] = [...COMPUTED_FIELD_TYPES, 'user', 'relation', 'attachment'];

/** 400 VALIDATION_FAILED naming `field`, with `messageKey` as the message (and `params`). */
export function invalid(field: string, messageKey: MessageKey, params?: Record<string, string | number>): HttpError {
  return new HttpError(400, 'VALIDATION_FAILED', messageKey, [{ field, messageKey }], params ? { params } : undefined);
}

/** The options keys the type reads, with their defaults; the rest dropped. */
export function cleanOptions(type: FieldType, o: FieldOptions): FieldOptions {
  const defined = <T extends object>(obj: T): T =>
    Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as T;
  switch (type) {
    case 'singleSelect':
    case 'multiSelect':
      return { choices: (o.choices ?? []).map(({ label, color }) => ({ label, color })) };
    case 'number':
    case 'percent':
      return defined({ precision: o.precision });
    case 'money':
      return defined({ currency: o.currency, precision: o.precision ?? 2 });
    case 'relation':
      return defined({ targetSubjectId: o.targetSubjectId, multiple: o.multiple ?? false });
    case 'formula':
      return defined({ expression: o.expression, resultType: o.resultType ?? 'number', precision: o.precision });
    case 'autoNumber':
      return { prefix: o.prefix ?? '', padding: o.padding ?? 0 };
    case 'datetime':
      return defined({ showSeconds: o.showSeconds });
    default:
      return {};
  }
}

/**
 * A validation pattern the linear-time engine runs (lib/user-pattern.ts), else a 400 naming
 * `name`: errors.field.patternUnsupported (lookahead, lookbehind, backreference; `{detail}` the
 * construct), errors.field.patternTooComplex (`{size}`, `{max}` RE2 instructions),
 * errors.field.pattern (`{detail}` RE2's reason, or the length bound).
 */
export function checkPattern(pattern: string, name: string): void {
  const compiled = compileUserPattern(pattern);
  if (compiled.ok) return;
  const problem = compiled.problem;
  if (problem.kind === 'unsupported') throw invalid(name, 'errors.field.patternUnsupported', { detail: problem.detail });
  if (problem.kind === 'tooComplex') throw invalid(name, 'errors.field.patternTooComplex', { size: problem.size, max: problem.max });
  throw invalid(name, 'errors.field.pattern', { detail: describePatternProblem(problem) });
}

function checkValidation(type: FieldType, input: FieldValidation, ctx: DraftContext): FieldValidation {
  const p = `${ctx.prefix ?? ''}validation.`;
  const allowed = VALIDATION_KEYS_BY_TYPE[type] ?? [];
  const out: FieldValidation = {};
  for (const key of ['min', 'max', 'minLength', 'maxLength', 'pattern'] as const) {
    const value = input[key];
    if (value === undefined) continue;
    if (!allowed.includes(key)) {
      if (ctx.dropInapplicableValidation) continue;
      throw invalid(`${p}${key}`, 'errors.field.validationNotApplicable', { type });
    }
    if (key === 'min' || key === 'max') {
      const parse = type === 'date' ? parseDate : type === 'datetime' ? (b: unknown) => parseDateTime(b, true) : parseDecimal;
      try {
        const parsed = parse(value);
        out[key] = typeof value === 'number' ? value : parsed;
      } catch {
        throw invalid(`${p}${key}`, 'errors.field.bound');
      }
    } else if (key === 'pattern') {
      const pattern = value as string;
      if (pattern !== ctx.storedPattern) checkPattern(pattern, `${p}pattern`);
      out.pattern = pattern;
    } else {
      out[key] = value as number;
    }
  }
  if (out.min !== undefined && out.max !== undefined) {
    const numeric = type !== 'date' && type !== 'datetime';
    const a = numeric
      ? Number(parseDecimal(out.min))
      : type === 'datetime'
        ? Date.parse(parseDateTime(out.min, true))
        : String(out.min);
    const b = numeric
      ? Number(parseDecimal(out.max))
      : type === 'datetime'
        ? Date.parse(parseDateTime(out.max, true))
        : String(out.max);
    if (a > b) throw invalid(`${p}min`, 'errors.field.minMax');
  }
  if (out.minLength !== undefined && out.maxLength !== undefined && out.minLength > out.maxLength) {
    throw invalid(`${p}minLength`, 'errors.field.lengthRange');
  }
  return out;
}

/**
 * Checks a field's definition and returns it cleaned (options of its type only, validation
 * normalised, default normalised to its JSON shape).
 * @throws HttpError 400 VALIDATION_FAILED naming the input field at fault (module comment).
 */
export async function checkFieldDraft(ctx: DraftContext, draft: FieldDraft): Promise<FieldDraft> {
  const p = ctx.prefix ?? '';
  const { type } = draft;
  if (draft.required && COMPUTED_FIELD_TYPES.includes(type))
    throw invalid(`${p}required`, 'errors.field.requiredNotApplicable', { type });
  if (draft.unique && (!UNIQUE_FIELD_TYPES.includes(type) || (type === 'relation' && draft.options.multiple))) {
    throw invalid(`${p}unique`, 'errors.field.uniqueNotApplicable', { type });
  }
  const options = cleanOptions(type, draft.options);
  if (type === 'singleSelect' || type === 'multiSelect') {
    const labels = options.choices!.map((o) => o.label);
    if (labels.length === 0) throw invalid(`${p}options.choices`, 'errors.field.choicesRequired');
    const dup = labels.find((l, i) => labels.indexOf(l) !== i);
    if (dup !== undefined) throw invalid(`${p}options.choices`, 'errors.field.choicesUnique', { label: dup });
  }
  if (type === 'money' && !options.currency) throw invalid(`${p}options.currency`, 'errors.required');
  if (type === 'relation') {
    const target = options.targetSubjectId;
    if (!target) throw invalid(`${p}options.targetSubjectId`, 'errors.required');
    if (!isUuid(target) || !(await ctx.isSubjectOfApplication(target)))
      throw invalid(`${p}options.targetSubjectId`, 'errors.field.targetSubject');
  }
  if (type === 'formula') {
    const expression = options.expression;
    if (!expression) throw invalid(`${p}options.expression`, 'errors.required');
    try {
      checkFormula(expression, [...ctx.others.map((f) => f.key), draft.key], draft.key);
    } catch (e) {
      if (e instanceof FormulaError) throw invalid(`${p}options.expression`, 'errors.field.formula', { reason: e.message });
      throw e;
    }
    try {
      formulaOrder([...ctx.others, { key: draft.key, type, options }]);
    } catch (e) {
      if (e instanceof FormulaError)
        throw invalid(`${p}options.expression`, 'errors.field.formulaCycle', { names: e.names.join(', ') });
      throw e;
    }
  }
  const validation = checkValidation(type, draft.validation, ctx);
  let defaultValue: unknown = null;
  if (draft.defaultValue !== null && draft.defaultValue !== undefined) {
    if (NO_DEFAULT_TYPES.includes(type)) throw invalid(`${p}defaultValue`, 'errors.field.noDefault', { type });
    try {
      defaultValue = normalizeValue(
        {
          id: '',
          key: draft.key,
          name: draft.name,
          type,
          column: null,
          position: 0,
          required: false,
          unique: false,
          defaultValue: undefined,
          options,
          validation,
          helpText: null,
          locked: false,
          managed: false,
        },
        draft.defaultValue,
      );
    } catch (e) {
      if (e instanceof ValueError) throw invalid(`${p}defaultValue`, e.messageKey, e.params);
      throw e;
    }
  }
  return { ...draft, options, validation, defaultValue, helpText: draft.helpText ? draft.helpText : null };
}
