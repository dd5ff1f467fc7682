/**
 * Fields of a subject (Subjects and fields): add, change (including the type), delete to
 * the recycle bin, reorder. Every change runs in ONE transaction with its DDL and data changes
 * (ddl.ts, type-change.ts, field-data.ts): the subject's row is locked first (one schema change of
 * a subject at a time) and its record table is locked against writes (SHARE ROW EXCLUSIVE; reads go
 * on) until the change commits; a refused change (400/409) leaves nothing behind.
 * Only owners of the application and administrators change a schema (requireSubject 'manage').
 * Rules of the definition: field-rules.ts; conversions: type-change.ts; README.md explains both.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DISPLAY_FIELD_TYPES,
  FIELD_TYPE_CHANGES,
  TYPE_CHANGE_SAMPLE,
  type CurrentUser,
  type Field,
  type FieldOrder,
  type FieldType,
  type fieldCreateSchema,
  type fieldUpdateSchema,
  type SelectOption,
} from '../../../../contracts';
import { rowsOf, type Database, type Executor } from '../../db/client';
import type { ApplicationRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { patternIssueOf } from '../../lib/user-pattern';
import { changedKeys, type AuditWriter } from '../../core/audit.writer';
import { moveToRecycleBin } from '../../core/recycle.registry';
import { addFieldColumn, columnNameOf, createFieldIndexes, dropFieldIndexes, ident, sequenceNameOf, setFieldUnique } from './ddl';
import {
  anyValue,
  choiceHolders,
  numberRecords,
  recomputeFormulas,
  reformatAutoNumbers,
  refused,
  renameChoices,
  requiredBreakers,
  uniqueBreakers,
  validationBreakers,
  type Breakers,
} from './field-data';
import { checkFieldDraft, invalid, type FieldDraft } from './field-rules';
import { storageOf } from './field-types';
import { formulaReads, formulasReading } from './formula';
import {
  fieldKeyInUse,
  insertField,
  isLiveSubjectOf,
  liveRecordCount,
  lockSubject,
  markFieldDeleted,
  nextFieldPosition,
  setFieldPositions,
  touchSubject,
  updateFieldRow,
} from './subjects.repository';
import { fieldDefOf, keyTaken, loadSubjectDef, requireSubject, type FieldDef, type SubjectDef } from './subject-def';
import {
  applyConversion,
  choicesWithValues,
  conversionBreakers,
  installConversionFunctions,
  planTypeChange,
} from './type-change';
import { literalSql } from './value-sql';

/** A parsed POST …/fields body. */
export type FieldCreateInput = z.infer<typeof fieldCreateSchema>;
/** A parsed PATCH …/fields/:field body. */
export type FieldUpdateInput = z.infer<typeof fieldUpdateSchema>;

/** A field definition as contracts' `Field`. */
export function toField(f: FieldDef): Field {
  const out: Field = {
    id: f.id,
    key: f.key,
    name: f.name,
    type: f.type,
    position: f.position,
    required: f.required,
    unique: f.unique,
    options: f.options,
    validation: f.validation,
    helpText: f.helpText,
  };
  if (f.locked) out.locked = true;
  if (f.managed) out.managed = true;
  if (f.defaultValue !== undefined && f.defaultValue !== null) out.defaultValue = f.defaultValue;
  const patternIssue = patternIssueOf(f.validation.pattern);
  if (patternIssue) out.patternIssue = patternIssue;
  return out;
}

/** What the audit log keeps of a field. */
export function fieldSummary(f: FieldDef | FieldDraft): Record<string, unknown> {
  return {
    key: f.key,
    name: f.name,
    type: f.type,
    required: f.required,
    unique: f.unique,
    defaultValue: f.defaultValue ?? null,
    options: f.options,
    validation: f.validation,
    helpText: f.helpText,
  };
}

