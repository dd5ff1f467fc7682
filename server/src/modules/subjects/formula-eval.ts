/**
 * The bounded evaluator of formula fields (formula.ts is its API). A formula is user-typed code the
 * server runs on every write, so nothing in it may run long, allocate without bound or reach shared
 * state:
 *
 * - mathjs only parses the text and does the arithmetic; the parsed tree is compiled here, node by
 *   node, from a whitelist of node types, operators and functions (FORMULA_FUNCTIONS). Matrices,
 *   ranges, assignments, function definitions, properties, units, `config`, `import`… are not in
 *   it, so a formula can neither build a large value nor change any setting: the private mathjs
 *   instance behind the functions is never handed to a formula, and its `config`/`import` are
 *   switched off besides.
 * - Every bound is in FORMULA_LIMITS: text length, bracket depth, tree size, calls of the
 *   costly functions (all checked before anything runs), literals (magnitude and digits), every
 *   intermediate value (numbers through decimal.js's maxE/minE: beyond ±1e100 a number overflows,
 *   texts by length) and the wall-clock time of one evaluation.
 * - The constant parts of a formula are computed once when it is compiled: a constant beyond the
 *   bounds (`1e99 * 1e99`, `exp(1e99)`) refuses the formula when it is saved.
 *
 * No loops, no recursion, no collections: an evaluation calls each function node at most once, on
 * bounded scalars, so its cost is bounded by the tree size (measured figures: subjects/README.md).
 *
 * mathjs is required on the first formula (loadMath, synchronously: the API stays synchronous),
 * not when the server starts: its require costs most of a second, which every process that never
 * meets a formula would otherwise pay.
 */
import { createRequire } from 'node:module';
import type { BigNumber, MathJsInstance, MathNode } from 'mathjs';
import type * as MathJs from 'mathjs';
import { LONG_TEXT_VALUE_MAX } from '../../../../contracts/constants';

/** The bounds of a formula and of its evaluation (documented in server/README.md "Formula limits"). */
export const FORMULA_LIMITS = {
  /** Characters of an expression (the API's own cap, contracts/subjects.ts `options.expression`). */
  chars: 2000,
  /** Brackets open at once (the parser recurses per bracket). */
  depth: 32,
  /** Parts of the parsed tree: numbers, texts, field names, operators, calls. */
  nodes: 200,
  /** Calls of the costly functions (COSTLY_FUNCTIONS: up to ~1 ms each at 34 digits on a loaded 2-core machine). */
  costlyCalls: 5,
  /** Largest decimal exponent of a number: |x| < 1e100; beyond, it overflows (an error: null). */
  maxExponent: 99,
  /** Smallest decimal exponent of a non-zero number: below 1e-100 a result becomes 0; a literal is refused. */
  minExponent: -100,
  /** Significant digits of a number literal: the precision of the arithmetic (34, IEEE 754 decimal128). */
  digits: 34,
  /** Characters of a text produced inside a formula (a long text's own limit, LONG_TEXT_VALUE_MAX). */
  textChars: LONG_TEXT_VALUE_MAX,
  /** Wall-clock time of one evaluation, ms; checked before every call (a last resort: the bounds above keep evaluations far below it). */
  timeMs: 100,
} as const;

const CONFIG = { number: 'BigNumber', precision: FORMULA_LIMITS.digits, predictable: true } as const;
/** Parses only: its BigNumbers keep decimal.js's own wide exponent range, so a literal's real size can be checked. */
let parser: MathJsInstance;
/** Computes: never handed to a formula. */
let math: MathJsInstance;
let mathFns: Record<string, (...args: unknown[]) => unknown>;

/** A bound of FORMULA_LIMITS was crossed while evaluating: the formula yields null, or is refused when it is a constant. */
export class FormulaLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormulaLimitError';
  }
}

/** Why a formula is refused: syntax, a name or function not allowed, a limit. `names` are the names at fault. */
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

type Fn = (...args: unknown[]) => unknown;

/** A text of `parts`: texts as they are, numbers in plain decimals, truth values as true/false; empty or other values are an error. */
function concat(...parts: unknown[]): string {
  let length = 0;
  const texts = parts.map((p) => {
    let s: string;
    if (typeof p === 'string') s = p;
    else if (math.isBigNumber(p)) s = p.toFixed();
    else if (typeof p === 'boolean') s = String(p);
    else throw new TypeError('concat takes texts, numbers and truth values');
    length += s.length;
    if (length > FORMULA_LIMITS.textChars) throw new FormulaLimitError(`text longer than ${FORMULA_LIMITS.textChars} characters`);
    return s;
  });
  return texts.join('');
}

