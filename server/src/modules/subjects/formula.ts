/**
 * Formula fields (issue 6: "computed from other fields by a well-kept expression library, never
 * `eval`"): mathjs expressions over the record's field keys, e.g. `price * quantity`,
 * `round(amount * 1.13, 2)`, `score >= 60 ? "pass" : "fail"`. Numbers are BigNumbers (34 digits), so
 * money stays exact. The functions that could reach outside an expression (import, createUnit,
 * evaluate, parse, simplify, derivative, resolve, compile) are switched off, as mathjs's security
 * notes advise. A formula is computed and stored on every write of its record (so it sorts and
 * filters like any column) and for every record when the formula changes. `==` and `!=` compare
 * texts as texts (`status == "Done"`); mathjs alone would convert them to numbers.
 */
import { all, create, type MathNode } from 'mathjs';
import type { FieldOptions } from '../../../../contracts';

const math = create(all, { number: 'BigNumber', precision: 34 });
const parse = math.parse.bind(math);
const DISABLED = ['import', 'createUnit', 'evaluate', 'parse', 'simplify', 'derivative', 'resolve', 'compile'];
const disabled = () => {
  throw new Error('function disabled in formulas');
};
// `==` and `!=` compare texts as texts (mathjs would convert both sides to numbers and fail on
// `status == "Done"`); an empty value equals nothing but another empty value.
const numericEqual = math.equal;
const numericUnequal = math.unequal;
math.import(
  {
    equal: math.typed('equal', {
      'string, string': (a: string, b: string) => a === b,
      'null, string': () => false,
      'string, null': () => false,
      'null, null': () => true,
      'any, any': (a: unknown, b: unknown) => numericEqual(a as number, b as number),
    }),
    unequal: math.typed('unequal', {
      'string, string': (a: string, b: string) => a !== b,
      'null, string': () => true,
      'string, null': () => true,
      'null, null': () => false,
      'any, any': (a: unknown, b: unknown) => numericUnequal(a as number, b as number),
    }),
  },
  { override: true },
);
math.import(
  { import: disabled, createUnit: disabled, evaluate: disabled, parse: disabled, simplify: disabled, derivative: disabled, resolve: disabled, compile: disabled },
  { override: true },
);

/** Why an expression is refused: a syntax error, an unknown name, or a reference to itself. */
export class FormulaError extends Error {
  constructor(
    message: string,
    /** The field keys or names at fault. */
    readonly names: string[] = [],
  ) {
    super(message);
    this.name = 'FormulaError';
  }
}

/** The symbols an expression reads that are not mathjs functions or constants (i.e. field keys). */
function referencedSymbols(node: MathNode): string[] {
  const names = new Set<string>();
  node.traverse((n, _path, parent) => {
    if (n.type !== 'SymbolNode') return;
    const name = (n as unknown as { name: string }).name;
    // a function name in a call is not a field reference
    if (parent && parent.type === 'FunctionNode' && (parent as unknown as { fn: MathNode }).fn === n) return;
    if (name in math && !/^[a-z][a-z0-9_]*$/.test(name)) return;
    if (['pi', 'e', 'true', 'false', 'null', 'Infinity', 'NaN'].includes(name)) return;
    names.add(name);
  });
  return [...names];
}

/**
 * Checks `expression` against the subject's field keys.
 * @returns the field keys it reads.
 * @throws FormulaError for a syntax error, a name that is no field of `fieldKeys`, or `selfKey`.
 */
export function checkFormula(expression: string, fieldKeys: readonly string[], selfKey?: string): string[] {
  let node: MathNode;
  try {
    node = parse(expression);
  } catch (e) {
    throw new FormulaError(e instanceof Error ? e.message : String(e));
  }
  const badCalls = new Set<string>();
  node.traverse((n) => {
    if (n.type !== 'FunctionNode') return;
    const name = (n as unknown as { fn: { name?: string } }).fn.name ?? '';
    if (DISABLED.includes(name) || !(name in math)) badCalls.add(name);
  });
  if (badCalls.size > 0) throw new FormulaError(`unknown function: ${[...badCalls].join(', ')}`, [...badCalls]);
  const refs = referencedSymbols(node);
  const unknown = refs.filter((r) => !fieldKeys.includes(r));
  if (unknown.length > 0) throw new FormulaError(`unknown field: ${unknown.join(', ')}`, unknown);
  if (selfKey && refs.includes(selfKey)) throw new FormulaError(`a formula cannot read itself: ${selfKey}`, [selfKey]);
  return refs;
}

const compiled = new Map<string, { evaluate: (scope: Record<string, unknown>) => unknown }>();

/** A field value as a mathjs scope value: decimal strings become BigNumbers, empty becomes null. */
function scopeValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return math.bignumber(v);
  if (typeof v === 'number') return math.bignumber(v);
  return v;
}

/**
 * The value of a formula for one record's values (field key → JSON value, contracts/records.ts),
 * converted to `resultType`: number → decimal string, text → string, boolean, date → 'YYYY-MM-DD'.
 * A runtime error (an empty operand, division by zero giving no finite number) yields null.
 */
export function evaluateFormula(expression: string, resultType: FieldOptions['resultType'], values: Record<string, unknown>): unknown {
  let code = compiled.get(expression);
  if (!code) {
    code = parse(expression).compile();
    compiled.set(expression, code);
  }
  const scope: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) scope[k] = scopeValue(v);
  let out: unknown;
  try {
    out = code.evaluate(scope);
  } catch {
    return null;
  }
  if (out === null || out === undefined) return null;
  switch (resultType ?? 'number') {
    case 'number': {
      if (math.isBigNumber(out)) return out.isFinite() ? out.toFixed() : null;
      if (typeof out === 'number') return Number.isFinite(out) ? String(out) : null;
      if (typeof out === 'boolean') return out ? '1' : '0';
      return null;
    }
    case 'boolean':
      return math.isBigNumber(out) ? !out.isZero() : Boolean(out);
    case 'date': {
      const s = String(out);
      return /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : null;
    }
    case 'text':
      return math.isBigNumber(out) ? out.toFixed() : String(out);
  }
}

/** The field keys `expression` reads, without checking them; [] when it does not parse. */
export function formulaReads(expression: string): string[] {
  try {
    return referencedSymbols(parse(expression));
  } catch {
    return [];
  }
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