/**
 * Opens the subject for a schema change inside `tx`: the access check (owner or administrator),
 * the subject's row lock, the record table locked against writes, and its definition read afresh.
 * @throws HttpError 404 application/subject; 403 not a member / not allowed to change the schema.
 */
export async function manageSubject(
  tx: Executor,
  user: CurrentUser,
  slug: string,
  key: string,
): Promise<{ app: ApplicationRow; def: SubjectDef }> {
  const { app, subject } = await requireSubject(tx, user, slug, key, 'manage');
  await lockSubject(tx, subject.id);
  await tx.execute(sql.raw(`lock table ${ident(subject.tableName)} in share row exclusive mode`));
  const def = await loadSubjectDef(tx, { id: subject.id });
  if (!def) throw notFound('errors.subjectNotFound');
  return { app, def };
}

/**
 * The checks' context for a field of `def`: its other live fields; relation targets must be live
 * subjects of the same application (the field's current target, `keptTarget`, is not checked again).
 */
function draftContext(tx: Executor, def: SubjectDef, except?: FieldDef) {
  const keptTarget = except?.type === 'relation' ? except.options.targetSubjectId : undefined;
  return {
    others: def.fields.filter((f) => f.id !== except?.id),
    isSubjectOfApplication: async (id: string) => id === keptTarget || isLiveSubjectOf(tx, def.applicationId, id),
  };
}

/**
 * Inserts a checked field's row and makes its column (and sequence) and its indexes; the unique
 * index only when `withUnique` (a caller filling values first adds it after its check).
 */
export async function insertFieldWithColumn(
  tx: Executor,
  subject: { id: string; tableName: string },
  draft: FieldDraft,
  position: number,
  withUnique: boolean,
): Promise<FieldDef> {
  const id = randomUUID();
  const own = storageOf(draft.type, draft.options).sqlType ? columnNameOf(id) : null;
  const row = await insertField(tx, {
    id,
    subjectId: subject.id,
    key: draft.key,
    name: draft.name,
    type: draft.type,
    columnName: own,
    position,
    required: draft.required,
    isUnique: draft.unique,
    defaultValue: draft.defaultValue ?? null,
    options: draft.options,
    validation: draft.validation,
    helpText: draft.helpText,
  });
  await addFieldColumn(tx, subject.tableName, {
    id,
    type: draft.type,
    options: draft.options,
    unique: withUnique && draft.unique,
  });
  return { ...fieldDefOf(row), defaultValue: draft.defaultValue ?? undefined };
}

/** A parsed create body as a draft. */
export function draftOf(input: FieldCreateInput): FieldDraft {
  return {
    key: input.key,
    name: input.name,
    type: input.type,
    required: input.required,
    unique: input.unique,
    defaultValue: input.defaultValue ?? null,
    options: input.options,
    validation: input.validation,
    helpText: input.helpText ?? null,
  };
}

const fieldNotFound = () => notFound('errors.fieldNotFound');

function findField(def: SubjectDef, key: string): FieldDef {
  const field = def.fields.find((f) => f.key === key);
  if (!field) throw fieldNotFound();
  return field;
}

async function reload(tx: Executor, id: string): Promise<SubjectDef> {
  const def = await loadSubjectDef(tx, { id });
  if (!def) throw notFound('errors.subjectNotFound');
  return def;
}

const throwIf = (field: string, reason: Parameters<typeof refused>[1], b: Breakers) => {
  if (b.count > 0) throw refused(field, reason, b);
};

/**
 * POST …/subjects/:key/fields: adds a field at the end, audited `field.create`. A subject with
 * records: the default (if any) fills them, an auto number numbers them in creation order, a
 * formula is computed for each.
 * @throws HttpError 400 naming the input at fault (field-rules.ts); 404; 403; 409 KEY_TAKEN naming
 *   'key'; 409 CONFLICT (errors.field.requiredNeedsDefault, naming 'defaultValue') for a required
 *   field without a default on a subject with records; 409 TYPE_CHANGE_REFUSED (reason 'unique')
 *   when a default would give several records one value of a unique field.
 */
