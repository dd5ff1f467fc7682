/**
 * The diff of two models (docs/deploy.md "Diff"): per kind, which objects the package adds,
 * changes (and which of their properties) and removes, matched by their stable keys. A field whose
 * type changes is counted against the target's records (type-change.ts): how many hold a value,
 * how many of those convert and how many would be refused.
 */
import { sql } from 'drizzle-orm';
import isEqual from 'lodash/isEqual';
import {
  DEPLOY_GLOBAL_KINDS,
  DEPLOY_KINDS,
  FIELD_TYPE_CHANGES,
  type DeployChange,
  type DeployKind,
  type DeployModel,
  type FieldOptions,
  type FieldType,
} from '../../../../contracts';
import { rowsOf, type Executor } from '../../db/client';
import { ident } from '../subjects/ddl';
import { loadSubjectDef } from '../subjects/subject-def';
import { conversionBreakers, installConversionFunctions, planTypeChange } from '../subjects/type-change';

/** One object of a model by kind and key, as compared (a subject without its fields). */
export type FlatModel = Map<DeployKind, Map<string, Record<string, unknown>>>;

/** The stable key of each object of `model`, by kind (contracts/deploy.constants.ts DEPLOY_KINDS). */
export function flatten(model: DeployModel): FlatModel {
  const out: FlatModel = new Map(DEPLOY_KINDS.map((k) => [k, new Map()]));
  const put = (kind: DeployKind, key: string, value: object) => out.get(kind)!.set(key, value as Record<string, unknown>);
  for (const c of model.categories) put('category', c.path, c);
  for (const t of model.tags) put('tag', t.name, t);
  for (const v of model.variables) put('variable', v.key, v);
  for (const s of model.subjects) {
    const { fields, ...subject } = s;
    put('subject', s.key, subject);
    for (const f of fields) put('field', `${s.key}.${f.key}`, f);
  }
  for (const v of model.views) put('view', `${v.subject}/${v.name}`, v);
  for (const f of model.forms) put('form', `${f.subject}/${f.name}`, f);
  for (const r of model.rules) put('rule', `${r.subject}/${r.name}`, r);
  for (const r of model.ruleSets) put('ruleSet', r.name, r);
  for (const a of model.actions) put('action', a.name, a);
  for (const t of model.triggers) put('trigger', t.name, t);
  for (const t of model.templates) put('template', t.name, t);
  return out;
}

/** The properties of `a` and `b` whose values differ (absent and undefined alike). */
export function changedProperties(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => !isEqual(a[k] ?? null, b[k] ?? null)).sort();
}

/**
 * The changes that make `current` into `wanted`, in DEPLOY_KINDS order (removals of global kinds are
 * left out: another application may use them). Pure; the type-change counts are `countTypeChanges`.
 */
export function diffModels(current: DeployModel, wanted: DeployModel): DeployChange[] {
  const a = flatten(current);
  const b = flatten(wanted);
  const out: DeployChange[] = [];
  for (const kind of DEPLOY_KINDS) {
    const have = a.get(kind)!;
    const want = b.get(kind)!;
    for (const [key, w] of want) {
      const h = have.get(key);
      if (!h) out.push({ kind, key, change: 'added', properties: [] });
      else {
        const properties = changedProperties(h, w);
        if (properties.length) out.push({ kind, key, change: 'changed', properties });
      }
    }
    if (DEPLOY_GLOBAL_KINDS.includes(kind)) continue;
    for (const key of have.keys()) if (!want.has(key)) out.push({ kind, key, change: 'removed', properties: [] });
  }
  return out;
}

/** Per kind: added, changed, removed, unchanged. */
export function summarize(changes: DeployChange[], wanted: DeployModel) {
  const flat = flatten(wanted);
  return DEPLOY_KINDS.map((kind) => {
    const of = changes.filter((c) => c.kind === kind);
    const added = of.filter((c) => c.change === 'added').length;
    const changed = of.filter((c) => c.change === 'changed').length;
    const removed = of.filter((c) => c.change === 'removed').length;
    return { kind, added, changed, removed, unchanged: flat.get(kind)!.size - added - changed };
  });
}

/**
 * Fills `typeChange` of each changed field whose type differs, and `records` of each removed subject
 * or field, from the target application's records (`applicationId`), inside `tx` (the conversion
 * helpers are created in pg_temp; call it in a transaction that is rolled back or committed anyway).
 */
export async function countTypeChanges(
  tx: Executor,
  applicationId: string | null,
  changes: DeployChange[],
  current: DeployModel,
  wanted: DeployModel,
): Promise<void> {
  if (!applicationId) return;
  const cur = flatten(current);
  const want = flatten(wanted);
  let installed = false;
  for (const change of changes) {
    const isField = change.kind === 'field';
    if (!(isField || change.kind === 'subject')) continue;
    const [subjectKey, fieldKey] = isField ? splitFieldKey(change.key) : [change.key, null];
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`select id from subjects where application_id = ${applicationId} and key = ${subjectKey} and deleted_at is null and model is null`,
      ),
    );
    if (!row) continue;
    const def = await loadSubjectDef(tx, { id: row.id });
    if (!def) continue;
    if (change.change === 'removed' && !isField) {
      change.records = await countWhere(tx, def.tableName, 'true');
      continue;
    }
    const field = def.fields.find((f) => f.key === fieldKey);
    if (!field) continue;
    if (change.change === 'removed') {
      change.records = field.column ? await countWhere(tx, def.tableName, `${ident(field.column)} is not null`) : 0;
      continue;
    }
    if (change.change !== 'changed' || !change.properties.includes('type')) continue;
    const to = want.get('field')!.get(change.key)!;
    const from = cur.get('field')!.get(change.key)!;
    const toType = to.type as FieldType;
    const allowed = FIELD_TYPE_CHANGES[field.type]?.includes(toType) ?? false;
    const records = field.column ? await countWhere(tx, def.tableName, `${ident(field.column)} is not null`) : 0;
    let refused = 0;
    if (allowed) {
      if (!installed) await installConversionFunctions(tx);
      installed = true;
      const plan = await planTypeChange(tx, field, { type: toType, options: (to.options ?? {}) as FieldOptions });
      if (plan && (plan.breaks || plan.check)) refused = (await conversionBreakers(tx, def.tableName, field, plan)).count;
    } else refused = records;
    change.typeChange = { from: String(from.type), to: toType, allowed, records, converted: records - refused, refused };
  }
}

/** `subject.field` → [subject, field] (a subject key holds no dot). */
export function splitFieldKey(key: string): [string, string] {
  const i = key.indexOf('.');
  return [key.slice(0, i), key.slice(i + 1)];
}

async function countWhere(tx: Executor, tableName: string, where: string): Promise<number> {
  const [r] = rowsOf<{ n: number | string }>(await tx.execute(sql.raw(`select count(*)::int as n from ${ident(tableName)} where ${where}`)));
  return Number(r?.n ?? 0);
}
