/**
 * An analytics query's definition (contracts/queries.ts) → one parameterised SELECT (docs/queries.md).
 * Nothing of the browser's is SQL: field references resolve to quoted columns of known subjects
 * (scope.ts), values and the time zone are parameters, names in the definition become column
 * aliases `d0…`, `m0…`, `c0…` of our own; a definition that names anything unknown is a 400 naming
 * the part (`definition.dimensions.1.field`…).
 * - filter: the record query's compiler for base fields and relation paths (record-queries/
 *   query-filter.ts), the records compiler over the join's alias for `alias.key`;
 * - calculated columns: the formula-to-SQL compiler (subjects/formula-sql.ts, docs/formula-sql.md),
 *   which reads base fields by key and joined ones as `alias$key`;
 * - group by: the reference, or its date bucket `date_trunc(bucket, value at time zone tz)` (a
 *   datetime is cut in the reader's zone; a date is a calendar day already), as `YYYY-MM-DD`;
 * - aggregates: count(*), count(x), count(distinct x), sum, avg, min, max,
 *   percentile_cont(p) within group (order by x) (median = p 0.5);
 * - having on aggregates, sort by output names, limit + 1 (to tell a cut result).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsQuery, FilterCondition, FilterGroup, QueryResultColumn } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { compileFilter } from '../records/filter';
import { compileQueryFilter } from '../record-queries/query-filter';
import { liveRows } from '../subjects/live-rows';
import { FormulaError } from '../subjects/formula-eval';
import { formulaColumnsOf, formulaToSql, type FormulaSqlColumn } from '../subjects/formula-sql';
import { buildScope, invalid, resolveRef, type Resolved, type Scope } from './scope';

type Locale = 'zh-CN' | 'en-US';

/** One output column: its SQL, what the result says of it, and (dimensions) the value SQL a drill compares. */
export interface OutputColumn extends QueryResultColumn {
  /** The value as the result shows it, over the FROM's rows (drill compares it). */
  expr: SQL;
  /** Grouped queries: the value before formatting (grouped and aggregated), and how the outer select formats it once per group. */
  raw?: SQL;
  format?: (value: SQL) => SQL;
  refers: Resolved['refers'];
}

/** A compiled query: the statement's parts and its output columns. */
export interface CompiledQuery {
  scope: Scope;
  /** Conditions over the FROM (live base rows, filter, extra conditions). */
  where: SQL;
  columns: OutputColumn[];
  grouped: boolean;
  /** The whole statement with `limit`. */
  statement: (limit: number) => SQL;
}

