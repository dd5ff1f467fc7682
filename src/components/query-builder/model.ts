/**
 * Pure logic of the query builder (contracts/queries.ts AnalyticsQueryDefinition; docs/queries.md):
 * the draft the screens edit (rows may be unfinished), the definition it sends, the joins a
 * subject offers along relation fields (many-to-one from the base or an earlier join, one-to-many
 * from other subjects' relation fields pointing back), the field references the pickers list
 * (`key`, `alias.key`, calculated names), the result's output names (`date_month`, `sum_amount`,
 * `p90_amount`, `count`), alias renames and join removals that keep references whole, and the
 * readable place of a 400's `details[].field` path. Tested in model.test.ts.
 */
import type {
  AnalyticsQueryDefinition,
  DateBucket,
  Field,
  FieldType,
  FilterCondition,
  FilterGroup,
  QueryAggregate,
  QueryCalculated,
  QueryHavingOp,
  QueryJoin,
  QueryJoinKind,
} from '../../../contracts';
import { QUERY_BASE_ALIAS, QUERY_LIMIT_DEFAULT, QUERY_ROW_CAP } from '../../../contracts/constants';

/** What the builder needs of a subject: its id, key, name and live fields. */
export interface BuilderSubject {
  id: string;
  key: string;
  name: string;
  fields: Pick<Field, 'key' | 'name' | 'type' | 'options'>[];
}

export interface DimensionDraft {
  field?: string;
  bucket?: DateBucket;
  as?: string;
}
export interface MeasureDraft {
  fn: QueryAggregate;
  field?: string;
  p?: number;
  as?: string;
}
export interface HavingDraft {
  measure?: string;
  op: QueryHavingOp;
  value?: number | null;
}
export interface SortDraft {
  by?: string;
  order: 'asc' | 'desc';
}

/** The builder's state: a definition whose rows may still be unfinished. */
export interface BuilderDraft {
  subjectId?: string;
  joins: QueryJoin[];
  filter: FilterGroup;
  calculated: QueryCalculated[];
  dimensions: DimensionDraft[];
  measures: MeasureDraft[];
  columns: string[];
  having: HavingDraft[];
  sort: SortDraft[];
  limit: number;
}

export const EMPTY_FILTER: FilterGroup = { op: 'and', items: [] };

/** A new, empty draft (on `subjectId` when given). */
export function emptyDraft(subjectId?: string): BuilderDraft {
  return { subjectId, joins: [], filter: EMPTY_FILTER, calculated: [], dimensions: [], measures: [], columns: [], having: [], sort: [], limit: QUERY_LIMIT_DEFAULT };
}

/** Aggregates that need a numeric field (sum, average, median, percentile). */
export const NUMERIC_AGGREGATES: readonly QueryAggregate[] = ['sum', 'avg', 'median', 'percentile'];
/** Aggregates that need a field at all (count may go without: rows). */
export const FIELD_AGGREGATES: readonly QueryAggregate[] = ['count_distinct', 'sum', 'avg', 'min', 'max', 'median', 'percentile'];

const NUMERIC_TYPES: readonly FieldType[] = ['number', 'money', 'percent', 'autoNumber'];
const DATE_TYPES: readonly FieldType[] = ['date', 'datetime', 'createdAt', 'updatedAt'];

/** A column a picker offers: its reference, what the user reads, and what it holds. */
export interface RefOption {
  ref: string;
  label: string;
  /** `''` for the base subject, the join's alias, or `calculated`. */
  group: string;
  numeric: boolean;
  date: boolean;
}

function fieldKind(f: Pick<Field, 'type' | 'options'>): { numeric: boolean; date: boolean } {
  const result = f.type === 'formula' ? f.options.resultType : undefined;
  return {
    numeric: NUMERIC_TYPES.includes(f.type) || result === 'number',
    date: DATE_TYPES.includes(f.type) || result === 'date',
  };
}

/** Names of the record's own columns the pickers add (its id, creation and change times). */
export interface SystemNames {
  id: string;
  createdAt: string;
  updatedAt: string;
}