export async function addField(
  db: Database,
  user: CurrentUser,
  slug: string,
  subjectKey: string,
  input: FieldCreateInput,
  audit: AuditWriter,
): Promise<Field> {
  return db.transaction(async (tx) => {
    const { def } = await manageSubject(tx, user, slug, subjectKey);
    if (await fieldKeyInUse(tx, def.id, input.key)) throw keyTaken('key');
    const draft = await checkFieldDraft(draftContext(tx, def), draftOf(input));
    const count = await liveRecordCount(tx, def.tableName);
    if (draft.required && draft.defaultValue === null && count > 0) {
      throw new HttpError(
        409,
        'CONFLICT',
        'errors.field.requiredNeedsDefault',
        [{ field: 'defaultValue', messageKey: 'errors.field.requiredNeedsDefault' }],
        {
          params: { count },
        },
      );
    }
    let field = await insertFieldWithColumn(tx, def, draft, await nextFieldPosition(tx, def.id), false);
    if (draft.defaultValue !== null && field.column) {
      await tx.execute(
        sql`update ${sql.raw(ident(def.tableName))} set ${sql.raw(ident(field.column))} = ${literalSql(field, draft.defaultValue)}`,
      );
    }
    if (field.type === 'autoNumber') await numberRecords(tx, def.tableName, field);
    const after = await reload(tx, def.id);
    field = findField(after, field.key);
    if (field.type === 'formula') await recomputeFormulas(tx, after, [field]);
    if (field.unique && field.column) {
      throwIf(field.key, 'unique', await uniqueBreakers(tx, def.tableName, field));
      await setFieldUnique(tx, def.tableName, field.id, true);
    }
    await touchSubject(tx, def.id);
    await audit.record(tx, {
      action: 'field.create',
      targetType: 'field',
      targetId: field.id,
      after: { subject: def.key, ...fieldSummary(field) },
      details: {
        filledRecords: draft.defaultValue !== null || field.type === 'autoNumber' || field.type === 'formula' ? count : 0,
      },
    });
    return toField(field);
  });
}

