/**
 * A formula compiled to SQL: the same expression language as formula fields (formula.ts), turned
 * into one SQL expression over a table's columns, so that a whole subject is tested in one
 * set-based statement (the rules engine, queries) and gives, row by row, the value the formula
 * engine gives for that record. The subset, the value model and the limits are in
 * docs/formula-sql.md; the arithmetic is in the SQL functions of migration 0016_formula_sql
 * (`assay_f_*`: 34 significant digits, comparisons within mathjs's tolerances).
 *
 * In the subset: numbers, texts, true/false/null; field names; + - * / mod %, unary - +; == != < <=
 * > >= (chains too); and or not xor; `c ? a : b`; `??`; abs, sign, round (a constant number of
 * decimals), floor, ceil, fix, min, max, sum, mean, concat, and the operators' own names (add,
 * equal…). Not in it: ^ and pow, sqrt, exp, log, log10, string, the constants pi and e, booleans in
 * arithmetic, booleans compared with numbers or texts, and branches of different kinds: a formula
 * outside the subset throws FormulaError ("not in the SQL subset: …"), and its caller evaluates it
 * record by record instead.
 */
import { sql, type SQL } from 'drizzle-orm';
import { analyse, FormulaError, FORMULA_LIMITS, literalText, parseFormula, type FormulaNode } from './formula-eval';
import { columnOf } from './ddl';
import type { SubjectDef } from './subject-def';
import { kindOf } from './values';

/** The kind of a value in SQL: numeric, text, boolean, or the literal null (of no kind yet). */
export type FormulaSqlKind = 'number' | 'text' | 'boolean';

/** A column a formula may read: its SQL (e.g. `"t"."amount"`) and the kind of its values. */
export interface FormulaSqlColumn {
  sql: SQL;
  /** number: a numeric column; text: a text column (its values that look like decimals are numbers, as in formulas); boolean. */
  kind: FormulaSqlKind;
  /** Set when the field's values have no SQL form in the subset (e.g. `a datetime field`): a formula reading it is refused. */
  unsupported?: string;
}

/** A compiled formula: its SQL expression and the kind of its value ('null' for a formula that is always empty). */
export interface FormulaSql {
  sql: SQL;
  kind: FormulaSqlKind | 'null';
}

/**
 * Whether a text is a field's value (then a decimal-looking one is a number, as in formulas) or one
 * the formula typed or made (a text, whatever it looks like): `sql` says so row by row (a branch of
 * `?:` or `??` may be either), `all` when it always is.
 */
interface Fieldness {
  sql: SQL;
  all: boolean;
}

/**
 * A compiled part: its SQL, its kind, for texts whether it is a field's value, and what its SQL
 * null means. The formula engine tells an empty value (a field without one, `null`) from an error
 * (an operation on an empty value, a text that is no number): `==` and `not` and `??` and the
 * condition of `?:` treat the two differently, while SQL has one null. `empty`: true when a null is
 * always an empty value (fields, literals); absent when it is always an error (what operations
 * give); an SQL truth value, row by row, when it may be either (true: an error).
 */
interface Part {
  sql: SQL;
  kind: FormulaSqlKind | 'null';
  field?: Fieldness;
  empty?: true | SQL;
}

/** SQL true where the part's null is an error; null when it never is. */
function errorOf(p: Part): SQL | null {
  if (p.empty === true) return null;
  if (p.empty === undefined) return sql`(${p.sql} is null)`;
  return sql`(${p.sql} is null and ${p.empty})`;
}

/** `value`, or null on the rows where one of `parts` is an error (the formula engine stops there). */
function unlessError(value: SQL, parts: Part[]): SQL {
  const errors = parts.map(errorOf).filter((e): e is SQL => e !== null);
  if (errors.length === 0) return value;
  return sql`(case when ${sql.join(errors, sql` or `)} then null else ${value} end)`;
}

const NOT_A_FIELD: Fieldness = { sql: sql`false`, all: false };
const fieldOf = (p: Part): Fieldness => (p.kind === 'text' && p.field ? p.field : NOT_A_FIELD);

const notInSubset = (what: string) => new FormulaError(`not in the SQL subset: ${what}`, [what]);
const bool = (v: boolean) => sql.raw(v ? 'true' : 'false');

