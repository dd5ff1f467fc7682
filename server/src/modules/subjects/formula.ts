/**
 * Formula fields (computed from other fields by a well-kept expression library, never
 * `eval`): mathjs expressions over the record's field keys, e.g. `price * quantity`,
 * `round(amount * 1.13, 2)`, `score >= 60 ? "pass" : "fail"`. Numbers are BigNumbers (34 digits), so
 * money stays exact. A formula is computed and stored on every write of its record (so it sorts and
 * filters like any column) and for every record when the formula changes. `==` and `!=` compare
 * texts as texts (`status == "Done"`); mathjs alone would convert them to numbers.
 *
 * A formula runs bounded (formula-eval.ts): whitelisted operators and functions only
 * (FORMULA_FUNCTIONS), and the size, number, text and time bounds of FORMULA_LIMITS. A formula
 * beyond them is refused when saved (checkFormula); one stored before the bounds, or running away
 * on a record's values, yields null.
 */
import type { FieldOptions } from '../../../../contracts';
import { analyse, FormulaError, isBigNumber, runFormula, type Analysed } from './formula-eval';

export { FORMULA_FUNCTIONS, FORMULA_LIMITS, FormulaError } from './formula-eval';

/** Analysed expressions by text: what a write evaluates again and again. At most CACHE_SIZE; emptied when full. */
const analysed = new Map<string, Analysed>();
/** Distinct expressions kept analysed (each holds a few kilobytes at most: 2,000 characters, 200 nodes). */
const CACHE_SIZE = 1000;

/** `expression` parsed and compiled within the limits, from the cache when seen before. */
function analysedOf(expression: string): Analysed {
  let a = analysed.get(expression);
  if (!a) {
    a = analyse(expression);
    if (analysed.size >= CACHE_SIZE) analysed.clear();
    analysed.set(expression, a);
  }
  return a;
}

/**
 * Checks `expression` against the limits and the subject's field keys.
 * @returns the field keys it reads.
 * @throws FormulaError for a syntax error, anything outside the whitelist or beyond FORMULA_LIMITS
 *   (its message says which), a name that is no field of `fieldKeys`, or `selfKey`.
 */
export function checkFormula(expression: string, fieldKeys: readonly string[], selfKey?: string): string[] {
  const a = analysedOf(expression);
  if (a.error) throw a.error;
  const refs = a.reads;
  const unknown = refs.filter((r) => !fieldKeys.includes(r));
  if (unknown.length > 0) throw new FormulaError(`unknown field: ${unknown.join(', ')}`, unknown);
  if (selfKey && refs.includes(selfKey)) throw new FormulaError(`a formula cannot read itself: ${selfKey}`, [selfKey]);
  return refs;
}

/**
 * The value of a formula for one record's values (field key → JSON value, contracts/records.ts),
 * converted to `resultType`: number → decimal string, text → string, boolean, date → 'YYYY-MM-DD'.
 * Null when the formula is refused by the limits (one stored before them), when it runs away
 * (beyond a number, text or time bound) or on a runtime error (an empty operand, division by zero).
 * Never throws.
 */
export function evaluateFormula(
  expression: string,
  resultType: FieldOptions['resultType'],
  values: Record<string, unknown>,
): unknown {
  const { code } = analysedOf(expression);
  if (!code) return null;
  let out: unknown;
  try {
    out = runFormula(code, values);
  } catch {
    return null;
  }
  if (out === null || out === undefined) return null;
  switch (resultType ?? 'number') {
    case 'number': {
      if (isBigNumber(out)) return out.isFinite() ? out.toFixed() : null;
      if (typeof out === 'number') return Number.isFinite(out) ? String(out) : null;
      if (typeof out === 'boolean') return out ? '1' : '0';
      return null;
    }
    case 'boolean':
      return isBigNumber(out) ? !out.isZero() : Boolean(out);
    case 'date': {
      const s = String(out);
      return /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : null;
    }
    case 'text':
      return isBigNumber(out) ? out.toFixed() : String(out);
  }
}

/** The field keys `expression` reads, without checking them; [] when it does not parse. */
export function formulaReads(expression: string): string[] {
  return analysedOf(expression).reads;
}

/**
 * Lets other requests run during a long computation: call the function it returns after each
 * record; it yields to the event loop (setImmediate) once `sliceMs` of computing have passed
 * since the last pause. For loops evaluating formulas over many records (recomputes).
 */
export function formulaPacer(sliceMs = 20): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/** What formulaOrder and formulasReading need of a field. */
export interface FormulaFieldLike {
  key: string;
  type: string;
  options: FieldOptions;
}

/**
 * The formula fields of `fields`, each after the formulas it reads: the order in which a write
 * computes them (a formula may read another formula).
 * @throws FormulaError naming the keys of a cycle (a formula that reads itself through others).
 */
export function formulaOrder<F extends FormulaFieldLike>(fields: readonly F[]): F[] {
  const formulas = new Map(fields.filter((f) => f.type === 'formula').map((f) => [f.key, f]));
  const done = new Set<string>();
  const visiting: string[] = [];
  const out: F[] = [];
  const visit = (f: F) => {
    if (done.has(f.key)) return;
    const at = visiting.indexOf(f.key);
    if (at >= 0) throw new FormulaError(`cycle: ${[...visiting.slice(at), f.key].join(' → ')}`, visiting.slice(at));
    visiting.push(f.key);
    for (const key of formulaReads(f.options.expression ?? '')) {
      const dep = formulas.get(key);
      if (dep) visit(dep);
    }
    visiting.pop();
    done.add(f.key);
    out.push(f);
  };
  for (const f of formulas.values()) visit(f);
  return out;
}

/**
 * The formula fields whose value depends on any of `keys` (directly or through other formulas),
 * in computing order; a formula among `keys` is included itself.
 */
export function formulasReading<F extends FormulaFieldLike>(fields: readonly F[], keys: readonly string[]): F[] {
  const affected = new Set(keys);
  const ordered = formulaOrder(fields);
  const out: F[] = [];
  for (const f of ordered) {
    if (affected.has(f.key) || formulaReads(f.options.expression ?? '').some((k) => affected.has(k))) {
      affected.add(f.key);
      out.push(f);
    }
  }
  return out;
}
