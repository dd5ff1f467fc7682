/**
 * The rules a subject's records must satisfy, compiled once (docs/rules.md "One definition, two
 * evaluators"), and the per-record check every write path runs inside its transaction, after the
 * field constraints (subjects/values.ts validateValues) and after the record is written (so formulas
 * and auto numbers are part of what the rules see):
 *  - a **blocking** rule that fails refuses the write: HttpError 400 VALIDATION_FAILED, one detail
 *    per failing rule naming `values.<field>` (the rule's first field; `values` for an expression)
 *    with the rule's message in the request's language (errors.ruleFailed), and the transaction rolls
 *    back;
 *  - a **warning** rule that fails keeps the write and flags the record: an open incident for the
 *    (record, rule) pair (a resolved one, or a waiver that has expired, opens again);
 *  - the record's unresolved incidents of rules it now passes are resolved.
 * The write's own record must already be written (uniqueness looks at the other records).
 */
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { RecordIncident, RecordRuleWarning, RuleDefinition, RuleSeverity } from '../../../../contracts';
import { ruleDefinitionSchema } from '../../../../contracts';
import { rowsOf, type Executor } from '../../db/client';
import { ruleIncidents, rules } from '../../db/schema';
import { HttpError, type FieldErrorKey } from '../../lib/http-error';
import { setRecordRules } from '../records/record-rules';
import { tableOf } from '../records/records.service';
import { loadSubjectDef, type SubjectDef } from '../subjects/subject-def';
import { compileRule, type CompiledRule, type SubjectLookup } from './rule-engine';

/** An enabled rule of a subject, compiled against it. */
export interface ActiveRule {
  id: string;
  name: string;
  severity: RuleSeverity;
  messageZh: string;
  messageEn: string;
  definition: RuleDefinition;
  compiled: CompiledRule;
}

/** The field a rule's errors name (its first field), or null for an expression. */
export function ruleField(definition: RuleDefinition): string | null {
  switch (definition.kind) {
    case 'unique':
      return definition.fields[0] ?? null;
    case 'expression':
      return null;
    default:
      return definition.field;
  }
}

/** The {limit} of a rule's message: the constant, the other field, the range, the pattern or the target. */
export function ruleLimit(definition: RuleDefinition): string {
  switch (definition.kind) {
    case 'comparison':
      return definition.otherField ?? String(definition.value ?? '');
    case 'range':
      return `${definition.min ?? ''}–${definition.max ?? ''}`;
    case 'pattern':
      return definition.pattern;
    case 'requiredIf':
      return '';
    case 'unique':
      return definition.fields.join(', ');
    case 'existsIn':
      return `${definition.subject}.${definition.targetField}`;
    case 'expression':
      return definition.expression;
  }
}

/** `template` with {field}, {value} and {limit} replaced (other braces stay as written). */
export function formatRuleMessage(template: string, params: { field: string; value: string; limit: string }): string {
  return template.replace(/\{(field|value|limit)\}/g, (_, k: keyof typeof params) => params[k]);
}

/** A value as the message's {value} shows it: empty as '', lists joined by ', '. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A lookup of the other subjects of `subject`'s application, for exists-in rules (loaded on demand). */
export async function subjectLookupOf(db: Executor, subject: SubjectDef, definitions: RuleDefinition[]): Promise<SubjectLookup> {
  const keys = [...new Set(definitions.flatMap((d) => (d.kind === 'existsIn' ? [d.subject] : [])))];
  const found = new Map<string, SubjectDef>();
  for (const key of keys) {
    const def = key === subject.key ? subject : await loadSubjectDef(db, { applicationId: subject.applicationId, key });
    if (def) found.set(key, def);
  }
  return (key) => found.get(key);
}

/**
 * Compiled rules, by subject (its id and the fingerprint of its definition: table, fields, columns,
 * options), rule id and rule version (updated time). The read cache hands out a new SubjectDef after
 * every write anywhere (its generation moves), so the definition object itself cannot be the key:
 * compiling 20 rules and loading an exists-in target on every write cost ~8 ms. An entry lives
 * COMPILED_TTL_MS at most, so that a change of an exists-in target's fields (not part of the key)
 * is seen within that time; which of the target's rows are live is decided by each statement itself.
 */