/** The part as a number, as mathjs converts it for arithmetic and ordering (a text that is no number: null). */
function asNumber(p: Part, what: string): SQL {
  switch (p.kind) {
    case 'number':
      return p.sql;
    case 'text':
      // a field's text converts as mathjs converts it to a BigNumber; other texts (typed in the
      // formula, or made by it) convert differently when both operands are texts: not in the subset
      if (!p.field?.all) throw notInSubset(`a text that is not a field's value in ${what}`);
      return sql`assay_f_num(${p.sql})`;
    case 'null':
      return sql`null::numeric`;
    default:
      throw notInSubset(`a truth value in ${what}`);
  }
}

/**
 * The part as an operand of and, or, xor, not: truth values as they are, numbers non-zero, a
 * field's text converted to a number. mathjs converts a text to a JavaScript number or to a
 * BigNumber depending on the other operand (the blank text is 0 to one, an error to the other):
 * texts typed in the formula or made by it are not in the subset here.
 */
function asLogic(p: Part, what: string): SQL {
  switch (p.kind) {
    case 'boolean':
      return p.sql;
    case 'number':
      return sql`(${p.sql} <> 0)`;
    case 'text':
      if (!p.field?.all) throw notInSubset(`a text that is not a field's value in ${what}`);
      return sql`(assay_f_num(${p.sql}) <> 0)`;
    default:
      return sql`null::boolean`;
  }
}

/** The condition of `c ? a : b` as mathjs reads it: empty false, numbers non-zero, texts non-empty. */
function truth(p: Part): SQL {
  switch (p.kind) {
    case 'boolean':
      return sql`coalesce(${p.sql}, false)`;
    case 'number':
      return sql`coalesce(${p.sql} <> 0, false)`;
    case 'text':
      return sql`assay_f_truth_text(${p.sql}, ${fieldOf(p).sql})`;
    default:
      return sql`false`;
  }
}

/** The part as concat writes it: numbers in plain decimals, truth values true/false. */
function asText(p: Part): SQL {
  switch (p.kind) {
    case 'text':
      return p.field ? sql`assay_f_text_of(${p.sql}, ${p.field.sql})` : p.sql;
    case 'number':
      return sql`assay_f_text(${p.sql})`;
    case 'boolean':
      return sql`(case ${p.sql} when true then 'true' when false then 'false' end)`;
    default:
      return sql`null::text`;
  }
}

/** `l == r` as Assay's formula `equal`: empty equals only empty, texts as texts, numbers within the tolerance. */
function equal(l: Part, r: Part): SQL {
  if (l.kind === 'null' && r.kind === 'null') return sql`true`;
  if (l.kind === 'null') return sql`(${r.sql} is null)`;
  if (r.kind === 'null') return sql`(${l.sql} is null)`;
  if (l.kind === 'boolean' || r.kind === 'boolean') {
    if (l.kind !== r.kind) throw notInSubset('a truth value compared with a number or a text');
    return sql`(${l.sql} is not distinct from ${r.sql})`;
  }
  if (l.kind === 'number' && r.kind === 'number') return sql`assay_f_eq_num(${l.sql}, ${r.sql})`;
  if (l.kind === 'number') return sql`assay_f_eq_num_text(${l.sql}, ${r.sql})`;
  if (r.kind === 'number') return sql`assay_f_eq_num_text(${r.sql}, ${l.sql})`;
  return sql`assay_f_eq_text(${l.sql}, ${fieldOf(l).sql}, ${r.sql}, ${fieldOf(r).sql})`;
}

/** The comparison `name` (mathjs's name: equal, unequal, smaller…) of two parts, as a truth value. */
function compare(name: string, l: Part, r: Part): SQL {
  switch (name) {
    case 'equal':
      return equal(l, r);
    case 'unequal':
      return sql`(not ${equal(l, r)})`;
    case 'smaller':
      return sql`assay_f_lt(${asNumber(l, name)}, ${asNumber(r, name)})`;
    case 'larger':
      return sql`assay_f_lt(${asNumber(r, name)}, ${asNumber(l, name)})`;
    case 'smallerEq':
      return sql`assay_f_le(${asNumber(l, name)}, ${asNumber(r, name)})`;
    case 'largerEq':
      return sql`assay_f_le(${asNumber(r, name)}, ${asNumber(l, name)})`;
  }
  throw notInSubset(name);
}

