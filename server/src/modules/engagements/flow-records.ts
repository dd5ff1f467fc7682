/**
 * Record reads and writes of the audit flow (docs/engagements-flow.md): the flow's services find
 * the records of the model's subjects by id or by a field's value, count them by a field, and write
 * managed fields (states, dates) the way docs/engagements.md "Managed fields" says: values checked
 * by `validateValues(…, { allowManaged: true })`, updates through the records module's
 * `applyChange` (version + 1 and a history row), creations through the same steps as the records
 * API's create (auto numbers, system values, formulas, rules, version 1) but without its
 * `record.create` audit entry: the flow's action writes the request's one entry.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { sql, type SQL } from 'drizzle-orm';
import type { AuditObject, CurrentUser, MessageKey, RecordItem } from '../../../../contracts';
import { rowsOf, type Executor } from '../../db/client';
import { HttpError, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import { applyChange, findRecords, insertNewRecord, tableOf } from '../records/records.service';
import { ident } from '../subjects/ddl';
import { liveRows } from '../subjects/live-rows';
import type { FieldDef, SubjectDef } from '../subjects/subject-def';
import { sqlValue, validateValues, type FieldValue } from '../subjects/values';
import type { ModelAccess } from './engagements.model-access';

dayjs.extend(utc);

/** Today's date in UTC, YYYY-MM-DD (findings' raised_at, due dates, overdue). */
export const todayUtc = (): string => dayjs.utc().format('YYYY-MM-DD');

/** `date` (YYYY-MM-DD) plus `days` days, YYYY-MM-DD. */
export const addDays = (date: string, days: number): string => dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');

/** Whole days from `from` to `to` (YYYY-MM-DD both; positive when `to` is later). */
export const daysBetween = (from: string, to: string): number => dayjs.utc(to).diff(dayjs.utc(from), 'day');

/** The field `key` of `subject` (a model field: it exists, the model locks it). @throws Error when missing. */
export function fieldOf(subject: SubjectDef, key: string): FieldDef {
  const field = subject.fields.find((f) => f.key === key);
  if (!field) throw new Error(`${subject.key} has no field ${key}`);
  return field;
}

/** The column of field `key` of `subject` under the row alias `alias`. @throws Error when it has none. */
export function columnOf(subject: SubjectDef, key: string, alias = 'r'): SQL {
  const field = fieldOf(subject, key);
  if (!field.column) throw new Error(`${subject.key}.${key} has no column`);
  return sql.raw(`${ident(alias)}.${ident(field.column)}`);
}

/** Field equals value conditions over the row alias `r` (null tests `is null`), with the live-rows predicate. */
function whereOf(subject: SubjectDef, equals: Record<string, FieldValue>): SQL {
  const parts: SQL[] = [liveRows(subject, 'r')];
  for (const [key, value] of Object.entries(equals)) {
    const col = columnOf(subject, key);
    parts.push(value === null ? sql`${col} is null` : sql`${col} = ${sqlValue(fieldOf(subject, key), value)}`);
  }
  return sql.join(parts, sql` and `);
}

/** Ids of the live records of `subject` whose fields equal `equals`, ordered by id. */
export async function idsWhere(db: Executor, subject: SubjectDef, equals: Record<string, FieldValue>): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`select r.id from ${tableOf(subject, 'r')} where ${whereOf(subject, equals)} order by r.id`));
  return rows.map((r) => r.id);
}

/** The live records of `subject` whose fields equal `equals`, ordered by id. */
export async function recordsWhere(db: Executor, subject: SubjectDef, equals: Record<string, FieldValue>): Promise<RecordItem[]> {
  return findRecords(db, subject, await idsWhere(db, subject, equals));
}

/**
 * How many live records of `subject` whose fields equal `equals` have each value of field
 * `groupKey` (a select: its stored label; an empty value counts under '').
 */
export async function countBy(
  db: Executor,
  subject: SubjectDef,
  equals: Record<string, FieldValue>,
  groupKey: string,
): Promise<Record<string, number>> {
  const col = columnOf(subject, groupKey);
  const rows = rowsOf<{ k: string | null; n: number }>(
    await db.execute(sql`select ${col}::text as k, count(*)::int as n from ${tableOf(subject, 'r')} where ${whereOf(subject, equals)} group by 1`),
  );
  const out: Record<string, number> = {};
  for (const r of rows) out[r.k ?? ''] = Number(r.n);
  return out;
}

/** The live record `id` of `object` (locked with `lock`), or undefined (also when `id` is not a uuid). */
export async function findOne(db: Executor, access: ModelAccess, object: AuditObject, id: unknown, lock = false): Promise<RecordItem | undefined> {
  return typeof id === 'string' && isUuid(id) ? (await findRecords(db, access.subjects[object], [id], lock))[0] : undefined;
}

/**
 * The live record `id` of `object` (locked with `lock`).
 * @throws HttpError 404 `messageKey` when there is none (or `id` is not a uuid).
 */
export async function requireRecord(
  db: Executor,
  access: ModelAccess,
  object: AuditObject,
  id: string,
  messageKey: MessageKey,
  lock = false,
): Promise<RecordItem> {
  const found = await findOne(db, access, object, id, lock);
  if (!found) throw notFound(messageKey);
  return found;
}

/**
 * Writes `values` (managed fields allowed) to the locked record `current` of `object`: validated,
 * then applyChange (only what changed; version + 1; history 'update'; the subject's rules).
 * @returns the record after (as it was when nothing changed).
 * @throws HttpError 400 naming `values.<key>` (validation or a blocking rule); 409 RECORD_LOCKED (a guard).
 */
export async function writeManaged(
  tx: Executor,
  access: ModelAccess,
  object: AuditObject,
  current: RecordItem,
  values: Record<string, unknown>,
  user: CurrentUser,
): Promise<RecordItem> {
  const subject = access.subjects[object];
  const normalized = await validateValues({ db: tx, applicationId: access.app.id, allowManaged: true, recordIds: [current.id] }, subject, values, 'update');
  const result = await applyChange(tx, subject, current, normalized, 'update', user);
  return result?.after ?? current;
}

/**
 * Creates a record of `object` from `values` (managed fields allowed; fields left out take their
 * default): the records API's create steps (records.service.ts createRecord) — auto numbers,
 * system values, formulas, many-relation links, the subject's rules, version 1 with a 'create'
 * history row — without an audit entry (the caller writes its action's).
 * @returns the record written.
 * @throws HttpError 400 naming `values.<key>`; 409 VALUE_TAKEN.
 */
export async function createManaged(
  tx: Executor,
  access: ModelAccess,
  object: AuditObject,
  values: Record<string, unknown>,
  user: CurrentUser,
): Promise<RecordItem> {
  const subject = access.subjects[object];
  const normalized = await validateValues({ db: tx, applicationId: access.app.id, allowManaged: true }, subject, values, 'create');
  return (await insertNewRecord(tx, subject, normalized, user)).record;
}

/** A refused guarded action: 409 TRANSITION_REFUSED naming `action` once per failing gate. */
export function refused(messageKeys: readonly MessageKey[]): HttpError {
  return new HttpError(
    409,
    'TRANSITION_REFUSED',
    messageKeys[0] ?? 'errors.auditFlow.wrongPhase',
    messageKeys.map((messageKey) => ({ field: 'action', messageKey })),
  );
}