/** The old default in the new type's terms (then checked by field-rules), or undefined when there is none. */
function convertDefault(value: unknown, from: FieldType, to: FieldType): unknown {
  if (value === null || value === undefined) return null;
  if (to === 'multiSelect') {
    if (Array.isArray(value)) return value;
    return String(value)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
  if (Array.isArray(value)) return to === 'singleSelect' && value.length === 1 ? value[0] : value.join(', ');
  if (from === 'date' && to === 'datetime') return `${String(value)}T00:00:00.000Z`;
  if (from === 'datetime' && to === 'date') return String(value).slice(0, 10);
  if (to === 'boolean') {
    const s = String(value).trim().toLowerCase();
    return ['true', 'yes', '1'].includes(s) ? true : ['false', 'no', '0'].includes(s) ? false : value;
  }
  if (['number', 'money', 'percent', 'date', 'datetime', 'email', 'url', 'phone'].includes(to)) return String(value).trim();
  return typeof value === 'string' ? value : String(value);
}

/** Select renames asked by the new options (`previousLabel` → `label`, where the old label exists and differs). */
function choiceRenames(oldChoices: readonly SelectOption[], newChoices: readonly SelectOption[]): Map<string, string> {
  const old = new Set(oldChoices.map((o) => o.label));
  const out = new Map<string, string>();
  for (const o of newChoices) {
    if (o.previousLabel !== undefined && o.previousLabel !== o.label && old.has(o.previousLabel))
      out.set(o.previousLabel, o.label);
  }
  return out;
}

/**
 * PATCH …/fields/:field: name, help text, options, validation, required/unique, default and type,
 * audited `field.update` (before/after, and what happened to the data in `details`).
 * In order, in one transaction: the definition is checked (field-rules.ts); a type change is
 * planned (type-change.ts; 400 naming 'type' outside the matrix), its breakers counted (409
 * TYPE_CHANGE_REFUSED reason 'type') and the column converted; a relation's `multiple` switch moves
 * values between its column and record_links (409 reason 'multiple' when several links would not
 * fit one); renamed select options are rewritten in the records and removed ones refused while in
 * use (409 reason 'choices'); an auto number's new prefix/padding rewrites the numbers; formulas
 * whose input changed (or the formula itself) are recomputed for every record; then `required`,
 * `unique` and `validation` are checked on the records as they now are (409 reasons 'required',
 * 'unique', 'validation') and the indexes rebuilt for the new type.
 * @throws HttpError 400 (the input at fault), 404, 403, 409 as above: nothing changes then.
 */
export async function updateField(
  db: Database,
  user: CurrentUser,
  slug: string,
  subjectKey: string,
  fieldKey: string,
  input: FieldUpdateInput,
  audit: AuditWriter,
): Promise<Field> {
  return db.transaction(async (tx) => {
    const { def } = await manageSubject(tx, user, slug, subjectKey);
    const field = findField(def, fieldKey);
    if (input.key !== undefined && input.key !== field.key) throw invalid('key', 'errors.field.keyFixed');
    if (field.locked) checkLockedChange(field, input);
    const type = input.type ?? field.type;
    const typeChanged = type !== field.type;
    if (typeChanged && !FIELD_TYPE_CHANGES[field.type].includes(type))
      throw invalid('type', 'errors.field.typeChange', { from: field.type, to: type });
    if (typeChanged && def.displayFieldId === field.id && !DISPLAY_FIELD_TYPES.includes(type))
      throw invalid('type', 'errors.subject.displayField');

    // the plan of a type change, and the options a text → select change takes from the data
    let options = { ...field.options, ...input.options };
    const plan = typeChanged ? await planTypeChange(tx, field, { type, options }) : null;
    if (typeChanged && !plan) throw invalid('type', 'errors.field.typeChange', { from: field.type, to: type });
    if (plan?.addChoices) {
      await installConversionFunctions(tx);
      const base =
        input.options?.choices ??
        (field.type === 'singleSelect' || field.type === 'multiSelect' ? (field.options.choices ?? []) : []);
      const choices = await choicesWithValues(tx, def.tableName, field, plan.addChoices, base);
      if (!choices) throw invalid('type', 'errors.field.tooManyChoices', { max: 500 });
      options = { ...options, choices };
    }

    // select renames asked by the new options (`previousLabel`); the default follows them
    const renamed =
      !typeChanged && (type === 'singleSelect' || type === 'multiSelect') && input.options?.choices
        ? choiceRenames(field.options.choices ?? [], input.options.choices)
        : new Map<string, string>();
    const renameValue = (v: unknown) =>
      Array.isArray(v) ? v.map((x: string) => renamed.get(x) ?? x) : typeof v === 'string' ? (renamed.get(v) ?? v) : v;

    // the new definition, checked
    const hasDefault = Object.prototype.hasOwnProperty.call(input, 'defaultValue');
    const wanted: FieldDraft = {
      key: field.key,
      name: input.name ?? field.name,
      type,
      required: input.required ?? field.required,
      unique: input.unique ?? field.unique,
      defaultValue: hasDefault
        ? (input.defaultValue ?? null)
        : typeChanged
          ? convertDefault(field.defaultValue, field.type, type)
          : renameValue(field.defaultValue ?? null),
      options,
      validation: input.validation ?? field.validation,
      helpText: input.helpText === undefined ? field.helpText : input.helpText,
    };
    let draft: FieldDraft;
    try {
      draft = await checkFieldDraft(
        {
          ...draftContext(tx, def, field),
          dropInapplicableValidation: typeChanged && input.validation === undefined,
          storedPattern: field.validation.pattern,
        },
        wanted,
      );
    } catch (e) {
      if (!hasDefault && typeChanged && e instanceof HttpError && e.details?.[0]?.field === 'defaultValue')
        throw invalid('defaultValue', 'errors.field.defaultLost');
      throw e;
    }
    if (!typeChanged && changedKeys(field, draft).length === 0) {
      audit.unchanged();
      return toField(field);
    }

    const table = def.tableName;
    const details: Record<string, unknown> = {};
    const oldMultiple = field.type === 'relation' && Boolean(field.options.multiple);
    const newMultiple = type === 'relation' && Boolean(draft.options.multiple);
    const multipleToggled = !typeChanged && type === 'relation' && oldMultiple !== newMultiple;
    const resultTypeChanged =
      !typeChanged && type === 'formula' && (field.options.resultType ?? 'number') !== draft.options.resultType;
    const storageChanged = typeChanged || multipleToggled || resultTypeChanged;
    let column = field.column;

    if (
      type === 'relation' &&
      !typeChanged &&
      draft.options.targetSubjectId !== field.options.targetSubjectId &&
      (await anyValue(tx, table, field))
    ) {
      throw new HttpError(409, 'CONFLICT', 'errors.field.targetFixed', [
        { field: 'options.targetSubjectId', messageKey: 'errors.field.targetFixed' },
      ]);
    }
    if (storageChanged) await dropFieldIndexes(tx, field.id);

    if (typeChanged && plan) {
      await installConversionFunctions(tx);
      throwIf(field.key, 'type', await conversionBreakers(tx, table, field, plan));
      column = await applyConversion(tx, table, field, { type, options: draft.options }, plan);
      if (field.type === 'relation' && oldMultiple)
        await tx.execute(sql`delete from record_links where field_id = ${field.id}::uuid`);
      if (field.type === 'autoNumber') await tx.execute(sql.raw(`drop sequence if exists ${ident(sequenceNameOf(field.id))}`));
      details.conversion = plan.mode;
      if (plan.addChoices) details.choicesAdded = (draft.options.choices ?? []).length - (input.options?.choices?.length ?? 0);
    } else if (resultTypeChanged) {
      const sqlType = storageOf('formula', draft.options).sqlType!;
      await tx.execute(sql.raw(`alter table ${ident(table)} alter column ${ident(column!)} type ${sqlType} using null`));
    } else if (multipleToggled && newMultiple) {
      await tx.execute(
        sql`insert into record_links (field_id, source_id, target_id, position)
          select ${field.id}::uuid, r.id, r.${sql.raw(ident(column!))}, 0 from ${sql.raw(`${ident(table)} r`)} where r.${sql.raw(ident(column!))} is not null`,
      );
      await tx.execute(sql.raw(`alter table ${ident(table)} drop column ${ident(column!)}`));
      column = null;
    } else if (multipleToggled) {
      const several = await tx.execute(
        sql`select l.source_id::text as id, jsonb_agg(l.target_id::text order by l.position, l.target_id) as value, bool_or(r.deleted_at is not null) as deleted
          from record_links l join ${sql.raw(`${ident(table)} r`)} on r.id = l.source_id where l.field_id = ${field.id}::uuid
          group by l.source_id having count(*) > 1 order by bool_or(r.deleted_at is not null), min(r.created_at), l.source_id`,
      );
      const rows = rowsOf<{ id: string; value: unknown; deleted: boolean }>(several);
      if (rows.length > 0) {
        throw refused(field.key, 'multiple', {
          count: rows.length,
          records: rows
            .slice(0, TYPE_CHANGE_SAMPLE)
            .map((r) => (r.deleted ? { id: r.id, value: r.value, deleted: true } : { id: r.id, value: r.value })),
        });
      }
      column = columnNameOf(field.id);
      await tx.execute(sql.raw(`alter table ${ident(table)} add column ${ident(column)} uuid`));
      await tx.execute(
        sql`update ${sql.raw(`${ident(table)} r`)} set ${sql.raw(ident(column))} = l.target_id from record_links l where l.field_id = ${field.id}::uuid and l.source_id = r.id`,
      );
      await tx.execute(sql`delete from record_links where field_id = ${field.id}::uuid`);
    }

    // select options: renames rewrite the records; removed options must be unused
    if (!typeChanged && (type === 'singleSelect' || type === 'multiSelect') && input.options?.choices) {
      const kept = new Set([...draft.options.choices!.map((o) => o.label), ...renamed.keys()]);
      const removed = (field.options.choices ?? []).map((o) => o.label).filter((l) => !kept.has(l));
      throwIf(field.key, 'choices', await choiceHolders(tx, table, field, removed));
      await renameChoices(tx, table, field, renamed);
      if (renamed.size > 0) details.renamedChoices = Object.fromEntries(renamed);
      if (removed.length > 0) details.removedChoices = removed;
    }

    await updateFieldRow(tx, field.id, {
      name: draft.name,
      type: draft.type,
      columnName: column === null ? null : storageOf(draft.type, draft.options).sqlType ? column : null,
      required: draft.required,
      isUnique: draft.unique,
      defaultValue: draft.defaultValue ?? null,
      options: draft.options,
      validation: draft.validation,
      helpText: draft.helpText,
    });
    const after = await reload(tx, def.id);
    const updated = findField(after, field.key);

    if (
      updated.type === 'autoNumber' &&
      (field.options.prefix !== updated.options.prefix || field.options.padding !== updated.options.padding)
    ) {
      await reformatAutoNumbers(tx, table, updated);
    }
    const formulaChanged =
      updated.type === 'formula' && (resultTypeChanged || field.options.expression !== updated.options.expression);
    if (formulaChanged || typeChanged || renamed.size > 0 || multipleToggled) {
      await recomputeFormulas(
        tx,
        after,
        formulasReading(after.fields, [updated.key]).filter((f) => formulaChanged || f.key !== updated.key),
      );
    }

    // the rules, on the records as they now are
    if (updated.required && (!field.required || storageChanged))
      throwIf(updated.key, 'required', await requiredBreakers(tx, table, updated));
    if (updated.unique && (!field.unique || storageChanged))
      throwIf(updated.key, 'unique', await uniqueBreakers(tx, table, updated));
    if (storageChanged || JSON.stringify(field.validation) !== JSON.stringify(updated.validation)) {
      throwIf(updated.key, 'validation', await validationBreakers(tx, table, updated));
    }
    if (storageChanged)
      await createFieldIndexes(tx, table, {
        id: updated.id,
        type: updated.type,
        options: updated.options,
        unique: updated.unique,
      });
    else if (field.unique !== updated.unique) await setFieldUnique(tx, table, updated.id, updated.unique);

    await touchSubject(tx, def.id);
    await audit.record(tx, {
      action: 'field.update',
      targetType: 'field',
      targetId: field.id,
      before: { subject: def.key, ...fieldSummary(field) },
      after: { subject: def.key, ...fieldSummary(updated) },
      details: Object.keys(details).length > 0 ? details : undefined,
    });
    return toField(updated);
  });
}

/**
 * A locked field (a system model's, docs/engagements.md "Locked fields") keeps its type, its
 * required and unique flags, its relation target and its select choices (their labels are the
 * model's codes; colours may change). Its name, help text, position and validation may change.
 * @throws HttpError 400 errors.field.locked naming the property asked to change.
 */
function checkLockedChange(field: FieldDef, input: FieldUpdateInput): void {
  const refuse = (name: string) => {
    throw invalid(name, 'errors.field.locked');
  };
  if (input.type !== undefined && input.type !== field.type) refuse('type');
  if (input.required !== undefined && input.required !== field.required) refuse('required');
  if (input.unique !== undefined && input.unique !== field.unique) refuse('unique');
  const o = input.options;
  if (!o) return;
  if (o.targetSubjectId !== undefined && o.targetSubjectId !== field.options.targetSubjectId) refuse('options.targetSubjectId');
  if (o.multiple !== undefined && o.multiple !== (field.options.multiple ?? false)) refuse('options.multiple');
  if (o.expression !== undefined && o.expression !== field.options.expression) refuse('options.expression');
  if (o.prefix !== undefined && o.prefix !== field.options.prefix) refuse('options.prefix');
  if (o.choices !== undefined) {
    const before = (field.options.choices ?? []).map((c) => c.label).join('\u0000');
    const after = o.choices.map((c) => (c.previousLabel && c.previousLabel !== c.label ? '' : c.label)).join('\u0000');
    if (before !== after) refuse('options.choices');
  }
}

/**
 * DELETE …/fields/:field: to the recycle bin (type 'field'; its column and values stay until the
 * bin purges it), audited `field.delete`.
 * @throws HttpError 404; 403; 409 CONFLICT for the display field (errors.field.isDisplayField) or a
 *   field that a formula reads (errors.field.readByFormula naming the formulas).
 */
export async function deleteField(
  db: Database,
  user: CurrentUser,
  slug: string,
  subjectKey: string,
  fieldKey: string,
  audit: AuditWriter,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { app, def } = await manageSubject(tx, user, slug, subjectKey);
    const field = findField(def, fieldKey);
    if (field.locked) throw new HttpError(409, 'FIELD_LOCKED', 'errors.field.locked', [{ field: 'key', messageKey: 'errors.field.locked' }]);
    if (def.displayFieldId === field.id) throw new HttpError(409, 'CONFLICT', 'errors.field.isDisplayField');
    const readers = def.fields.filter(
      (f) => f.type === 'formula' && f.id !== field.id && formulaReads(f.options.expression ?? '').includes(field.key),
    );
    if (readers.length > 0) {
      throw new HttpError(409, 'CONFLICT', 'errors.field.readByFormula', undefined, {
        params: { names: readers.map((f) => f.name).join(', ') },
      });
    }
    await markFieldDeleted(tx, field.id, user.id, true);
    await moveToRecycleBin(tx, {
      type: 'field',
      id: field.id,
      label: `${def.name} · ${field.name}`,
      actorId: user.id,
      actorLabel: user.email,
      details: { application: app.slug, subject: def.key, subjectId: def.id, key: field.key, type: field.type },
    });
    await touchSubject(tx, def.id);
    await audit.record(tx, {
      action: 'field.delete',
      targetType: 'field',
      targetId: field.id,
      before: { subject: def.key, ...fieldSummary(field) },
    });
  });
}