const compiledCache = new Map<string, { at: number; compiled: Pick<ActiveRule, 'definition' | 'compiled'> | null }>();
/** How long a compiled rule is reused, ms. */
const COMPILED_TTL_MS = 10_000;
/** Most entries kept (past it the cache starts over). */
const COMPILED_MAX = 5_000;
const fingerprints = new WeakMap<SubjectDef, string>();

/** A row of `rules` as loadSubjectRules reads it (the definition as JSON text, the update time as text). */
interface RuleRow {
  id: string;
  name: string;
  definition: string;
  severity: RuleSeverity;
  message_zh: string;
  message_en: string;
  version: number;
  updated_at: string;
}

/** What a compiled rule depends on in its subject's definition, as one string (computed once per definition object). */
function fingerprintOf(subject: SubjectDef): string {
  let f = fingerprints.get(subject);
  if (f === undefined) {
    f = JSON.stringify([
      subject.id,
      subject.tableName,
      subject.pendingImports,
      subject.fields.map((x) => [x.key, x.name, x.type, x.column, x.options, x.unique]),
    ]);
    fingerprints.set(subject, f);
  }
  return f;
}

/**
 * The enabled rules of `subject`, compiled (one indexed statement; compiling is cached per rule
 * version and subject definition, see compiledCache). A rule that no longer fits its subject (a
 * field since removed or retyped) is left out, since it cannot be tested; its page says why
 * (rules.service).
 */
export async function loadSubjectRules(db: Executor, subject: SubjectDef): Promise<ActiveRule[]> {
  return (await loadRuleList(db, subject)).active;
}

/**
 * The SQL text of the print of subject `subjectId`'s enabled rules: one md5 over every column a
 * write's check reads (id, version, update time, severity, name, messages, definition), in the
 * rules' order; the md5 of '' when there are none.
 */
const rulesPrintSql = (subjectId: string): SQL =>
  sql`(select md5(coalesce(string_agg(concat_ws(chr(31), id::text, version::text, updated_at::text, severity, name, message_zh, message_en, definition::text), chr(30) order by created_at, id), ''))
    from rules where subject_id = ${subjectId}::uuid and enabled)`;

/** A subject's enabled rules, compiled, with the print (rulesPrintSql) of the rows they were read from. */
interface RuleList {
  at: number;
  print: string;
  active: ActiveRule[];
}

/**
 * The last rule list read per subject (by its definition's fingerprint), for the writes' check
 * (enforceRecordRules): it asks the database for the print of the current rules in the same
 * statement as the rules' lookups, and reads the list again only when the print differs, so a
 * write pays one statement for its rules instead of two. Kept COMPILED_TTL_MS at most, as the
 * compiled rules are.
 */
const ruleLists = new Map<string, RuleList>();
/** Most subjects whose list is kept (past it the map starts over). */
const RULE_LISTS_MAX = 1_000;

/** loadSubjectRules with the print of what it read (one statement), remembered in ruleLists. */
async function loadRuleList(db: Executor, subject: SubjectDef): Promise<RuleList> {
  // plain SQL on the hot path of every write (the query builder's mapping cost more than the query);
  // the print and the rows in one statement: the list is what the print says
  const read = rowsOf<{ [K in keyof RuleRow]: RuleRow[K] | null } & { print: string }>(
    await db.execute(sql`select p.print, r.id, r.name, r.definition::text as definition, r.severity, r.message_zh, r.message_en, r.version, r.updated_at::text as updated_at
      from ${rulesPrintSql(subject.id)} as p(print)
      left join rules r on r.subject_id = ${subject.id}::uuid and r.enabled
      order by r.created_at, r.id`),
  );
  const rows = read.filter((r): r is RuleRow & { print: string } => r.id !== null);
  const list: RuleList = { at: Date.now(), print: read[0]?.print ?? '', active: rows.length === 0 ? [] : await compiledRules(db, subject, rows) };
  if (ruleLists.size >= RULE_LISTS_MAX) ruleLists.clear();
  ruleLists.set(fingerprintOf(subject), list);
  return list;
}

