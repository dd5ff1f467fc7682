/**
 * The dry run of an import ("type coercion preview → dry run showing every row's errors →
 * mode insert / update / upsert by chosen key fields"): every staged row, chunk by chunk, is
 * coerced (imports.coerce.ts); names in cells of user and relation fields (an e-mail, a user's
 * name, a related record's display value) become ids (imports.resolve.ts: the chunk's distinct
 * names, one query per field); then every row is validated by THE records validation function
 * (`validateValues`, subjects/values.ts: types, required, constraints, choices,
 * users/relations/attachments, unique values in the database); update/upsert rows find their
 * record by the key fields; then the subject's enabled rules (docs/rules.md), loaded and compiled
 * once per check and skipped altogether when there are none, test each valid row as it would be
 * written (an update: the record's values with the row's; formulas recomputed): a failing blocking
 * rule is a row error naming the rule's field with the rule's message (errors.ruleFailed), so the
 * row is bad as for any other error; a failing warning rule does not make a row bad (the run writes
 * it and flags its record) but is listed as the row's warning (import_rows.warnings, the batch's
 * `warned` count), so the dry run shows every row's rule failures.
 * Row errors name the file's column and the field. Nothing is written to the subject: results go to
 * import_rows.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ImportSettings, MessageKey } from '../../../../contracts';
import { rowsOf, type Executor } from '../../db/client';
import { HttpError, type FieldErrorKey } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { ident } from '../subjects/ddl';
import type { FieldDef, SubjectDef } from '../subjects/subject-def';
import { checkRecordGuards, findRecords, tableOf } from '../records/records.service';
import { computeFormulas } from '../subjects/compute';
import { failureOf, loadSubjectRules, recordFailures, type RuleFailure } from '../rules/subject-rules';
import { isComputed, normalizeValue, prefetchReferences, prefetchUnique, selectExprOf, validateValues, ValueError, type FieldValue } from '../subjects/values';
import { canBeKey, coerceCell, columnTypeOf, keyText } from './imports.coerce';
import { isId, nameError, NameResolver, takesNames } from './imports.resolve';
import { CHUNK, checkRowsAfter, pauseForOthers, saveRowResults, type RowResult } from './imports.repository';
import { liveRows } from '../subjects/live-rows';

/** One staged error (translated when read: imports.service.ts). */
export interface StagedError {
  column: string | null;
  field: string | null;
  value: string | null;
  messageKey: MessageKey;
  params?: Record<string, string | number>;
}

/** A mapped column: its index in the file, its header, its field; `keyOnly` for a computed key field (auto number). */
export interface ColumnPlan {
  index: number;
  header: string;
  field: FieldDef;
  keyOnly: boolean;
}

/** The settings, resolved: which column feeds which field, the key fields. */
export interface Plan {
  settings: ImportSettings;
  /** Column index → field, for mapped columns. */
  columns: ColumnPlan[];
  keys: FieldDef[];
}

/** The items of a coerced cell: a list's, a single value's (empty: none). */
const itemsOf = (v: unknown): string[] => (v === null || v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);

const bad = (field: string, messageKey: MessageKey, params?: Record<string, string | number>) =>
  new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field, messageKey, ...(params ? { params } : {}) }]);

/**
 * Checks the settings against the subject and the file's headers.
 * @throws 400 naming `mapping.<header>` (unknown header or field, a computed field, a field mapped
 *   twice), `mapping` (nothing mapped) or `keyFields` (update/upsert without mapped key fields).
 */
export function planOf(subject: SubjectDef, headers: readonly string[], settings: ImportSettings): Plan {
  const byKey = new Map(subject.fields.map((f) => [f.key, f]));
  const keySet = new Set(settings.mode === 'insert' ? [] : settings.keyFields);
  const columns: ColumnPlan[] = [];
  const used = new Set<string>();
  for (const [header, key] of Object.entries(settings.mapping)) {
    if (key === null || key === '') continue;
    const index = headers.indexOf(header);
    const field = byKey.get(key);
    if (index < 0 || !field) throw bad(`mapping.${header}`, 'errors.import.mappingField', { field: key });
    const keyOnly = isComputed(field.type);
    if (keyOnly && !(field.type === 'autoNumber' && keySet.has(key))) throw bad(`mapping.${header}`, 'errors.import.mappingField', { field: key });
    if (used.has(key)) throw bad(`mapping.${header}`, 'errors.import.mappingTwice', { field: key });
    used.add(key);
    columns.push({ index, header, field, keyOnly });
  }
  if (columns.length === 0) throw bad('mapping', 'errors.import.mappingEmpty');
  const keys: FieldDef[] = [];
  if (settings.mode !== 'insert') {
    if (settings.keyFields.length === 0) throw bad('keyFields', 'errors.import.keyFields');
    for (const k of settings.keyFields) {
      const f = byKey.get(k);
      if (!f || !used.has(k) || !canBeKey(f)) throw bad('keyFields', 'errors.import.keyFields');
      keys.push(f);
    }
  }
  return { settings, columns, keys };
}