function subjectRefs(subject: BuilderSubject, prefix: string, labelPrefix: string, group: string, system: SystemNames): RefOption[] {
  const present = new Set(subject.fields.map((f) => f.type));
  const own = subject.fields
    .filter((f) => f.type !== 'attachment' && f.type !== 'richText')
    .map((f): RefOption => ({ ref: `${prefix}${f.key}`, label: `${labelPrefix}${f.name}`, group, ...fieldKind(f) }));
  const sys: RefOption[] = [{ ref: `${prefix}id`, label: `${labelPrefix}${system.id}`, group, numeric: false, date: false }];
  for (const k of ['createdAt', 'updatedAt'] as const)
    if (!present.has(k)) sys.push({ ref: `${prefix}${k}`, label: `${labelPrefix}${system[k]}`, group, numeric: false, date: true });
  return [...own, ...sys];
}

/** The subject a join reaches: the relation's target (many-to-one) or the subject holding the relation (one-to-many). */
export function joinTarget(join: Pick<QueryJoin, 'from' | 'kind' | 'field' | 'subjectId'>, base: BuilderSubject, joins: QueryJoin[], subjects: BuilderSubject[]): BuilderSubject | undefined {
  if (join.kind === 'one_to_many') return subjects.find((s) => s.id === join.subjectId);
  const source = join.from ? aliasSubject(join.from, base, joins, subjects) : base;
  const field = source?.fields.find((f) => f.key === join.field);
  return subjects.find((s) => s.id === field?.options.targetSubjectId);
}

/** The subject an alias names (earlier joins only; `base` or absent = the base subject). */
export function aliasSubject(alias: string | undefined, base: BuilderSubject, joins: QueryJoin[], subjects: BuilderSubject[]): BuilderSubject | undefined {
  if (!alias || alias === QUERY_BASE_ALIAS) return base;
  const i = joins.findIndex((j) => j.as === alias);
  return i < 0 ? undefined : joinTarget(joins[i], base, joins.slice(0, i), subjects);
}

/**
 * Every field reference the query can use: the base subject's fields and own columns (`key`),
 * each join's (`alias.key`, labelled `alias › name`), then the calculated columns (numeric and not
 * dates as far as the builder knows: their type is the server's to tell).
 */
export function refOptions(base: BuilderSubject, joins: QueryJoin[], subjects: BuilderSubject[], calculated: QueryCalculated[], system: SystemNames): RefOption[] {
  const out = subjectRefs(base, '', '', '', system);
  joins.forEach((j, i) => {
    const target = joinTarget(j, base, joins.slice(0, i), subjects);
    if (target) out.push(...subjectRefs(target, `${j.as}.`, `${j.as} › `, j.as, system));
  });
  for (const c of calculated) if (c.name) out.push({ ref: c.name, label: c.name, group: 'calculated', numeric: true, date: false });
  return out;
}

/** A join the "add join" menu offers (without its alias), with what its label names. */
export interface JoinChoice {
  key: string;
  join: Omit<QueryJoin, 'as'>;
  /** The subject holding the relation field, the field, and the subject reached. */
  holder: BuilderSubject;
  field: string;
  fieldName: string;
  source: BuilderSubject;
  target: BuilderSubject;
}

const sameJoin = (a: Omit<QueryJoin, 'as'>, b: Omit<QueryJoin, 'as'>) =>
  (a.from ?? '') === (b.from ?? '') && a.kind === b.kind && a.field === b.field && (a.subjectId ?? '') === (b.subjectId ?? '');

/**
 * The joins that can be added: from the base and from each join so far, many-to-one along the
 * source's relation fields, one-to-many along other subjects' relation fields pointing at the
 * source's subject. A join already in the query is not offered again.
 */
export function possibleJoins(base: BuilderSubject, joins: QueryJoin[], subjects: BuilderSubject[]): JoinChoice[] {
  const sources: { alias?: string; subject: BuilderSubject }[] = [{ subject: base }];
  joins.forEach((j, i) => {
    const t = joinTarget(j, base, joins.slice(0, i), subjects);
    if (t) sources.push({ alias: j.as, subject: t });
  });
  const out: JoinChoice[] = [];
  for (const { alias, subject } of sources) {
    for (const f of subject.fields) {
      const target = f.type === 'relation' ? subjects.find((s) => s.id === f.options.targetSubjectId) : undefined;
      if (!target) continue;
      const join = { ...(alias ? { from: alias } : {}), kind: 'many_to_one' as QueryJoinKind, field: f.key };
      out.push({ key: `${alias ?? ''}:m2o:${f.key}`, join, holder: subject, field: f.key, fieldName: f.name, source: subject, target });
    }
    for (const other of subjects)
      for (const f of other.fields) {
        if (f.type !== 'relation' || f.options.targetSubjectId !== subject.id) continue;
        const join = { ...(alias ? { from: alias } : {}), kind: 'one_to_many' as QueryJoinKind, field: f.key, subjectId: other.id };
        out.push({ key: `${alias ?? ''}:o2m:${other.id}:${f.key}`, join, holder: other, field: f.key, fieldName: f.name, source: subject, target: other });
      }
  }
  return out.filter((c) => !joins.some((j) => sameJoin(j, c.join)));
}