const COMPARISONS = new Set(['equal', 'unequal', 'smaller', 'larger', 'smallerEq', 'largerEq']);
const ROUNDING: Record<string, string> = { floor: 'assay_f_floor', ceil: 'assay_f_ceil' };

/** The kind two branches (of `?:` or `??`) share: the same, or the other one's when one is the literal null. */
function sharedKind(a: Part, b: Part, what: string): Part['kind'] {
  if (a.kind === b.kind || b.kind === 'null') return a.kind;
  if (a.kind === 'null') return b.kind;
  throw notInSubset(`${what} with a ${a.kind} and a ${b.kind}`);
}

/** min, max, sum or mean of several numbers; an empty one is an error, as in mathjs. */
function aggregate(name: string, values: SQL[]): Part {
  if (name === 'min' || name === 'max') {
    const rows = sql.join(
      values.map((v) => sql`(${v})`),
      sql`, `,
    );
    // least/greatest would skip an empty value
    return {
      sql: sql`(select case when count(v) < count(*) then null else ${sql.raw(name)}(v) end from (values ${rows}) as m(v))`,
      kind: 'number',
    };
  }
  let total = values[0];
  for (let i = 1; i < values.length; i++) total = sql`assay_f_sig(${total} + ${values[i]})`;
  return { sql: name === 'sum' ? total : sql`assay_f_div(${total}, ${sql.raw(String(values.length))})`, kind: 'number' };
}

/** Calls function or operator `name` (mathjs's name) on compiled `args`. */
function callOf(name: string, args: Part[], node: FormulaNode): Part {
  const num = (i: number) => asNumber(args[i], name);
  const arity = (n: number) => {
    if (args.length !== n) throw notInSubset(`${name} with ${args.length} arguments`);
  };
  if (COMPARISONS.has(name)) {
    arity(2);
    const test = compare(name, args[0], args[1]);
    return { sql: name === 'equal' || name === 'unequal' ? unlessError(test, args) : test, kind: 'boolean' };
  }
  switch (name) {
    case 'add':
    case 'subtract':
    case 'multiply': {
      arity(2);
      const op = sql.raw(name === 'add' ? '+' : name === 'subtract' ? '-' : '*');
      return { sql: sql`assay_f_sig(${num(0)} ${op} ${num(1)})`, kind: 'number' };
    }
    case 'divide':
      arity(2);
      return { sql: sql`assay_f_div(${num(0)}, ${num(1)})`, kind: 'number' };
    case 'mod':
      arity(2);
      return { sql: sql`assay_f_mod(${num(0)}, ${num(1)})`, kind: 'number' };
    case 'unaryMinus':
      arity(1);
      return { sql: sql`(- ${num(0)})`, kind: 'number' };
    case 'unaryPlus':
      arity(1);
      return { sql: num(0), kind: 'number' };
    case 'abs':
    case 'sign':
      arity(1);
      return { sql: sql`${sql.raw(name)}(${num(0)})`, kind: 'number' };
    case 'floor':
    case 'ceil':
      arity(1);
      return { sql: sql`${sql.raw(ROUNDING[name])}(${num(0)})`, kind: 'number' };
    case 'fix':
      arity(1);
      return {
        sql: sql`(select case when x < 0 then assay_f_ceil(x) else assay_f_floor(x) end from (select ${num(0)} as x) as fix)`,
        kind: 'number',
      };
    case 'round': {
      if (args.length === 1) return { sql: sql`assay_f_round(${num(0)}, 0)`, kind: 'number' };
      arity(2);
      const digits = node.args?.[1];
      const n = digits?.type === 'ConstantNode' ? Number(literalText(digits.value)) : NaN;
      if (!Number.isInteger(n) || n < 0 || n > FORMULA_LIMITS.digits * 3)
        throw notInSubset('round with decimals that are not a constant whole number');
      return { sql: sql`assay_f_round(${num(0)}, ${sql.raw(String(n))})`, kind: 'number' };
    }
    case 'min':
    case 'max':
    case 'sum':
    case 'mean':
      // of one value mathjs gives the value as it is, not always as a number (an empty one: neither empty nor an error)
      if (args.length < 2) throw notInSubset(`${name} of fewer than two values`);
      return aggregate(
        name,
        args.map((_, i) => num(i)),
      );
    case 'and':
      arity(2);
      return {
        sql: sql`(case ${asLogic(args[0], name)} when false then false when true then ${asLogic(args[1], name)} end)`,
        kind: 'boolean',
      };
    case 'or':
      arity(2);
      return {
        sql: sql`(case ${asLogic(args[0], name)} when true then true when false then ${asLogic(args[1], name)} end)`,
        kind: 'boolean',
      };
    case 'xor':
      arity(2);
      return { sql: sql`(${asLogic(args[0], name)} <> ${asLogic(args[1], name)})`, kind: 'boolean' };
    case 'not': {
      arity(1);
      const [a] = args;
      // not(empty) is true in mathjs
      return {
        sql: unlessError(sql`(case when ${a.sql} is null then true else not ${asLogic(a, name)} end)`, args),
        kind: 'boolean',
      };
    }
    case 'nullish': {
      arity(2);
      const kind = sharedKind(args[0], args[1], '??');
      const [l, r] = args;
      const field =
        kind === 'text' && (l.field || r.field)
          ? {
              sql: sql`(case when ${l.sql} is not null then ${fieldOf(l).sql} else ${fieldOf(r).sql} end)`,
              all: fieldOf(l).all && (r.kind === 'null' || fieldOf(r).all),
            }
          : undefined;
      // an error on the left is the formula's error; an empty left gives the right
      const lError = errorOf(l);
      if (l.empty === undefined) return { sql: l.sql, kind, field: l.field };
      const rError = errorOf(r) ?? sql`false`;
      if (lError === null)
        return {
          sql: sql`coalesce(${l.sql}, ${r.sql})`,
          kind,
          field,
          empty: r.empty === true ? true : sql`(${l.sql} is null and ${rError})`,
        };
      return {
        sql: sql`(case when ${lError} then null else coalesce(${l.sql}, ${r.sql}) end)`,
        kind,
        field,
        empty: sql`(${lError} or (${l.sql} is null and ${rError}))`,
      };
    }
    case 'concat': {
      if (args.length === 0) return { sql: sql`''::text`, kind: 'text' };
      return { sql: sql`(${sql.join(args.map(asText), sql` || `)})`, kind: 'text' };
    }
  }
  throw notInSubset(name);
}