/**
 * Live records of `subject` whose key fields equal one of `tuples` (canonical values, in `keys`
 * order): key text (JSON of keyText per key) → record ids holding it.
 */
async function matchKeys(db: Executor, subject: SubjectDef, keys: FieldDef[], tuples: FieldValue[][]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (tuples.length === 0) return out;
  const cols = keys.map((f) => sql.raw(`r.${ident(f.column!)}`));
  const arrays = keys.map((f, i) => sql`${sql.param(tuples.map((t) => t[i]))}::${sql.raw(columnTypeOf(f))}[]`);
  const exprs = keys.map((f, i) => sql`${selectExprOf(f, 'r')} as ${sql.raw(`k${i}`)}`);
  const rows = rowsOf<Record<string, unknown> & { id: string }>(
    await db.execute(
      sql`select r.id, ${sql.join(exprs, sql`, `)} from ${tableOf(subject, 'r')} where ${liveRows(subject, 'r')}
        and (${sql.join(cols, sql`, `)}) in (select * from unnest(${sql.join(arrays, sql`, `)}))`,
    ),
  );
  for (const r of rows) {
    const k = JSON.stringify(keys.map((f, i) => keyText(f, r[`k${i}`] === null ? null : String(r[`k${i}`]))));
    out.set(k, [...(out.get(k) ?? []), r.id]);
  }
  return out;
}

/** Staged errors of an HttpError from validateValues (details `values.<key>`) for one row. */
function errorsOf(e: HttpError, plan: Plan, raw: string[]): StagedError[] {
  const details: FieldErrorKey[] = e.details?.length ? e.details : [{ field: '', messageKey: e.messageKey }];
  return details.map((d) => {
    const key = d.field.startsWith('values.') ? d.field.slice('values.'.length) : null;
    const col = plan.columns.find((c) => c.field.key === key);
    return {
      column: col?.header ?? null,
      field: key,
      value: col ? (raw[col.index] ?? '') : null,
      messageKey: d.messageKey,
      ...(d.params ? { params: d.params } : {}),
    };
  });
}

/** Counters of a check pass. */
export interface CheckCounts {
  total: number;
  valid: number;
  invalid: number;
  /** Valid rows failing a warning rule. */
  warned: number;
}

/**
 * The dry run over every staged row of `batchId` (module comment), in chunks of CHUNK rows; each
 * row's canonical values, errors, planned action (insert / update / skip) and matched record go
 * to import_rows. Within the file, a key seen twice and a unique field's value seen twice are
 * errors of the later row. `onChunk` hears the rows handled so far.
 */