/** What a join of the query links (as the "add join" menu named it); undefined when a subject is gone. */
export function describeJoin(join: QueryJoin, base: BuilderSubject, earlier: QueryJoin[], subjects: BuilderSubject[]): Omit<JoinChoice, 'key'> | undefined {
  const source = aliasSubject(join.from, base, earlier, subjects);
  const target = joinTarget(join, base, earlier, subjects);
  if (!source || !target) return undefined;
  const holder = join.kind === 'many_to_one' ? source : target;
  const { as: _as, ...rest } = join;
  void _as;
  return { join: rest, holder, field: join.field, fieldName: holder.fields.find((f) => f.key === join.field)?.name ?? join.field, source, target };
}

/** `wanted` made a valid alias not in `taken` (snake_case, not `base`; `_2`, `_3`… when taken). */
export function uniqueAlias(wanted: string, taken: string[]): string {
  let stem = wanted.toLowerCase().replace(/[^a-z0-9_]/g, '_').replace(/^[^a-z]+/, '').slice(0, 36) || 'j';
  if (stem === QUERY_BASE_ALIAS) stem = `${stem}_j`;
  const used = new Set([...taken, QUERY_BASE_ALIAS]);
  if (!used.has(stem)) return stem;
  for (let n = 2; ; n += 1) if (!used.has(`${stem}_${n}`)) return `${stem}_${n}`;
}

const renameRef = (ref: string | undefined, from: string, to: string) => (ref && ref.startsWith(`${from}.`) ? `${to}${ref.slice(from.length)}` : ref);

function renameInFilter(group: FilterGroup, from: string, to: string): FilterGroup {
  return {
    op: group.op,
    items: group.items.map((item) =>
      'items' in item ? renameInFilter(item, from, to) : ({ ...item, field: renameRef(item.field, from, to) ?? item.field } as FilterCondition),
    ),
  };
}

/** Renames join alias `from` to `to` everywhere it is referenced (later joins' `from`, group by, aggregates, columns, filter). */
export function renameAlias(draft: BuilderDraft, from: string, to: string): BuilderDraft {
  if (from === to) return draft;
  return {
    ...draft,
    joins: draft.joins.map((j) => ({ ...j, as: j.as === from ? to : j.as, ...(j.from === from ? { from: to } : {}) })),
    dimensions: draft.dimensions.map((d) => ({ ...d, field: renameRef(d.field, from, to) })),
    measures: draft.measures.map((m) => ({ ...m, field: renameRef(m.field, from, to) })),
    columns: draft.columns.map((c) => renameRef(c, from, to) ?? c),
    filter: renameInFilter(draft.filter, from, to),
  };
}

/**
 * Removes join `index` and the joins made from it (transitively); group by rows and columns on
 * their fields go, aggregates on them lose their field.
 */
export function removeJoin(draft: BuilderDraft, index: number): BuilderDraft {
  const gone = new Set<string>([draft.joins[index]?.as].filter((a): a is string => !!a));
  for (const j of draft.joins) if (j.from && gone.has(j.from)) gone.add(j.as);
  const refGone = (ref: string | undefined) => !!ref && gone.has(ref.split('.')[0]) && ref.includes('.');
  return {
    ...draft,
    joins: draft.joins.filter((j) => !gone.has(j.as)),
    dimensions: draft.dimensions.filter((d) => !refGone(d.field)),
    measures: draft.measures.map((m) => (refGone(m.field) ? { ...m, field: undefined } : m)),
    columns: draft.columns.filter((c) => !refGone(c)),
  };
}

const flat = (ref: string) => ref.replace(/\./g, '_');

/** A group by's output name: its `as`, else the field with `.` → `_` plus `_<bucket>` (`date_month`, `client_name`). */
export function dimensionName(d: DimensionDraft): string {
  if (d.as) return d.as;
  if (!d.field) return '';
  return d.bucket ? `${flat(d.field)}_${d.bucket}` : flat(d.field);
}