/** `rows` (enabled rules of `subject`, in order) compiled, through compiledCache; those that do not fit left out. */
async function compiledRules(db: Executor, subject: SubjectDef, rows: RuleRow[]): Promise<ActiveRule[]> {
  const now = Date.now();
  const print = fingerprintOf(subject);
  // the definition is compiled; name, severity and messages are read from the row each time
  const keyOf = (r: RuleRow) => `${print}\u0000${r.id}\u0000${r.version}\u0000${r.updated_at}\u0000${r.definition}`;
  const missing = rows.filter((r) => {
    const hit = compiledCache.get(keyOf(r));
    return !hit || now - hit.at > COMPILED_TTL_MS;
  });
  if (missing.length > 0) {
    if (compiledCache.size + missing.length > COMPILED_MAX) compiledCache.clear();
    const parsed = missing.map((r) => ({ row: r, def: ruleDefinitionSchema.safeParse(JSON.parse(r.definition)) }));
    const lookup = await subjectLookupOf(
      db,
      subject,
      parsed.flatMap((p) => (p.def.success ? [p.def.data] : [])),
    );
    for (const { row, def } of parsed) {
      let compiled: Pick<ActiveRule, 'definition' | 'compiled'> | null = null;
      if (def.success) {
        try {
          compiled = { definition: def.data, compiled: compileRule(def.data, subject, lookup) };
        } catch {
          compiled = null;
        }
      }
      compiledCache.set(keyOf(row), { at: now, compiled });
    }
  }
  const out: ActiveRule[] = [];
  for (const r of rows) {
    const hit = compiledCache.get(keyOf(r))?.compiled;
    if (hit) out.push({ id: r.id, name: r.name, severity: r.severity, messageZh: r.message_zh, messageEn: r.message_en, ...hit });
  }
  return out;
}

/** One rule a record fails, with its message in both languages. */
export interface RuleFailure {
  rule: ActiveRule;
  field: string | null;
  value: string;
  messageZh: string;
  messageEn: string;
}

/**
 * The rules of `active` the record (`id`, the records API's values) fails, with their messages, in
 * the order of `active`. The kinds decided in JavaScript run here; those that need the database
 * (required-if, uniqueness, exists-in: CompiledRule.lookup) are asked together in one statement,
 * none when every value they test is empty.
 */
export async function recordFailures(
  db: Executor,
  subject: SubjectDef,
  active: ActiveRule[],
  id: string | null,
  values: Record<string, unknown>,
): Promise<RuleFailure[]> {
  return (await verdicts(db, subject, active, id, values, false, null)).failures;
}

/**
 * recordFailures, and with `askOpen` whether record `id` has unresolved incidents, and with `print`
 * whether the subject's enabled rules are still those `active` was read from (rulesPrintSql; false
 * means: read them again and ask again), asked in the same statement as the database kinds (one
 * statement in all, none when none of them is needed).
 */
async function verdicts(
  db: Executor,
  subject: SubjectDef,
  active: ActiveRule[],
  id: string | null,
  values: Record<string, unknown>,
  askOpen: boolean,
  print: string | null,
): Promise<{ failures: RuleFailure[]; open: boolean; fresh: boolean }> {
  const fails = new Set<ActiveRule>();
  const asked: SQL[] = [];
  const askedRules: ActiveRule[] = [];
  for (const rule of active) {
    if (rule.compiled.lookup) {
      const expr = rule.compiled.lookup(values, id);
      if (expr) {
        asked.push(sql`${expr} as ${sql.raw(`f${asked.length}`)}`);
        askedRules.push(rule);
      }
    } else if (await rule.compiled.failsFor(db, values, id)) {
      fails.add(rule);
    }
  }
  if (askOpen && id && active.length > 0) asked.push(sql`exists (select 1 from rule_incidents where record_id = ${id}::uuid and state <> 'resolved') as open`);
  if (print !== null) asked.push(sql`${rulesPrintSql(subject.id)} = ${print}::text as fresh`);
  let open = false;
  let fresh = true;
  if (asked.length > 0) {
    const [row] = rowsOf<Record<string, boolean | null>>(await db.execute(sql`select ${sql.join(asked, sql`, `)}`));
    askedRules.forEach((rule, i) => {
      if (row?.[`f${i}`] === true) fails.add(rule);
    });
    open = row?.open === true;
    if (print !== null) fresh = row?.fresh === true;
  }
  return { failures: active.filter((r) => fails.has(r)).map((r) => failureOf(subject, r, values)), open, fresh };
}

