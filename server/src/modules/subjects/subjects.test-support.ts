/**
 * Test helpers of the subjects module (not a test file): an app with an administrator and an
 * application, subjects made through the API, records written and read with plain SQL on the
 * subject's table (the way the records module stores them), and the columns' SQL types.
 */
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { FieldCreate, SubjectDetail } from '../../../../contracts';
import { rowsOf, type DatabaseHandle } from '../../db/client';
import { adminSession, call, createTestApp, json } from '../../test/helpers';
import { ident } from './ddl';
import { loadSubjectDef, type SubjectDef } from './subject-def';
import { literalSql, valueSql } from './value-sql';

export interface ErrorBody {
  success: false;
  errorCode: string;
  errorMessage: string;
  details?: { field: string; message: string }[];
  conflict?: { field: string; reason?: string; count: number; records: { id: string; value: unknown; deleted?: boolean }[] };
}

export interface Ctx {
  app: FastifyInstance;
  handle: DatabaseHandle;
  cookie: string;
  /** The administrator's user id. */
  adminId: string;
  slug: string;
  /** `/api/v1/applications/<slug>/subjects`. */
  base: string;
}

/** How many applications setup made in each database (keyed by the app's Drizzle instance). */
const applicationsIn = new WeakMap<object, number>();
/**
 * A fresh app on the file's database, an administrator of its own signed in, and an application
 * of its own: `audit` for the database's first, then `audit-2`, `audit-3`…
 */
export async function setup(t: { after(fn: () => unknown): void }): Promise<Ctx> {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie, user } = await adminSession(app);
  const applications = (applicationsIn.get(app.db) ?? 0) + 1;
  applicationsIn.set(app.db, applications);
  const slug = applications === 1 ? 'audit' : `audit-${applications}`;
  const res = await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug, name: applications === 1 ? 'Audit' : `Audit ${applications}` } });
  assert.equal(res.statusCode, 201, res.body);
  return { app, handle, cookie, adminId: user.id, slug, base: `/api/v1/applications/${slug}/subjects` };
}

/** Creates a subject (201 expected) and returns it. */
export async function makeSubject(
  c: Ctx,
  body: { key: string; name?: string; fields?: FieldCreate[]; displayField?: string },
): Promise<SubjectDetail> {
  const res = await call(c.app, 'POST', c.base, { cookie: c.cookie, body: { name: body.key, ...body } });
  assert.equal(res.statusCode, 201, res.body);
  return json<{ data: SubjectDetail }>(res).data;
}

/** The subject's definition as the server reads it (table and columns). */
export async function defOf(c: Ctx, subjectId: string): Promise<SubjectDef> {
  const def = await loadSubjectDef(c.handle.db, { id: subjectId });
  assert.ok(def, 'subject exists');
  return def;
}

let inserted = 0;
/**
 * Inserts records with plain SQL (values by field key, JSON shapes); returns their ids in order.
 * Each record is created one second after the one before (the clock of PGlite is too coarse to
 * order records inserted in a row).
 */
export async function insertRecords(c: Ctx, subjectId: string, rows: Record<string, unknown>[]): Promise<string[]> {
  const def = await defOf(c, subjectId);
  const ids: string[] = [];
  for (const values of rows) {
    const fields = def.fields.filter((f) => f.column && f.column.startsWith('f_') && values[f.key] !== undefined);
    const cols = sql.raw(['created_at', ...fields.map((f) => ident(f.column!))].join(', '));
    inserted += 1;
    const vals = sql.join(
      [
        sql`timestamptz '2026-01-01T00:00:00Z' + ${inserted} * interval '1 second'`,
        ...fields.map((f) => literalSql(f, values[f.key])),
      ],
      sql`, `,
    );
    const [row] = rowsOf<{ id: string }>(
      await c.handle.db.execute(
        sql`insert into ${sql.raw(ident(def.tableName))} (${cols}) values (${vals}) returning id::text as id`,
      ),
    );
    ids.push(row.id);
    for (const f of def.fields.filter((x) => !x.column && x.type === 'relation' && Array.isArray(values[x.key]))) {
      for (const [i, target] of (values[f.key] as string[]).entries()) {
        await c.handle.db.execute(
          sql`insert into record_links (field_id, source_id, target_id, position) values (${f.id}::uuid, ${row.id}::uuid, ${target}::uuid, ${i})`,
        );
      }
    }
  }
  return ids;
}

/** The values of `key` in every record (recycled ones too), in creation order. */
export async function valuesOf(c: Ctx, subjectId: string, key: string): Promise<unknown[]> {
  const def = await defOf(c, subjectId);
  const field = def.fields.find((f) => f.key === key);
  assert.ok(field, `field ${key}`);
  const rows = rowsOf<{ v: unknown }>(
    await c.handle.db.execute(
      sql`select ${valueSql(field)} as v from ${sql.raw(`${ident(def.tableName)} r`)} order by r.created_at, r.id`,
    ),
  );
  return rows.map((r) => r.v);
}

/** The SQL type of a field's own column (information_schema), or undefined when it has none. */
export async function columnType(c: Ctx, subjectId: string, key: string): Promise<string | undefined> {
  const def = await defOf(c, subjectId);
  const field = def.fields.find((f) => f.key === key);
  assert.ok(field, `field ${key}`);
  if (!field.column?.startsWith('f_')) return undefined;
  const [row] = rowsOf<{ t: string }>(
    await c.handle.db.execute(
      sql`select data_type as t from information_schema.columns where table_name = ${def.tableName} and column_name = ${field.column}`,
    ),
  );
  return row?.t;
}

/** True when the table exists (information_schema). */
export async function tableExists(c: Ctx, tableName: string): Promise<boolean> {
  const rows = rowsOf<{ x: number }>(
    await c.handle.db.execute(sql`select 1 as x from information_schema.tables where table_name = ${tableName}`),
  );
  return rows.length > 0;
}

/** PATCH …/fields/:field as the administrator. */
export function patchField(c: Ctx, subject: string, field: string, body: unknown): Promise<LightMyRequestResponse> {
  return call(c.app, 'PATCH', `${c.base}/${subject}/fields/${field}`, { cookie: c.cookie, body });
}

/** The error body of a response. */
export const errorOf = (res: LightMyRequestResponse) => json<ErrorBody>(res);