/** Compiles one node of the parsed tree (recursion as deep as the tree: at most FORMULA_LIMITS.nodes). */
function compileNode(node: FormulaNode, columns: Record<string, FormulaSqlColumn>): Part {
  const sub = (n: FormulaNode) => compileNode(n, columns);
  switch (node.type) {
    case 'ConstantNode': {
      const v = node.value;
      if (v === null) return { sql: sql`null`, kind: 'null', empty: true };
      if (typeof v === 'boolean') return { sql: bool(v), kind: 'boolean', empty: true };
      if (typeof v === 'string') return { sql: sql`${v}::text`, kind: 'text', empty: true };
      // a decimal text made by decimal.js (digits, one point, a sign): nothing else reaches the SQL
      return { sql: sql.raw(`'${literalText(v)}'::numeric`), kind: 'number', empty: true };
    }
    case 'SymbolNode': {
      const name = node.name!;
      if (name === 'pi' || name === 'e') throw notInSubset(`the constant ${name}`);
      const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
      if (!column) throw new FormulaError(`unknown field: ${name}`, [name]);
      if (column.unsupported) throw notInSubset(`${column.unsupported} (${name})`);
      return {
        sql: column.sql,
        kind: column.kind,
        field: column.kind === 'text' ? { sql: sql`true`, all: true } : undefined,
        empty: true,
      };
    }
    case 'ParenthesisNode':
      return sub(node.content!);
    case 'OperatorNode':
      return callOf(String(node.fn), node.args!.map(sub), node);
    case 'FunctionNode': {
      const callee = node.fn as FormulaNode;
      return callOf(callee.name ?? '', node.args!.map(sub), node);
    }
    case 'ConditionalNode': {
      const [c, t, f] = [sub(node.condition!), sub(node.trueExpr!), sub(node.falseExpr!)];
      const kind = sharedKind(t, f, 'a condition');
      const when = truth(c);
      const field =
        kind === 'text' && (t.field || f.field)
          ? {
              sql: sql`(case when ${when} then ${fieldOf(t).sql} else ${fieldOf(f).sql} end)`,
              all: (t.kind === 'null' || fieldOf(t).all) && (f.kind === 'null' || fieldOf(f).all),
            }
          : undefined;
      // an error in the condition is the formula's error; an empty condition is false
      const cError = errorOf(c);
      const value = cError
        ? sql`(case when ${cError} then null when ${when} then ${t.sql} else ${f.sql} end)`
        : sql`(case when ${when} then ${t.sql} else ${f.sql} end)`;
      const [tError, fError] = [errorOf(t), errorOf(f)];
      let empty: Part['empty'];
      if (!cError && !tError && !fError) empty = true;
      else if (t.empty === undefined && f.empty === undefined) empty = undefined;
      else
        empty = sql`(case when ${cError ?? sql`false`} then true when ${when} then ${tError ?? sql`false`} else ${fError ?? sql`false`} end)`;
      return { sql: value, kind, field, empty };
    }
    case 'RelationalNode': {
      // `a < b <= c`: false at the first comparison that fails, empty at the first that has no value
      const params = node.params!.map(sub);
      const tests = node.conditionals!.map((name, i) => compare(name, params[i], params[i + 1]));
      let chain = tests[tests.length - 1];
      for (let i = tests.length - 2; i >= 0; i--)
        chain = sql`(case ${tests[i]} when false then false when true then ${chain} end)`;
      return { sql: chain, kind: 'boolean' };
    }
  }
  throw notInSubset(node.type);
}