/** `rule`'s failure on a record with `values`: its field, the value as text and the messages filled in. */
export function failureOf(subject: SubjectDef, rule: ActiveRule, values: Record<string, unknown>): RuleFailure {
  const field = ruleField(rule.definition);
  const value = field ? valueText(values[field]) : '';
  const name = field ? (subject.fields.find((f) => f.key === field)?.name ?? field) : '';
  const limit = ruleLimit(rule.definition);
  return {
    rule,
    field,
    value,
    messageZh: formatRuleMessage(rule.messageZh, { field: name, value, limit }),
    messageEn: formatRuleMessage(rule.messageEn, { field: name, value, limit }),
  };
}

/** The 400 a write gets when blocking rules fail: one detail per rule, naming `values.<field>`. */
export function blockingError(failures: RuleFailure[]): HttpError {
  const details: FieldErrorKey[] = failures.map((f) => ({
    field: f.field ? `values.${f.field}` : 'values',
    messageKey: 'errors.ruleFailed',
    params: { message_zh: f.messageZh, message_en: f.messageEn },
  }));
  return new HttpError(400, 'VALIDATION_FAILED', 'errors.ruleFailed', details, {
    params: { message_zh: failures[0]!.messageZh, message_en: failures[0]!.messageEn },
  });
}

/**
 * The per-record check of a write (see the file's comment): refuses the write when a blocking rule
 * fails, else opens incidents for the failing warnings and resolves those of rules now passing.
 * @param created true for a new record (it has no incidents to resolve).
 * @returns the warnings (failing warning rules), for the write's answer.
 * @throws HttpError 400 VALIDATION_FAILED (blockingError) when a blocking rule fails.
 */
export async function enforceRecordRules(
  tx: Executor,
  subject: SubjectDef,
  id: string,
  values: Record<string, unknown>,
  created: boolean,
): Promise<RuleFailure[]> {
  // the subject's rules as last read (ruleLists), checked still current by the verdicts' statement;
  // read again (and asked again) when they are not, or when none were read yet
  let list = ruleLists.get(fingerprintOf(subject));
  const remembered = list !== undefined && Date.now() - list.at <= COMPILED_TTL_MS;
  if (!list || !remembered) {
    list = await loadRuleList(tx, subject);
    if (list.active.length === 0) return [];
  }
  // an existing record: whether it has unresolved incidents, asked with the rules' lookups, so that
  // the resolve statement runs only when there is something to resolve
  let verdict = await verdicts(tx, subject, list.active, id, values, !created, remembered ? list.print : null);
  if (!verdict.fresh) {
    list = await loadRuleList(tx, subject);
    if (list.active.length === 0) return [];
    verdict = await verdicts(tx, subject, list.active, id, values, !created, null);
  }
  const active = list.active;
  const { failures, open } = verdict;
  const blocking = failures.filter((f) => f.rule.severity === 'blocking');
  if (blocking.length > 0) throw blockingError(blocking);
  if (failures.length > 0) await openIncidents(tx, subject, id, failures);
  if (!created && open) {
    const failing = new Set(failures.map((f) => f.rule.id));
    const passing = active.filter((r) => !failing.has(r.id)).map((r) => r.id);
    if (passing.length > 0) await resolveIncidents(tx, id, passing);
  }
  return failures;
}

/**
 * An incident that fails again (a write's or a run's upsert, over the incident row `t`): a resolved
 * one, or a waiver past its expiry, opens again; open, acknowledged and live waivers keep their state.
 */
export const reopenedState = (t: SQL): SQL =>
  sql`case when ${t}.state = 'resolved' or (${t}.state = 'waived' and ${t}.waiver_expires_at <= now()) then 'open' else ${t}.state end`;
/** With reopenedState: a reopened resolved incident loses its resolved time. */
export const reopenedResolvedAt = (t: SQL): SQL => sql`case when ${t}.state = 'resolved' then null else ${t}.resolved_at end`;
/** With reopenedState: when the incident became open (now for a reopened one; the `incident.opened` event's test). */
export const reopenedOpenedAt = (t: SQL): SQL =>
  sql`case when ${t}.state = 'resolved' or (${t}.state = 'waived' and ${t}.waiver_expires_at <= now()) then now() else ${t}.opened_at end`;