/** mathjs's names of the arithmetic operators (+ - * / mod ^, unary - +): operators and callable functions both. */
const ARITHMETIC_OPERATORS = ['add', 'subtract', 'multiply', 'divide', 'mod', 'pow', 'unaryMinus', 'unaryPlus'];
/** mathjs's names of the comparison and logical operators (equal/unequal are Assay's own, text-aware). */
const LOGIC_OPERATORS = ['smaller', 'smallerEq', 'larger', 'largerEq', 'and', 'or', 'not', 'xor'];
/** The functions a formula may call that are mathjs's own: arithmetic, rounding, aggregates, comparison, logic, text. */
const MATH_FUNCTIONS = [...ARITHMETIC_OPERATORS, ...LOGIC_OPERATORS, 'abs', 'sign', 'round', 'floor', 'ceil', 'fix', 'sqrt', 'exp', 'log', 'log10', 'min', 'max', 'sum', 'mean', 'string'];
/** The functions a formula may call, by name (set by loadMath): mathjs's, and Assay's equal, unequal and concat. */
let FUNCTIONS: Record<string, Fn>;
/** The names a formula may call, sorted (documented in server/README.md "Formula limits"); the operators' own names too (`add(a, b)`). */
export const FORMULA_FUNCTIONS: readonly string[] = ['equal', 'unequal', 'concat', ...MATH_FUNCTIONS].sort();
/** Functions costing ~10× the others (decimal.js series at 34 digits): at most FORMULA_LIMITS.costlyCalls per formula; `^` counts. */
const COSTLY_FUNCTIONS = new Set(['pow', 'sqrt', 'exp', 'log', 'log10']);
/** Operators (mathjs OperatorNode `fn`): + - * / mod % ^, unary - +, comparisons, and or not xor, `??`. */
const OPERATORS = new Set([...ARITHMETIC_OPERATORS, 'equal', 'unequal', ...LOGIC_OPERATORS, 'nullish']);
/** Named constants. A field keyed `pi` or `e` cannot be read by a formula: the constant wins. */
const CONSTANTS: Record<string, unknown> = { pi: null, e: null };

let loaded = false;

/**
 * Requires mathjs and sets up the two instances, the functions and the constants, once (every
 * exported function that needs them calls it first).
 */
function loadMath(): void {
  if (loaded) return;
  const { all, create, parseDependencies } = createRequire(__filename)('mathjs') as typeof MathJs;
  parser = create({ parseDependencies }, CONFIG);
  math = create(all, CONFIG);
  // decimal.js's own exponent limits on this instance's BigNumber class: past maxE a result is Infinity, below minE 0
  (math as unknown as { BigNumber: { set(o: { maxE: number; minE: number }): void } }).BigNumber.set({
    maxE: FORMULA_LIMITS.maxExponent,
    minE: FORMULA_LIMITS.minExponent,
  });
  mathFns = math as unknown as Record<string, (...args: unknown[]) => unknown>;
  // `==` and `!=` compare texts as texts (mathjs would convert both sides to numbers and fail on
  // `status == "Done"`); an empty value equals nothing but another empty value.
  const equal = math.typed('equal', {
    'string, string': (a: string, b: string) => a === b,
    'null, string': () => false,
    'string, null': () => false,
    'null, null': () => true,
    'any, any': (a: unknown, b: unknown) => math.equal(a as number, b as number),
  }) as Fn;
  const unequal = math.typed('unequal', {
    'string, string': (a: string, b: string) => a !== b,
    'null, string': () => true,
    'string, null': () => true,
    'null, null': () => false,
    'any, any': (a: unknown, b: unknown) => math.unequal(a as number, b as number),
  }) as Fn;
  FUNCTIONS = { equal, unequal, concat, ...Object.fromEntries(MATH_FUNCTIONS.map((name) => [name, mathFns[name]])) };
  CONSTANTS.pi = math.pi;
  CONSTANTS.e = math.e;
  // Defence in depth: nothing reaches `math`, but were it ever handed out, it could change nothing.
  const switchedOff = () => {
    throw new Error('function disabled in formulas');
  };
  math.import({ import: switchedOff, createUnit: switchedOff, config: switchedOff }, { override: true });
  loaded = true;
}