/**
 * Compiles `expression` to one SQL expression over `columns` (field key → column SQL and kind).
 * Row by row it has the value the formula engine gives for the record with those values (numbers
 * as numeric, texts, truth values; null where the formula engine gives none), within the subset
 * and value model of docs/formula-sql.md. A text result that is a field's decimal-looking value
 * (`007`) is the number's text (`7`), as `evaluateFormula(…, 'text')` writes it.
 * @throws FormulaError when the formula is refused by the formula engine's own limits (the same
 *   message as on save), names a field not in `columns`, or is outside the SQL subset.
 */
export function formulaToSql(expression: string, columns: Record<string, FormulaSqlColumn>): FormulaSql {
  const analysed = analyse(expression);
  if (analysed.error) throw analysed.error;
  const part = compileNode(parseFormula(expression), columns);
  // a field's decimal-looking text is a number to the formula engine: its value is written as one (007 → 7)
  if (part.kind === 'text' && part.field) return { sql: asText(part), kind: 'text' };
  return { sql: part.sql, kind: part.kind };
}

/**
 * The columns of `subject`'s table as a formula reads its fields (by key), over the row alias
 * `alias`: numbers as numeric; texts, select values, user and single relation ids as text; dates as
 * `YYYY-MM-DD` texts; multi-select values joined with ", " (as a formula sees a list); truth values.
 * Datetime, attachment and many-relation fields are marked unsupported (a formula reading them is
 * refused by formulaToSql and stays on the formula engine).
 */
export function formulaColumnsOf(subject: SubjectDef, alias = 'r'): Record<string, FormulaSqlColumn> {
  const columns: Record<string, FormulaSqlColumn> = {};
  for (const field of subject.fields) {
    const kind = kindOf(field);
    const col = field.column ? columnOf(alias, field.column) : null;
    const unsupported = (what: string): FormulaSqlColumn => ({ sql: sql`null`, kind: 'text', unsupported: what });
    if (!col) {
      columns[field.key] = unsupported(`a ${field.type} field`);
      continue;
    }
    switch (kind) {
      case 'number':
        columns[field.key] = { sql: col, kind: 'number' };
        break;
      case 'boolean':
        columns[field.key] = { sql: col, kind: 'boolean' };
        break;
      case 'text':
        columns[field.key] = { sql: col, kind: 'text' };
        break;
      case 'uuid':
        columns[field.key] = { sql: sql`(${col})::text`, kind: 'text' };
        break;
      case 'date':
        columns[field.key] = { sql: sql`to_char(${col}, 'YYYY-MM-DD')`, kind: 'text' };
        break;
      case 'textArray':
        columns[field.key] = { sql: sql`array_to_string(${col}, ', ')`, kind: 'text' };
        break;
      default:
        columns[field.key] = unsupported(`a ${field.type} field`);
    }
  }
  return columns;
}