/** Opens (or keeps open) the incidents of `failures` for record `id`; resolved ones and expired waivers open again. */
export async function openIncidents(tx: Executor, subject: SubjectDef, id: string, failures: RuleFailure[], runId: string | null = null): Promise<void> {
  await openIncidentPairs(
    tx,
    subject,
    failures.map((f) => ({ id, f })),
    runId,
  );
}

/**
 * The `incident.opened` trigger events (docs/rules.md "Incidents and triggers") of the incidents in
 * the CTE `source` (rule_incidents rows an upsert returned) that became open in this transaction (new,
 * or reopened: `opened_at` is now()), as the body of a data-modifying CTE. It writes nothing unless an
 * enabled trigger of subject `subjectId` listens to the event (a one-time test), so a subject with no
 * such trigger pays nothing but that test. The event names the record, the rule, the severity and
 * the failing value; its depth is the writing run's (`assay.trigger_depth`, the loop guard's).
 */
export function incidentEventsInsert(source: SQL, subjectId: string, actorId: string | null): SQL {
  return sql`insert into trigger_events (kind, subject_id, record_id, actor_id, depth, payload)
    select 'incident.opened', o.subject_id, o.record_id, ${actorId}::uuid, d.depth,
      jsonb_build_object('kind', 'incident.opened', 'application', a.slug, 'subject', s.key, 'recordId', o.record_id,
        'actorId', ${actorId}::uuid, 'depth', d.depth,
        'data', jsonb_build_object('incidentId', o.id, 'ruleId', o.rule_id, 'ruleName', r.name, 'severity', o.severity,
          'value', o.value, 'runId', o.last_run_id))
    from ${source} o
    join rules r on r.id = o.rule_id
    join subjects s on s.id = o.subject_id
    join applications a on a.id = s.application_id
    cross join (select coalesce(nullif(current_setting('assay.trigger_depth', true), '')::int, 0) as depth) d
    where o.state = 'open' and o.opened_at = now()
      and exists (select 1 from triggers t where t.event = 'incident.opened' and t.enabled and t.subject_id = ${subjectId}::uuid)
    returning 1`;
}

/** Wakes the trigger delivery (the outbox's channel) when a statement wrote `events` events. */
export async function notifyIncidentEvents(tx: Executor, events: number): Promise<void> {
  if (events > 0) await tx.execute(sql`select pg_notify('assay_triggers', '')`);
}

/**
 * openIncidents for many records at once: each (record `id`, failure `f`) pair, one statement,
 * which also writes the `incident.opened` trigger events of those that became open
 * (incidentEventsInsert). `actorId`: who made the change (null: the system, or not known).
 */
export async function openIncidentPairs(
  tx: Executor,
  subject: SubjectDef,
  pairs: { id: string; f: RuleFailure }[],
  runId: string | null = null,
  actorId: string | null = null,
): Promise<void> {
  if (pairs.length === 0) return;
  const rows = sql.join(
    pairs.map(
      ({ id, f }) =>
        sql`(${subject.applicationId}::uuid, ${subject.id}::uuid, ${f.rule.id}::uuid, ${id}::uuid, ${f.rule.severity}, ${f.value}, ${runId}::uuid)`,
    ),
    sql`, `,
  );
  const t = sql.raw('ri');
  const [row] = rowsOf<{ events: number }>(
    await tx.execute(sql`with i as (
      insert into rule_incidents as ri (application_id, subject_id, rule_id, record_id, severity, value, last_run_id)
      values ${rows}
      on conflict (rule_id, record_id) do update set
        state = ${reopenedState(t)},
        opened_at = ${reopenedOpenedAt(t)},
        resolved_at = ${reopenedResolvedAt(t)},
        severity = excluded.severity, value = excluded.value,
        last_run_id = coalesce(excluded.last_run_id, ri.last_run_id),
        last_seen_at = now(), updated_at = now()
      returning id, subject_id, rule_id, record_id, state, severity, value, last_run_id, opened_at
    ), e as (${incidentEventsInsert(sql.raw('i'), subject.id, actorId)})
    select (select count(*) from e)::int as events`),
  );
  await notifyIncidentEvents(tx, row?.events ?? 0);
}