/** An aggregate's output name: its `as`, else `count`, `<fn>_<field>` or `p<100·p>_<field>` for a percentile. */
export function measureName(m: MeasureDraft): string {
  if (m.as) return m.as;
  if (!m.field) return m.fn === 'count' ? 'count' : m.fn;
  if (m.fn === 'percentile') return `p${Math.round((m.p ?? 0.9) * 100)}_${flat(m.field)}`;
  return `${m.fn}_${flat(m.field)}`;
}

/** Whether the draft groups (any group by or aggregate) or lists records (columns). */
export const isGrouped = (d: Pick<BuilderDraft, 'dimensions' | 'measures'>): boolean => d.dimensions.length > 0 || d.measures.length > 0;

/** The output names sorts may use: group by and aggregates when grouped, else the columns (`.` → `_`). */
export function outputNames(d: BuilderDraft): string[] {
  const names = isGrouped(d) ? [...d.dimensions.map(dimensionName), ...d.measures.map(measureName)] : d.columns.map(flat);
  return [...new Set(names.filter(Boolean))];
}

/**
 * The definition the draft makes: the filter without unfinished conditions (`cleanFilter`, passed
 * in), optional parts left out when empty. Unfinished rows go as they are (an empty field as `''`),
 * so the server's 400 names the very row (`definition.measures.1.field`). Null without a subject.
 */
export function toDefinition(d: BuilderDraft, clean: (g: FilterGroup) => FilterGroup | undefined): AnalyticsQueryDefinition | null {
  if (!d.subjectId) return null;
  const grouped = isGrouped(d);
  const filter = clean(d.filter);
  const opt = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;
  return {
    subjectId: d.subjectId,
    joins: d.joins.map((j) => opt(j)),
    ...(filter ? { filter } : {}),
    calculated: d.calculated.map((c) => ({ name: c.name, formula: c.formula })),
    dimensions: d.dimensions.map((x) => ({ field: x.field ?? '', ...opt({ bucket: x.bucket, as: x.as }) })),
    measures: d.measures.map((m) => ({ fn: m.fn, ...opt({ field: m.field, as: m.as, p: m.fn === 'percentile' ? m.p ?? 0.9 : undefined }) })),
    columns: grouped ? [] : d.columns,
    having: grouped ? d.having.map((h) => ({ measure: h.measure ?? '', op: h.op, value: h.value ?? Number.NaN })) : [],
    sort: d.sort.map((s) => ({ by: s.by ?? '', order: s.order })),
    limit: Math.min(Math.max(1, Math.round(d.limit || QUERY_LIMIT_DEFAULT)), QUERY_ROW_CAP),
  };
}

/** A saved or received definition back into a draft. */
export function fromDefinition(def: AnalyticsQueryDefinition): BuilderDraft {
  return {
    subjectId: def.subjectId,
    joins: def.joins ?? [],
    filter: (def.filter as FilterGroup | undefined) ?? EMPTY_FILTER,
    calculated: def.calculated ?? [],
    dimensions: (def.dimensions ?? []).map((d) => ({ ...d })),
    measures: (def.measures ?? []).map((m) => ({ ...m })),
    columns: def.columns ?? [],
    having: (def.having ?? []).map((h) => ({ ...h })),
    sort: (def.sort ?? []).map((s) => ({ ...s })),
    limit: def.limit ?? QUERY_LIMIT_DEFAULT,
  };
}

/** The parts of a definition an error path names. */
export const DEFINITION_PARTS = ['subjectId', 'joins', 'filter', 'calculated', 'dimensions', 'measures', 'columns', 'having', 'sort', 'limit'] as const;
export type DefinitionPart = (typeof DEFINITION_PARTS)[number];

/** Where a 400 detail points: `definition.measures.0.field` → { part: 'measures', index: 0, prop: 'field' }; null when not in the definition. */
export function errorPlace(path: string): { part: DefinitionPart; index?: number; prop?: string } | null {
  const segs = path.split('.');
  if (segs[0] === 'definition') segs.shift();
  const part = segs[0] as DefinitionPart;
  if (!DEFINITION_PARTS.includes(part)) return null;
  const n = segs[1] !== undefined && /^\d+$/.test(segs[1]) ? Number(segs[1]) : undefined;
  const rest = segs.slice(n === undefined ? 1 : 2).join('.');
  return { part, ...(n !== undefined ? { index: n } : {}), ...(rest ? { prop: rest } : {}) };
}