/** A field's value in a formula: decimal strings and numbers become BigNumbers; lists become their items joined with ', '. */
export function scopeValue(v: unknown): unknown {
  loadMath();
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return /^-?\d+(\.\d+)?$/.test(v) ? math.bignumber(v) : v;
  if (typeof v === 'number') return math.bignumber(v);
  if (typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.map((x) => String(x)).join(', ');
  return null;
}

/** `v` when it is within the bounds: a finite number (|x| < 1e100 by the BigNumber class), a text within textChars, a truth value, null. */
function bounded(v: unknown): unknown {
  if (v === null || v === undefined || typeof v === 'boolean') return v;
  if (math.isBigNumber(v)) {
    if (!v.isFinite())
      throw new FormulaLimitError(`a number beyond the bounds (|x| < 1e${FORMULA_LIMITS.maxExponent + 1}) or no number`);
    return v;
  }
  if (typeof v === 'string') {
    if (v.length > FORMULA_LIMITS.textChars)
      throw new FormulaLimitError(`text longer than ${FORMULA_LIMITS.textChars} characters`);
    return v;
  }
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || Math.abs(v) >= 10 ** (FORMULA_LIMITS.maxExponent + 1))
      throw new FormulaLimitError('a number beyond the bounds');
    return v;
  }
  throw new TypeError(`not a number, text or truth value: ${math.typeOf(v)}`);
}

/** One evaluation's clock. */
interface Run {
  /** performance.now() after which it stops, ms. */
  deadline: number;
}
type Scope = Record<string, unknown>;
type Code = (scope: Scope, run: Run) => unknown;

/** Calls `fn` with the clock checked before and the result's bounds after. */
function call(fn: Fn, args: unknown[], run: Run): unknown {
  if (performance.now() > run.deadline) throw new FormulaLimitError(`longer than ${FORMULA_LIMITS.timeMs} ms`);
  return bounded(fn(...args));
}

/** A condition's truth, as mathjs's ConditionalNode reads it: numbers non-zero, texts non-empty, empty false. */
function truth(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === 'boolean' || typeof v === 'string' || typeof v === 'number') return Boolean(v);
  if (math.isBigNumber(v)) return !v.isZero();
  throw new TypeError(`not a condition: ${math.typeOf(v)}`);
}

/** The node fields this compiler reads (mathjs's node classes, structurally); formula-sql.ts reads them too. */
export interface FormulaNode {
  type: string;
  value?: unknown;
  name?: string;
  fn?: unknown;
  op?: string;
  args?: Node[];
  content?: Node;
  condition?: Node;
  trueExpr?: Node;
  falseExpr?: Node;
  conditionals?: string[];
  params?: Node[];
}
type Node = FormulaNode;

/** A compiled node: its code and whether it reads no field (then it was computed once, at compile time). */
interface Compiled {
  code: Code;
  constant: boolean;
}