const BUCKET_FORMAT = 'YYYY-MM-DD';
/** A date (or a bucket's first instant, a local timestamp) as `YYYY-MM-DD`. */
const formatDate = (v: SQL) => sql`to_char(${v}, ${BUCKET_FORMAT})`;
/** An instant as ISO 8601 in UTC. */
const formatInstant = (v: SQL) => sql`to_char(${v} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const isGroup = (item: FilterCondition | FilterGroup): item is FilterGroup => 'items' in item;

/** Default output name of a dimension: its reference with `.` → `_`, then `_<bucket>`. */
export const dimensionName = (d: AnalyticsQuery['dimensions'][number]) => d.as ?? `${d.field.replace('.', '_')}${d.bucket ? `_${d.bucket}` : ''}`;

/** Default output name of a measure: `count`, `<fn>_<field>`, `p90_<field>` for a percentile. */
export function measureName(m: AnalyticsQuery['measures'][number]): string {
  if (m.as) return m.as;
  const field = m.field ? m.field.replace('.', '_') : '';
  const fn = m.fn === 'percentile' ? `p${Math.round((m.p ?? 0.5) * 100)}` : m.fn;
  return field ? `${fn}_${field}` : fn;
}

const FN_LABEL: Record<string, Record<Locale, string>> = {
  count: { 'zh-CN': '计数', 'en-US': 'Count' },
  count_distinct: { 'zh-CN': '去重计数', 'en-US': 'Distinct count' },
  sum: { 'zh-CN': '合计', 'en-US': 'Sum' },
  avg: { 'zh-CN': '平均', 'en-US': 'Average' },
  min: { 'zh-CN': '最小', 'en-US': 'Min' },
  max: { 'zh-CN': '最大', 'en-US': 'Max' },
  median: { 'zh-CN': '中位数', 'en-US': 'Median' },
  percentile: { 'zh-CN': '百分位', 'en-US': 'Percentile' },
};
const BUCKET_LABEL: Record<string, Record<Locale, string>> = {
  day: { 'zh-CN': '日', 'en-US': 'day' },
  week: { 'zh-CN': '周', 'en-US': 'week' },
  month: { 'zh-CN': '月', 'en-US': 'month' },
  quarter: { 'zh-CN': '季度', 'en-US': 'quarter' },
  year: { 'zh-CN': '年', 'en-US': 'year' },
};

/** Runs `compile`, moving a records-compiler 400 under `prefix` (its field names the condition). */
function under<T>(prefix: string, compile: () => T): T {
  try {
    return compile();
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 400 || !err.details) throw err;
    throw new HttpError(400, err.errorCode, err.messageKey, err.details.map((d) => ({ ...d, field: `${prefix}.${d.field}` })), err.extra);
  }
}

/** The filter group over the scope: joined aliases compile over their alias, the rest as record query conditions. */
async function compileScopedFilter(db: Executor, scope: Scope, group: FilterGroup, prefix: string, cache?: ReadCache): Promise<SQL> {
  const compileGroup = async (g: FilterGroup): Promise<SQL> => {
    if (g.items.length === 0) return sql`true`;
    const parts: SQL[] = [];
    for (const item of g.items) {
      if (isGroup(item)) {
        parts.push(await compileGroup(item));
        continue;
      }
      const dot = item.field.indexOf('.');
      const joined = dot > 0 ? scope.entries.get(item.field.slice(0, dot)) : undefined;
      if (joined && joined !== scope.base) {
        const cond = { ...item, field: item.field.slice(dot + 1) };
        parts.push(under(prefix, () => compileFilter(joined.subject, { op: 'and', items: [cond] }, joined.sqlAlias)));
      } else {
        const cond = dot > 0 && item.field.startsWith('base.') ? { ...item, field: item.field.slice(5) } : item;
        try {
          parts.push(await compileQueryFilter(db, scope.base.subject, { op: 'and', items: [cond] }, cache));
        } catch (err) {
          throw under(prefix, () => {
            throw err;
          });
        }
      }
    }
    return sql`(${sql.join(parts, sql.raw(g.op === 'and' ? ' and ' : ' or '))})`;
  };
  return compileGroup(group);
}

/** The columns a calculated column's formula may read: base fields by key, joined ones as `alias$key`. */
function formulaColumns(scope: Scope): Record<string, FormulaSqlColumn> {
  const columns: Record<string, FormulaSqlColumn> = { ...formulaColumnsOf(scope.base.subject, 'r') };
  for (const e of scope.entries.values()) {
    if (e === scope.base) continue;
    for (const [key, c] of Object.entries(formulaColumnsOf(e.subject, e.sqlAlias))) columns[`${e.as}$${key}`] = c;
  }
  return columns;
}

/**
 * Compiles `def` for the application `applicationId`, in `timeZone` (IANA, checked by the caller),
 * with `extra` conditions (a dashboard's filters) ANDed to its filter, headers in `locale`.
 * @throws HttpError 400 naming the definition's part (`definition.*`, `conditions.<i>`).
 */
export async function compileQuery(
  db: Executor,
  applicationId: string,
  def: AnalyticsQuery,
  opts: { timeZone: string; locale: Locale; extra?: FilterCondition[] },
  cache?: ReadCache,
): Promise<CompiledQuery> {
  const scope = await buildScope(db, applicationId, def, cache);
  const locale = opts.locale;

  // calculated columns
  const calculated = new Map<string, Resolved>();
  if (def.calculated.length) {
    const fcols = formulaColumns(scope);
    for (const [i, c] of def.calculated.entries()) {
      if (calculated.has(c.name) || scope.base.subject.fields.some((f) => f.key === c.name)) throw invalid(`definition.calculated.${i}.name`, 'errors.query.aliasTaken', { name: c.name });
      try {
        const f = formulaToSql(c.formula, fcols);
        const type = f.kind === 'number' ? 'number' : f.kind === 'boolean' ? 'boolean' : 'text';
        calculated.set(c.name, { sql: sql`(${f.sql})`, type, field: null, refers: null, numeric: f.kind === 'number', label: c.name });
      } catch (err) {
        if (err instanceof FormulaError) throw invalid(`definition.calculated.${i}.formula`, 'errors.query.formula', { problem: err.message });
        throw err;
      }
    }
  }
  const resolve = (ref: string, at: string): Resolved => {
    const found = calculated.get(ref) ?? resolveRef(scope, ref, locale);
    if (!found) throw invalid(at, 'errors.query.unknownRef', { ref });
    return found;
  };

  // filter
  const conditions: SQL[] = [liveRows(scope.base.subject, 'r')];
  if (def.filter) conditions.push(await compileScopedFilter(db, scope, def.filter, 'definition', cache));
  for (const [i, c] of (opts.extra ?? []).entries()) {
    conditions.push(await compileScopedFilter(db, scope, { op: 'and', items: [c] }, `conditions.${i}`, cache));
  }
  const where = sql.join(conditions, sql` and `);

  const columns: OutputColumn[] = [];
  const names = new Set<string>();
  const claim = (name: string, at: string) => {
    if (names.has(name)) throw invalid(at, 'errors.query.aliasTaken', { name });
    names.add(name);
  };
  const grouped = def.dimensions.length > 0 || def.measures.length > 0;
  /** Each measure's function and argument (the value it aggregates; null for count(*)), by output position. */
  const parts = new Map<number, { fn: AnalyticsQuery['measures'][number]['fn']; arg: SQL | null; field?: string }>();

  if (grouped) {
    for (const [i, d] of def.dimensions.entries()) {
      const at = `definition.dimensions.${i}`;
      const r = resolve(d.field, `${at}.field`);
      const name = dimensionName(d);
      claim(name, `${at}.as`);
      let raw = r.sql;
      let format: ((v: SQL) => SQL) | undefined;
      let type = r.type;
      if (d.bucket) {
        if (r.type !== 'date' && r.type !== 'datetime') throw invalid(`${at}.bucket`, 'errors.query.bucket');
        const local = r.type === 'datetime' ? sql`(${r.sql} at time zone ${opts.timeZone})` : sql`(${r.sql})::timestamp`;
        raw = sql`date_trunc(${d.bucket}, ${local})`;
        format = formatDate;
        type = 'date';
      } else if (r.type === 'date') {
        format = formatDate;
      } else if (r.type === 'datetime') {
        format = formatInstant;
      }
      const expr = format ? format(raw) : raw;
      const label = d.bucket ? `${r.label} (${BUCKET_LABEL[d.bucket][locale]})` : r.label;
      columns.push({ name, label, role: 'dimension', type, field: d.field, ...(d.bucket ? { bucket: d.bucket } : {}), expr, raw, format, refers: r.refers });
    }
    for (const [i, m] of def.measures.entries()) {
      const at = `definition.measures.${i}`;
      const name = measureName(m);
      claim(name, `${at}.as`);
      const fnLabel = FN_LABEL[m.fn][locale];
      if (!m.field) {
        if (m.fn !== 'count') throw invalid(`${at}.field`, 'errors.query.aggregate', { fn: m.fn, problem: 'it needs a field' });
        columns.push({ name, label: fnLabel, role: 'measure', type: 'number', fn: 'count', expr: sql`count(*)`, refers: null });
        parts.set(columns.length - 1, { fn: 'count', arg: null });
        continue;
      }
      const r = resolve(m.field, `${at}.field`);
      const needsNumber = m.fn === 'sum' || m.fn === 'avg' || m.fn === 'median' || m.fn === 'percentile';
      if (needsNumber && !r.numeric) throw invalid(`${at}.field`, 'errors.query.aggregate', { fn: m.fn, problem: 'not a number field' });
      if (m.fn === 'percentile' && m.p === undefined) throw invalid(`${at}.p`, 'errors.required');
      let expr: SQL;
      let format: ((v: SQL) => SQL) | undefined;
      let type: QueryResultColumn['type'] = 'number';
      switch (m.fn) {
        case 'count':
          expr = sql`count(${r.sql})`;
          break;
        case 'count_distinct':
          expr = sql`count(distinct ${r.sql})`;
          break;
        case 'sum':
          expr = sql`sum(${r.sql})`;
          break;
        case 'avg':
          expr = sql`avg(${r.sql})`;
          break;
        case 'min':
        case 'max':
          if (r.type === 'boolean' || r.type === 'id') throw invalid(`${at}.field`, 'errors.query.aggregate', { fn: m.fn, problem: 'values have no order' });
          expr = m.fn === 'min' ? sql`min(${r.sql})` : sql`max(${r.sql})`;
          type = r.type === 'date' || r.type === 'datetime' || r.type === 'text' ? r.type : 'number';
          if (r.type === 'date') format = formatDate;
          if (r.type === 'datetime') format = formatInstant;
          break;
        default: {
          const p = m.fn === 'median' ? 0.5 : (m.p as number);
          expr = sql`percentile_cont(${sql.raw(String(p))}::float8) within group (order by (${r.sql})::float8)`;
        }
      }
      const label = m.fn === 'percentile' ? `${fnLabel} ${Math.round((m.p ?? 0) * 100)} · ${r.label}` : `${fnLabel} · ${r.label}`;
      columns.push({ name, label, role: 'measure', type, field: m.field, fn: m.fn, expr: format ? format(expr) : expr, raw: expr, format, refers: null });
      parts.set(columns.length - 1, { fn: m.fn, arg: r.sql, field: m.field });
    }
  } else {
    if (def.columns.length === 0) throw invalid('definition.columns', 'errors.query.columnsRequired');
    for (const [i, ref] of def.columns.entries()) {
      const at = `definition.columns.${i}`;
      const r = resolve(ref, at);
      const name = ref.replace('.', '_');
      claim(name, at);
      const expr = r.type === 'date' ? formatDate(r.sql) : r.type === 'datetime' ? formatInstant(r.sql) : r.sql;
      columns.push({ name, label: r.label, role: 'column', type: r.type, field: ref, expr, refers: r.refers });
    }
  }

  const twoLevel = grouped ? distinctTwoLevel(columns, parts) : null;

  // having
  const having: SQL[] = [];
  for (const [i, h] of def.having.entries()) {
    const m = columns.find((c) => c.role === 'measure' && c.name === h.measure);
    if (!m) throw invalid(`definition.having.${i}.measure`, 'errors.query.having', { measure: h.measure });
    const op = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' }[h.op];
    const value = twoLevel ? twoLevel.combined.get(columns.indexOf(m))! : (m.raw ?? m.expr);
    having.push(sql`${value} ${sql.raw(op)} ${h.value}`);
  }

  // sort: by output position; default the dimensions in order (grouped) or newest first (a list)
  const order: SQL[] = [];
  for (const [i, s] of def.sort.entries()) {
    const pos = columns.findIndex((c) => c.name === s.by);
    if (pos < 0) throw invalid(`definition.sort.${i}.by`, 'errors.query.sort', { by: s.by });
    order.push(sql.raw(`${pos + 1} ${s.order} nulls last`));
  }
  if (grouped) columns.forEach((c, i) => c.role === 'dimension' && order.push(sql.raw(`${i + 1} asc nulls last`)));
  else order.push(sql`r.created_at desc, r.id desc`);

  const alias = (c: OutputColumn, i: number) => sql.raw(c.role === 'dimension' ? `d${i}` : c.role === 'measure' ? `m${i}` : `c${i}`);
  const orderBy = order.length ? sql` order by ${sql.join(order, sql`, `)}` : sql``;
  let statement: (limit: number) => SQL;
  if (grouped) {
    // group and aggregate the raw values, then format each group's values once (outer select);
    // GROUP BY by position: a dimension's SQL holds parameters (the time zone), and PostgreSQL
    // matches a GROUP BY expression to the select list only when its parameters are the same ones
    const inner = sql.join(columns.map((c, i) => sql`${c.raw ?? c.expr} as ${alias(c, i)}`), sql`, `);
    const outer = sql.join(columns.map((c, i) => sql`${c.format ? c.format(alias(c, i)) : alias(c, i)} as ${alias(c, i)}`), sql`, `);
    const groupBy = columns.flatMap((c, i) => (c.role === 'dimension' ? [sql.raw(String(i + 1))] : []));
    const havingSql = having.length ? sql` having ${sql.join(having, sql` and `)}` : sql``;
    const groupBySql = groupBy.length ? sql` group by ${sql.join(groupBy, sql`, `)}` : sql``;
    const grouping = twoLevel
      ? sql`select ${twoLevel.outer} from (select ${twoLevel.inner} from ${scope.from} where ${where} group by ${sql.join(twoLevel.innerGroupBy, sql`, `)}) i${groupBySql}${havingSql}`
      : sql`select ${inner} from ${scope.from} where ${where}${groupBySql}${havingSql}`;
    statement = (limit: number) => sql`select ${outer} from (${grouping}) g${orderBy} limit ${limit}`;
  } else {
    const select = sql.join(columns.map((c, i) => sql`${c.expr} as ${alias(c, i)}`), sql`, `);
    statement = (limit: number) => sql`select ${select} from ${scope.from} where ${where}${orderBy} limit ${limit}`;
  }
  return { scope, where, columns, grouped, statement };
}

/**
 * The two-level form of a grouped query whose distinct counts all count one value `u` (and which
 * has no median or percentile, whose values cannot be combined): the inner level groups by the
 * dimensions and `u` (a hash aggregate PostgreSQL can run in parallel) with partial aggregates, the
 * outer level by the dimensions alone, counting the `u`s and combining the partials (counts and
 * sums summed, min of mins, max of maxes, an average as the sum of sums over the sum of counts).
 * `count(distinct u)` itself sorts every row of each group: 1.45 s against 0.28 s over 1,000,000
 * records in the dashboard benchmark's card (docs/queries.md "Distinct counts"). Null when the
 * query does not qualify (no distinct count, two distinct values, a median or percentile).
 * Output aliases are those of the one-level form (`d<i>`, `m<i>`), so the outer select, the sort
 * and the drill are the same; `combined` holds each measure's outer expression for `having`.
 */
function distinctTwoLevel(
  columns: OutputColumn[],
  parts: Map<number, { fn: AnalyticsQuery['measures'][number]['fn']; arg: SQL | null; field?: string }>,
): { inner: SQL; innerGroupBy: SQL[]; outer: SQL; combined: Map<number, SQL> } | null {
  const all = [...parts.values()];
  const distinct = all.filter((p) => p.fn === 'count_distinct');
  if (distinct.length === 0 || new Set(distinct.map((p) => p.field)).size > 1) return null;
  if (all.some((p) => p.fn === 'median' || p.fn === 'percentile')) return null;
  const inner: SQL[] = [];
  const outer: SQL[] = [];
  const combined = new Map<number, SQL>();
  const innerGroupBy: SQL[] = [];
  columns.forEach((c, i) => {
    if (c.role !== 'dimension') return;
    inner.push(sql`${c.raw ?? c.expr} as ${sql.raw(`d${i}`)}`);
    innerGroupBy.push(sql.raw(String(inner.length)));
    outer.push(sql.raw(`d${i} as d${i}`));
  });
  inner.push(sql`${distinct[0].arg} as u`);
  innerGroupBy.push(sql.raw(String(inner.length)));
  for (const [i, p] of parts) {
    const pa = sql.raw(`p${i}`);
    const qa = sql.raw(`q${i}`);
    let value: SQL;
    switch (p.fn) {
      case 'count':
        inner.push(p.arg ? sql`count(${p.arg}) as ${pa}` : sql`count(*) as ${pa}`);
        value = sql`coalesce(sum(${pa}), 0)`;
        break;
      case 'sum':
        inner.push(sql`sum(${p.arg}) as ${pa}`);
        value = sql`sum(${pa})`;
        break;
      case 'avg':
        inner.push(sql`sum(${p.arg}) as ${pa}`, sql`count(${p.arg}) as ${qa}`);
        value = sql`sum(${pa}) / nullif(sum(${qa}), 0)`;
        break;
      case 'min':
      case 'max':
        inner.push(sql`${sql.raw(p.fn)}(${p.arg}) as ${pa}`);
        value = sql`${sql.raw(p.fn)}(${pa})`;
        break;
      default: // count_distinct of u
        value = sql`count(u)`;
    }
    combined.set(i, value);
    outer.push(sql`${value} as ${sql.raw(`m${i}`)}`);
  }
  return { inner: sql.join(inner, sql`, `), innerGroupBy, outer: sql.join(outer, sql`, `), combined };
}