/** Resolves record `id`'s unresolved incidents (open, acknowledged, waived) of the rules `ruleIds` (they pass now). */
export async function resolveIncidents(tx: Executor, id: string, ruleIds: string[]): Promise<void> {
  await tx
    .update(ruleIncidents)
    .set({ state: 'resolved', resolvedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(ruleIncidents.recordId, id), sql`${ruleIncidents.state} <> 'resolved'`, inArray(ruleIncidents.ruleId, ruleIds)));
}

/** A failure as a write's answer names it (contracts RecordRuleWarning). */
export function warningOf(f: RuleFailure): RecordRuleWarning {
  return { ruleId: f.rule.id, name: f.rule.name, field: f.field, messageZh: f.messageZh, messageEn: f.messageEn };
}

/**
 * The unresolved incidents of record `id` (open, acknowledged, waived), oldest first, each with its
 * rule's name and message filled in ({field}: the field's name, {value}: the value last seen,
 * {limit}: the rule's). One statement on rule_incidents_record_idx joined to the rules.
 */
export async function unresolvedIncidents(db: Executor, subject: SubjectDef, id: string): Promise<RecordIncident[]> {
  const rows = await db
    .select({
      id: ruleIncidents.id,
      ruleId: ruleIncidents.ruleId,
      state: ruleIncidents.state,
      severity: ruleIncidents.severity,
      value: ruleIncidents.value,
      firstSeenAt: ruleIncidents.firstSeenAt,
      lastSeenAt: ruleIncidents.lastSeenAt,
      waiverExpiresAt: ruleIncidents.waiverExpiresAt,
      name: rules.name,
      definition: rules.definition,
      messageZh: rules.messageZh,
      messageEn: rules.messageEn,
    })
    .from(ruleIncidents)
    .innerJoin(rules, eq(rules.id, ruleIncidents.ruleId))
    .where(and(eq(ruleIncidents.recordId, id), ne(ruleIncidents.state, 'resolved')))
    .orderBy(asc(ruleIncidents.firstSeenAt), asc(ruleIncidents.id));
  return rows.map((r) => {
    const def = ruleDefinitionSchema.safeParse(r.definition);
    const field = def.success ? ruleField(def.data) : null;
    const params = {
      field: field ? (subject.fields.find((f) => f.key === field)?.name ?? field) : '',
      value: r.value ?? '',
      limit: def.success ? ruleLimit(def.data) : '',
    };
    return {
      id: r.id,
      ruleId: r.ruleId,
      name: r.name,
      field,
      severity: r.severity,
      state: r.state,
      value: r.value,
      messageZh: formatRuleMessage(r.messageZh, params),
      messageEn: formatRuleMessage(r.messageEn, params),
      firstSeenAt: r.firstSeenAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      waiverExpiresAt: r.waiverExpiresAt ? r.waiverExpiresAt.toISOString() : null,
    };
  });
}

// the records module's writes and details reach the rules through its door (records/record-rules.ts),
// set when this file loads (the imports and triggers modules import it; so does the rules module)
setRecordRules({
  enforce: async (tx, subject, id, values, created) => (await enforceRecordRules(tx, subject, id, values, created)).map(warningOf),
  incidents: unresolvedIncidents,
});

/**
 * The verdicts of `active` over many records already written (an import's chunk, at most a few
 * thousand `records`, each with the records API's values), set-based: one statement per rule with
 * an SQL form (`failsSql` over the stored rows of `ids`), the others (patterns, expressions outside
 * the SQL subset) in JavaScript over `values`. @returns the failures by record id (records that
 * pass every rule are absent).
 */
export async function chunkFailures(
  db: Executor,
  subject: SubjectDef,
  active: ActiveRule[],
  records: { id: string; values: Record<string, unknown> }[],
): Promise<Map<string, RuleFailure[]>> {
  const out = new Map<string, RuleFailure[]>();
  if (active.length === 0 || records.length === 0) return out;
  const byId = new Map(records.map((r) => [r.id, r]));
  const ids = sql.param(records.map((r) => r.id));
  for (const rule of active) {
    let failing: string[];
    if (rule.compiled.failsSql) {
      failing = rowsOf<{ id: string }>(
        await db.execute(sql`select r.id from ${tableOf(subject, 'r')} where r.id = any(${ids}::uuid[]) and ${rule.compiled.failsSql}`),
      ).map((r) => r.id);
    } else {
      failing = [];
      for (const r of records) if (await rule.compiled.failsFor(db, r.values, r.id)) failing.push(r.id);
    }
    for (const id of failing) {
      const record = byId.get(id);
      if (!record) continue;
      out.set(id, [...(out.get(id) ?? []), failureOf(subject, rule, record.values)]);
    }
  }
  return out;
}