/** A short text of a node for messages. */
const shown = (node: Node) => {
  const text = (node as unknown as MathNode).toString();
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

/** A number literal as a BigNumber of the computing class, or a FormulaError when it is beyond the bounds. */
function literal(value: unknown): unknown {
  if (parser.isBigNumber(value)) {
    const v = value as BigNumber;
    const digits = v.isFinite() && !v.isZero() ? v.sd() : 0;
    if (
      !v.isFinite() ||
      (!v.isZero() && (v.e > FORMULA_LIMITS.maxExponent || v.e < FORMULA_LIMITS.minExponent)) ||
      digits > FORMULA_LIMITS.digits
    ) {
      const text = v.toString();
      throw new FormulaError(
        `number out of bounds: ${text.length > 30 ? `${text.slice(0, 30)}…` : text} (numbers have at most ${FORMULA_LIMITS.digits} digits and 1e${FORMULA_LIMITS.minExponent} ≤ |x| < 1e${FORMULA_LIMITS.maxExponent + 1})`,
      );
    }
    return math.bignumber(v.toString());
  }
  if (typeof value === 'number') {
    // mathjs makes the 100 of a percentage (`10%` is `10 / 100`) a plain number; NaN and Infinity too
    if (!Number.isFinite(value)) throw new FormulaError(`number out of bounds: ${value}`);
    return literal(parser.bignumber(value));
  }
  return value; // a text (within the expression's length), true, false, null, undefined
}

/** Counts of a compilation. */
interface Budget {
  costly: number;
}

/**
 * Compiles `node` to code over a scope of field values (recursion as deep as the tree: at most
 * FORMULA_LIMITS.nodes).
 * @throws FormulaError for a node, operator or function outside the whitelist, a literal or a
 *   constant part beyond the bounds, or more costly calls than FORMULA_LIMITS.costlyCalls.
 */
function compileNode(node: Node, budget: Budget): Compiled {
  const sub = (n: Node) => compileNode(n, budget);
  let compiled: Compiled;
  switch (node.type) {
    case 'ConstantNode': {
      const value = literal(node.value);
      return { code: () => value, constant: true };
    }
    case 'SymbolNode': {
      const name = node.name!;
      if (name in CONSTANTS) {
        const value = CONSTANTS[name];
        return { code: () => value, constant: true };
      }
      return {
        code: (scope) => {
          if (!Object.hasOwn(scope, name)) throw new Error(`no value for ${name}`);
          return scope[name];
        },
        constant: false,
      };
    }
    case 'ParenthesisNode':
      return sub(node.content!);
    case 'OperatorNode': {
      const name = String(node.fn);
      if (!OPERATORS.has(name)) throw new FormulaError(`operator not allowed: ${node.op}`, [String(node.op)]);
      if (COSTLY_FUNCTIONS.has(name)) budget.costly += 1;
      compiled = combine(name, node.args!.map(sub));
      break;
    }
    case 'FunctionNode': {
      const callee = node.fn as Node;
      const name = callee.type === 'SymbolNode' ? callee.name! : shown(callee);
      if (callee.type !== 'SymbolNode' || !Object.hasOwn(FUNCTIONS, name))
        throw new FormulaError(`function not allowed: ${name} (allowed: ${FORMULA_FUNCTIONS.join(', ')})`, [name]);
      if (COSTLY_FUNCTIONS.has(name)) budget.costly += 1;
      compiled = combine(name, node.args!.map(sub));
      break;
    }
    case 'ConditionalNode': {
      const [c, t, f] = [sub(node.condition!), sub(node.trueExpr!), sub(node.falseExpr!)];
      compiled = {
        code: (scope, run) => (truth(c.code(scope, run)) ? t.code(scope, run) : f.code(scope, run)),
        constant: c.constant && t.constant && f.constant,
      };
      break;
    }
    case 'RelationalNode': {
      // `a < b <= c`: each comparison in turn, false at the first that fails
      const params = node.params!.map(sub);
      const fns = node.conditionals!.map((name) => {
        if (!OPERATORS.has(name)) throw new FormulaError(`operator not allowed: ${name}`, [name]);
        return FUNCTIONS[name];
      });
      compiled = {
        code: (scope, run) => {
          let left = params[0].code(scope, run);
          for (let i = 0; i < fns.length; i++) {
            const right = params[i + 1].code(scope, run);
            if (!truth(call(fns[i], [left, right], run))) return false;
            left = right;
          }
          return true;
        },
        constant: params.every((p) => p.constant),
      };
      break;
    }
    default:
      throw new FormulaError(`not allowed in a formula: ${shown(node)}`);
  }
  if (budget.costly > FORMULA_LIMITS.costlyCalls)
    throw new FormulaError(`more than ${FORMULA_LIMITS.costlyCalls} calls of ${[...COSTLY_FUNCTIONS].join(', ')} or ^`);
  return compiled.constant ? fold(node, compiled) : compiled;
}

/** Code calling function or operator `name` on `args`; `and`, `or` and `??` read their right side only when needed. */
function combine(name: string, args: Compiled[]): Compiled {
  const constant = args.every((a) => a.constant);
  const codes = args.map((a) => a.code);
  if (name === 'nullish') {
    const [l, r] = codes;
    return { code: (s, run) => l(s, run) ?? r(s, run), constant };
  }
  const fn = FUNCTIONS[name];
  if (name === 'and' || name === 'or') {
    const [l, r] = codes;
    const shortCut = name === 'and' ? false : true;
    return {
      code: (s, run) => {
        const left = l(s, run);
        // as mathjs: `false and …` is false, `true or …` is true without reading the right side
        if (call(fn, [left, !shortCut], run) === shortCut) return shortCut;
        return call(fn, [left, r(s, run)], run);
      },
      constant,
    };
  }
  return {
    code: (s, run) =>
      call(
        fn,
        codes.map((c) => c(s, run)),
        run,
      ),
    constant,
  };
}

/**
 * A constant part computed now: its value when it has one, the code as it was when it fails
 * otherwise (`"a" * 2` fails at every evaluation: null).
 * @throws FormulaError when it crosses a bound.
 */
function fold(node: Node, compiled: Compiled): Compiled {
  try {
    const value = compiled.code({}, { deadline: performance.now() + FORMULA_LIMITS.timeMs });
    return { code: () => value, constant: true };
  } catch (e) {
    if (e instanceof FormulaLimitError) throw new FormulaError(`${e.message}: ${shown(node)}`);
    return compiled;
  }
}

/** The deepest bracket nesting of `text`, outside quoted texts. */
function bracketDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === '\\') i += 1;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') deepest = Math.max(deepest, ++depth);
    else if (ch === ')' || ch === ']' || ch === '}') depth -= 1;
  }
  return deepest;
}