export async function checkRows(
  db: Executor,
  ctx: { applicationId: string; cache?: ReadCache },
  subject: SubjectDef,
  batchId: string,
  plan: Plan,
  onChunk?: (processed: number) => Promise<void>,
): Promise<CheckCounts> {
  const counts: CheckCounts = { total: 0, valid: 0, invalid: 0, warned: 0 };
  const seenKeys = new Map<string, number>();
  const uniques = subject.fields.filter((f) => f.unique && plan.columns.some((c) => c.field.key === f.key && !c.keyOnly));
  const seenUnique = new Map<string, Map<string, number>>(uniques.map((f) => [f.key, new Map()]));
  const mode = plan.settings.mode;
  const named = plan.columns.filter((c) => !c.keyOnly && takesNames(c.field));
  const resolver = new NameResolver(db, ctx);
  // the subject's enabled rules, compiled once for the whole check (none: no rule work at all)
  const active = await loadSubjectRules(db, subject);
  const blocking = active.filter((r) => r.severity === 'blocking');
  // a uniqueness rule within the file: the values seen in earlier rows (the later row fails)
  const seenByRule = new Map(blocking.filter((r) => r.definition.kind === 'unique').map((r) => [r, new Set<string>()]));
  let after = 0;
  for (;;) {
    await pauseForOthers();
    const chunk = await checkRowsAfter(db, batchId, after, CHUNK);
    if (chunk.length === 0) break;
    after = chunk[chunk.length - 1].rowNumber;

    // 1. coercion
    const coerced = chunk.map((row) => {
      const raw = row.raw as string[];
      const errors: StagedError[] = [];
      const cells = new Map<ColumnPlan, unknown>();
      for (const c of plan.columns) {
        const text = raw[c.index] ?? '';
        try {
          cells.set(c, coerceCell(c.field, text));
        } catch (e) {
          if (!(e instanceof ValueError)) throw e;
          errors.push({ column: c.header, field: c.field.key, value: text, messageKey: e.messageKey, ...(e.params ? { params: e.params } : {}) });
        }
      }
      return { row, raw, errors, cells };
    });

    // 2. names of users and related records → ids (imports.resolve.ts): the chunk's distinct names, one query per field
    if (named.length > 0) {
      const names = new Map<FieldDef, Set<string>>(named.map((c) => [c.field, new Set<string>()]));
      for (const p of coerced) for (const c of named) for (const item of itemsOf(p.cells.get(c))) if (!isId(item)) names.get(c.field)!.add(item);
      await resolver.load(names);
      for (const p of coerced) {
        for (const c of named) {
          const v = p.cells.get(c);
          if (v === undefined || v === null) continue;
          const ids: string[] = [];
          let ok = true;
          for (const item of itemsOf(v)) {
            if (isId(item)) {
              ids.push(item);
              continue;
            }
            const found = resolver.idsOf(c.field, item);
            const error = nameError(c.field, resolver.targetName(c.field), item, found);
            if (error) {
              ok = false;
              p.errors.push({ column: c.header, field: c.field.key, value: p.raw[c.index] ?? '', ...error });
            } else {
              ids.push(found[0]);
            }
          }
          if (ok) p.cells.set(c, Array.isArray(v) ? ids : ids[0]);
          else p.cells.delete(c);
        }
      }
    }

    // 3. keys
    const prepared = coerced.map(({ row, raw, errors, cells }) => {
      const values: Record<string, unknown> = {};
      const key: FieldValue[] = [];
      for (const c of plan.columns) {
        if (!cells.has(c)) continue;
        const v = cells.get(c);
        try {
          if (plan.keys.includes(c.field)) {
            const text = raw[c.index] ?? '';
            const canonical = c.keyOnly ? (text.trim() === '' ? null : text.trim()) : normalizeValue(c.field, v);
            key[plan.keys.indexOf(c.field)] = canonical;
          }
          if (!c.keyOnly) values[c.field.key] = v;
        } catch (e) {
          if (!(e instanceof ValueError)) throw e;
          errors.push({ column: c.header, field: c.field.key, value: raw[c.index] ?? '', messageKey: e.messageKey, ...(e.params ? { params: e.params } : {}) });
        }
      }
      let keyString: string | null = null;
      if (mode !== 'insert' && errors.length === 0) {
        const missing = plan.keys.find((_, i) => key[i] === null || key[i] === undefined);
        if (missing) {
          const col = plan.columns.find((c) => c.field === missing)!;
          errors.push({ column: col.header, field: missing.key, value: raw[col.index] ?? '', messageKey: 'errors.import.keyMissing' });
        } else {
          keyString = JSON.stringify(plan.keys.map((f, i) => keyText(f, key[i])));
          const first = seenKeys.get(keyString);
          if (first !== undefined) {
            const col = plan.columns.find((c) => c.field === plan.keys[0])!;
            errors.push({ column: col.header, field: plan.keys[0].key, value: raw[col.index] ?? '', messageKey: 'errors.import.duplicateKey', params: { row: first } });
            keyString = null;
          } else {
            seenKeys.set(keyString, row.rowNumber);
          }
        }
      }
      return { row, raw, errors, values, key, keyString };
    });

    // 4. the records the keys name
    const matches =
      mode === 'insert'
        ? new Map<string, string[]>()
        : await matchKeys(
            db,
            subject,
            plan.keys,
            prepared.filter((p) => p.keyString !== null).map((p) => p.key),
          );

    // 5. validation (subjects/values.ts validateValues) and in-file unique values; the users,
    // attachments and related records the chunk names, and the holders of its unique values, are
    // looked up once per field beforehand
    const toValidate = prepared.filter((p) => p.errors.length === 0).map((p) => p.values);
    const references = await prefetchReferences({ db, applicationId: ctx.applicationId, cache: ctx.cache }, subject, toValidate);
    const unique = await prefetchUnique(db, subject, toValidate);
    // the records the chunk updates, as they are, for the rules (one query per chunk)
    const updating = new Map<string, Record<string, unknown>>();
    if (blocking.length > 0 && mode !== 'insert') {
      const ids = prepared.flatMap((p) => (p.keyString !== null && matches.get(p.keyString)?.length === 1 ? matches.get(p.keyString)! : []));
      for (const r of await findRecords(db, subject, ids)) updating.set(r.id, r.values);
    }
    // a system model's records its guards lock (an approved workpaper…): the row is refused, as the record API refuses it
    const guarded = new Map<string, MessageKey>();
    if (subject.model && mode !== 'insert') {
      const ids = prepared.flatMap((p) => (p.keyString !== null && matches.get(p.keyString)?.length === 1 ? matches.get(p.keyString)! : []));
      for (const r of await findRecords(db, subject, ids)) {
        try {
          await checkRecordGuards(db, subject, r, 'update');
        } catch (e) {
          if (!(e instanceof HttpError)) throw e;
          guarded.set(r.id, e.messageKey as MessageKey);
        }
      }
    }
    const results: RowResult[] = [];
    for (const p of prepared) {
      let action: 'insert' | 'update' | 'skip' = 'insert';
      let recordId: string | null = null;
      if (mode !== 'insert' && p.keyString !== null) {
        const ids = matches.get(p.keyString) ?? [];
        const col = plan.columns.find((c) => c.field === plan.keys[0])!;
        if (ids.length > 1) {
          p.errors.push({ column: col.header, field: plan.keys[0].key, value: p.raw[col.index] ?? '', messageKey: 'errors.import.keyAmbiguous' });
        } else if (ids.length === 1) {
          action = 'update';
          recordId = ids[0];
          const lockedKey = guarded.get(recordId);
          if (lockedKey) p.errors.push({ column: col.header, field: plan.keys[0].key, value: p.raw[col.index] ?? '', messageKey: lockedKey });
        } else if (mode === 'update') {
          p.errors.push({ column: col.header, field: plan.keys[0].key, value: p.raw[col.index] ?? '', messageKey: 'errors.import.keyNotFound' });
        }
      }
      let normalized: Record<string, FieldValue> | null = null;
      if (p.errors.length === 0) {
        try {
          normalized = await validateValues(
            { db, applicationId: ctx.applicationId, recordIds: recordId ? [recordId] : [], cache: ctx.cache, references, unique },
            subject,
            p.values,
            action === 'update' ? 'update' : 'create',
          );
        } catch (e) {
          if (!(e instanceof HttpError)) throw e;
          p.errors.push(...errorsOf(e, plan, p.raw));
        }
      }
      if (normalized && p.errors.length === 0) {
        for (const f of uniques) {
          const v = normalized[f.key];
          if (v === null || v === undefined) continue;
          const seen = seenUnique.get(f.key)!;
          const text = keyText(f, v);
          const first = seen.get(text);
          if (first !== undefined) {
            const col = plan.columns.find((c) => c.field.key === f.key)!;
            p.errors.push({ column: col.header, field: f.key, value: p.raw[col.index] ?? '', messageKey: 'errors.import.duplicateValue', params: { row: first } });
          } else {
            seen.set(text, p.row.rowNumber);
          }
        }
      }
      const warnings: StagedError[] = [];
      if (normalized && p.errors.length === 0 && active.length > 0) {
        // the record as the run would write it: an update's record with the row's values; formulas recomputed
        const written: Record<string, FieldValue> = { ...((recordId ? updating.get(recordId) : undefined) as Record<string, FieldValue> | undefined), ...normalized };
        Object.assign(written, computeFormulas(subject, written));
        const all: RuleFailure[] = await recordFailures(db, subject, active, recordId, written);
        const failures = all.filter((f) => f.rule.severity === 'blocking');
        for (const [rule, seen] of seenByRule) {
          if (rule.definition.kind !== 'unique' || failures.some((f) => f.rule === rule)) continue;
          const tuple = rule.definition.fields.map((k) => written[k]);
          if (tuple.some((v) => v === null || v === undefined || (Array.isArray(v) && v.length === 0))) continue;
          const text = JSON.stringify(tuple);
          if (seen.has(text)) failures.push(failureOf(subject, rule, written));
          else seen.add(text);
        }
        for (const f of [...failures, ...all.filter((x) => x.rule.severity === 'warning')]) {
          const col = f.field ? plan.columns.find((c) => c.field.key === f.field) : undefined;
          (f.rule.severity === 'blocking' ? p.errors : warnings).push({
            column: col?.header ?? null,
            field: f.field,
            value: col ? (p.raw[col.index] ?? '') : f.value,
            messageKey: 'errors.ruleFailed',
            params: { message_zh: f.messageZh, message_en: f.messageEn },
          });
        }
      }
      const ok = p.errors.length === 0;
      counts.total += 1;
      if (ok) counts.valid += 1;
      else counts.invalid += 1;
      if (ok && warnings.length > 0) counts.warned += 1;
      results.push({
        row_number: p.row.rowNumber,
        values: ok ? normalized : null,
        errors: ok ? null : p.errors,
        warnings: ok && warnings.length > 0 ? warnings : null,
        action: ok ? action : 'skip',
        // an insert's record id is chosen now, so the run writes its rows without updating these
        record_id: ok ? (recordId ?? randomUUID()) : null,
      });
    }
    await saveRowResults(db, batchId, results, ['values', 'errors', 'warnings', 'action', 'record_id']);
    if (onChunk) await onChunk(counts.total);
    if (chunk.length < CHUNK) break;
  }
  return counts;
}