/**
 * PUT …/subjects/:key/fields/order: the live fields in the order of `keys` (each exactly once),
 * audited `field.reorder`. @returns the fields in their new order.
 * @throws HttpError 400 naming 'keys' (errors.field.order); 404; 403.
 */
export async function reorderFields(
  db: Database,
  user: CurrentUser,
  slug: string,
  subjectKey: string,
  input: FieldOrder,
  audit: AuditWriter,
): Promise<Field[]> {
  return db.transaction(async (tx) => {
    const { def } = await manageSubject(tx, user, slug, subjectKey);
    const live = new Map(def.fields.map((f) => [f.key, f]));
    if (
      input.keys.length !== live.size ||
      new Set(input.keys).size !== input.keys.length ||
      input.keys.some((k) => !live.has(k))
    ) {
      throw invalid('keys', 'errors.field.order');
    }
    if (def.fields.every((f, i) => f.key === input.keys[i])) {
      audit.unchanged();
      return def.fields.map(toField);
    }
    await setFieldPositions(
      tx,
      input.keys.map((k) => live.get(k)!.id),
    );
    await touchSubject(tx, def.id);
    await audit.record(tx, {
      action: 'field.reorder',
      targetType: 'subject',
      targetId: def.id,
      before: { keys: def.fields.map((f) => f.key) },
      after: { keys: input.keys },
    });
    return (await reload(tx, def.id)).fields.map(toField);
  });
}