/** A parsed formula: the field keys it reads, and its compiled code or why it is refused. */
export interface Analysed {
  /** Field keys read (names that are neither called nor constants); [] when it does not parse. */
  reads: string[];
  /** The code, when the formula is within every bound. */
  code?: Code;
  /** Why it is refused. */
  error?: FormulaError;
}

/**
 * Parses and compiles `expression` within FORMULA_LIMITS (chars and bracket depth before parsing,
 * then tree size, whitelist, literals, costly calls, constant parts).
 */
export function analyse(expression: string): Analysed {
  loadMath();
  if (expression.length > FORMULA_LIMITS.chars)
    return { reads: [], error: new FormulaError(`longer than ${FORMULA_LIMITS.chars} characters`) };
  if (bracketDepth(expression) > FORMULA_LIMITS.depth)
    return { reads: [], error: new FormulaError(`brackets nested more than ${FORMULA_LIMITS.depth} deep`) };
  let root: MathNode;
  try {
    root = parser.parse(expression);
  } catch (e) {
    const message = e instanceof RangeError ? `nested too deeply` : e instanceof Error ? e.message : String(e);
    return { reads: [], error: new FormulaError(message) };
  }
  const reads = new Set<string>();
  let nodes = 0;
  root.traverse((n, _path, parent) => {
    nodes += 1;
    if (n.type !== 'SymbolNode') return;
    // a function name in a call is not a field reference
    if (parent && parent.type === 'FunctionNode' && (parent as unknown as Node).fn === n) return;
    const name = (n as unknown as Node).name!;
    if (!(name in CONSTANTS)) reads.add(name);
  });
  const result: Analysed = { reads: [...reads] };
  if (nodes > FORMULA_LIMITS.nodes) {
    result.error = new FormulaError(`more than ${FORMULA_LIMITS.nodes} parts (${nodes})`);
    return result;
  }
  try {
    result.code = compileNode(root as unknown as Node, { costly: 0 }).code;
  } catch (e) {
    if (!(e instanceof FormulaError)) throw e;
    result.error = e;
  }
  return result;
}

/**
 * The parsed tree of `expression` (mathjs's nodes: ConstantNode, SymbolNode, ParenthesisNode,
 * OperatorNode, FunctionNode, ConditionalNode, RelationalNode), for the compilers of the formula
 * language to other targets (formula-sql.ts). Call it on an expression `analyse` accepted.
 * @throws Error when it does not parse.
 */
export function parseFormula(expression: string): FormulaNode {
  loadMath();
  return parser.parse(expression) as unknown as FormulaNode;
}

/** A number literal of a parsed tree (a parser BigNumber or a plain number) as a plain decimal text. */
export function literalText(value: unknown): string {
  loadMath();
  if (parser.isBigNumber(value)) return (value as BigNumber).toFixed();
  return math.bignumber(value as number).toFixed();
}

/**
 * Runs compiled `code` over a record's `values` (field key → JSON value).
 * @returns the result (BigNumber, string, boolean or null).
 * @throws FormulaLimitError past a bound (FORMULA_LIMITS.timeMs included); Error/TypeError for an
 *   operation that has no value (an empty operand, a text where a number is needed).
 */
export function runFormula(code: Code, values: Record<string, unknown>): unknown {
  loadMath();
  const scope: Scope = {};
  for (const [k, v] of Object.entries(values)) scope[k] = scopeValue(v);
  return bounded(code(scope, { deadline: performance.now() + FORMULA_LIMITS.timeMs }));
}

/** True for a mathjs BigNumber (of the computing instance). */
export const isBigNumber = (v: unknown): v is BigNumber => {
  loadMath();
  return math.isBigNumber(v);
};