/**
 * Writes the verdicts of chunkFailures for `records` (written with `created` true: new, nothing to
 * resolve): the failures' incidents opened (one statement), and the unresolved incidents of the
 * other records' rules of `active` that now pass resolved (one statement).
 */
export async function flagRecords(
  tx: Executor,
  subject: SubjectDef,
  active: ActiveRule[],
  records: { id: string; created: boolean }[],
  failures: Map<string, RuleFailure[]>,
): Promise<void> {
  const pairs = [...failures].flatMap(([id, list]) => list.map((f) => ({ id, f })));
  if (pairs.length > 0) await openIncidentPairs(tx, subject, pairs);
  const updated = records.filter((r) => !r.created).map((r) => r.id);
  if (updated.length === 0 || active.length === 0) return;
  const failing = pairs.map((p) => `${p.f.rule.id}:${p.id}`);
  await tx.execute(sql`update rule_incidents set state = 'resolved', resolved_at = now(), updated_at = now()
    where record_id = any(${sql.param(updated)}::uuid[]) and state <> 'resolved'
      and rule_id = any(${sql.param(active.map((r) => r.id))}::uuid[])
      and (rule_id::text || ':' || record_id::text) <> all(${sql.param(failing)}::text[])`);
}

/** Most row details a refused undo names (the message names the first rows too). */
const RESTORE_DETAILS_MAX = 100;

/**
 * The rules check of records put back in bulk by an import's undo (docs/rules.md "One definition,
 * two evaluators"), as a version restore is checked (enforceRecordRules), set-based over the
 * restored `records` (already written; each with the records API's values and the file's row
 * `row` that had updated it): chunkFailures, then
 *  - a failing **blocking** rule refuses: HttpError 400 VALIDATION_FAILED `errors.import.undoRuleFailed`
 *    naming the rows (`params.rows`, the first ones, and the first failure's message), one detail
 *    per (row, rule) naming `rows.<row>.values.<field>` with the rule's message (errors.ruleFailed),
 *    at most RESTORE_DETAILS_MAX; the caller's transaction rolls back;
 *  - else the failing warnings' incidents are opened and the records' incidents of rules they now
 *    pass resolved (flagRecords). No enabled rule: one query, nothing else.
 */
export async function enforceRestoredRecords(
  tx: Executor,
  subject: SubjectDef,
  records: { id: string; row: number; values: Record<string, unknown> }[],
): Promise<void> {
  if (records.length === 0) return;
  const active = await loadSubjectRules(tx, subject);
  if (active.length === 0) return;
  const failures = await chunkFailures(tx, subject, active, records);
  const refused = records.flatMap((r) => (failures.get(r.id) ?? []).filter((f) => f.rule.severity === 'blocking').map((f) => ({ row: r.row, f })));
  if (refused.length > 0) {
    refused.sort((a, b) => a.row - b.row);
    const rows = [...new Set(refused.map((x) => x.row))];
    const shown = rows.slice(0, 10).join(', ') + (rows.length > 10 ? ', …' : '');
    const details: FieldErrorKey[] = refused.slice(0, RESTORE_DETAILS_MAX).map(({ row, f }) => ({
      field: `rows.${row}.${f.field ? `values.${f.field}` : 'values'}`,
      messageKey: 'errors.ruleFailed',
      params: { message_zh: f.messageZh, message_en: f.messageEn, row },
    }));
    throw new HttpError(400, 'VALIDATION_FAILED', 'errors.import.undoRuleFailed', details, {
      params: { rows: shown, n: rows.length, message_zh: refused[0]!.f.messageZh, message_en: refused[0]!.f.messageEn },
    });
  }
  await flagRecords(
    tx,
    subject,
    active,
    records.map((r) => ({ id: r.id, created: false })),
    failures,
  );
}
