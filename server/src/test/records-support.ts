/**
 * Test support (not a test file): subjects and records made directly with the storage foundation
 * (modules/subjects/ddl.ts) and plain inserts, for the tests and route specs of the modules that
 * hang on records (attachments, comments, record tags, record queries), independent of the
 * subjects and records APIs.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FieldOptions, FieldType } from '../../../contracts';
import type { Database } from '../db/client';
import { fields, recordLinks, subjects } from '../db/schema';
import { addFieldColumn, createSubjectTable, ident, tableNameOf } from '../modules/subjects/ddl';
import { storageOf } from '../modules/subjects/field-types';
import { loadSubjectDef, type SubjectDef } from '../modules/subjects/subject-def';
import { call, json, userSession } from './helpers';
import type { World } from './route-specs';

export interface TestField {
  key: string;
  name?: string;
  type: FieldType;
  options?: FieldOptions;
}

/** Creates a subject `key` of application `applicationId` with `fieldsIn` (in order) and its table. */
export async function makeSubject(
  db: Database,
  input: { applicationId: string; key: string; name?: string; fields: TestField[]; displayFieldKey?: string },
): Promise<SubjectDef> {
  const id = randomUUID();
  const tableName = tableNameOf(id);
  await db.transaction(async (tx) => {
    await tx.insert(subjects).values({ id, applicationId: input.applicationId, key: input.key, name: input.name ?? input.key, tableName });
    await createSubjectTable(tx, tableName);
    let displayFieldId: string | null = null;
    for (const [position, f] of input.fields.entries()) {
      const fieldId = randomUUID();
      const options = f.options ?? {};
      const columnName = await addFieldColumn(tx, tableName, { id: fieldId, type: f.type, options, unique: false });
      await tx.insert(fields).values({ id: fieldId, subjectId: id, key: f.key, name: f.name ?? f.key, type: f.type, columnName, position, options });
      if (f.key === input.displayFieldKey) displayFieldId = fieldId;
    }
    if (displayFieldId) await tx.update(subjects).set({ displayFieldId }).where(sql`${subjects.id} = ${id}`);
  });
  const def = await loadSubjectDef(db, { id });
  if (!def) throw new Error('subject not created');
  return def;
}

/**
 * Inserts a record with `values` (field key → value as PostgreSQL takes it: strings for numbers and
 * dates, arrays for multi-selects; a many-relation takes the target ids, stored in record_links).
 * @returns the record id.
 */
export async function insertRecord(
  db: Database,
  subject: SubjectDef,
  values: Record<string, unknown>,
  meta: { createdBy?: string; createdAt?: string } = {},
): Promise<string> {
  const id = randomUUID();
  const columns: SQL[] = [sql.raw('id')];
  const params: SQL[] = [sql`${id}::uuid`];
  if (meta.createdBy) {
    columns.push(sql.raw('created_by'), sql.raw('updated_by'));
    params.push(sql`${meta.createdBy}::uuid`, sql`${meta.createdBy}::uuid`);
  }
  if (meta.createdAt) {
    columns.push(sql.raw('created_at'), sql.raw('updated_at'));
    params.push(sql`${meta.createdAt}::timestamptz`, sql`${meta.createdAt}::timestamptz`);
  }
  const links: { fieldId: string; targets: string[] }[] = [];
  for (const [key, value] of Object.entries(values)) {
    const field = subject.fields.find((f) => f.key === key);
    if (!field) throw new Error(`no field ${key}`);
    if (field.type === 'relation' && field.options.multiple) {
      links.push({ fieldId: field.id, targets: value as string[] });
      continue;
    }
    const sqlType = storageOf(field.type, field.options).sqlType;
    if (!field.column || !sqlType) throw new Error(`field ${key} has no column`);
    columns.push(sql.raw(ident(field.column)));
    params.push(Array.isArray(value) ? sql`${sql.raw(arrayLiteral(value))}::${sql.raw(sqlType)}` : sql`${value}::${sql.raw(sqlType)}`);
  }
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into ${sql.raw(ident(subject.tableName))} (${sql.join(columns, sql`, `)}) values (${sql.join(params, sql`, `)})`,
    );
    for (const link of links) {
      if (link.targets.length) {
        await tx.insert(recordLinks).values(link.targets.map((targetId, position) => ({ fieldId: link.fieldId, sourceId: id, targetId, position })));
      }
    }
  });
  return id;
}

/** A PostgreSQL array literal of strings, as a quoted SQL string (`'{"a","b"}'`). */
function arrayLiteral(values: unknown[]): string {
  const items = values.map((v) => `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`);
  return `'{${items.join(',').replace(/'/g, "''")}}'`;
}

/** Moves a record to the recycle bin the way the records module does (sets deleted_at). */
export async function softDeleteRecord(db: Database, subject: SubjectDef, id: string): Promise<void> {
  await db.execute(sql`update ${sql.raw(ident(subject.tableName))} set deleted_at = now() where id = ${id}::uuid`);
}

export interface MemberSession {
  id: string;
  cookie: string;
}

/** Creates application `slug` through the API as the administrator (`adminCookie`); resolves with its id. */
export async function createApplication(app: FastifyInstance, adminCookie: string, slug: string): Promise<string> {
  const created = await call(app, 'POST', '/api/v1/applications', { cookie: adminCookie, body: { slug, name: slug } });
  if (created.statusCode !== 201) throw new Error(`application: ${created.statusCode} ${created.body}`);
  return json<{ data: { id: string } }>(created).data.id;
}

/**
 * Creates application `slug` as the administrator and a viewer, an editor, an owner (members) and
 * an outsider (signed in, not a member). @returns its id and their sessions.
 */
export async function applicationWithMembers(
  app: FastifyInstance,
  adminCookie: string,
  slug: string,
): Promise<{ appId: string; viewer: MemberSession; editor: MemberSession; owner: MemberSession; outsider: MemberSession }> {
  const appId = await createApplication(app, adminCookie, slug);
  const session = async (role: 'viewer' | 'editor' | 'owner' | null): Promise<MemberSession> => {
    const s = await userSession(app, adminCookie, { name: `${slug} ${role ?? 'outsider'}` });
    if (role) {
      const res = await call(app, 'POST', `/api/v1/applications/${slug}/members`, { cookie: adminCookie, body: { email: s.email, role } });
      if (res.statusCode !== 200) throw new Error(`member: ${res.statusCode} ${res.body}`);
    }
    return { id: s.user.id, cookie: s.cookie };
  };
  return { appId, viewer: await session('viewer'), editor: await session('editor'), owner: await session('owner'), outsider: await session(null) };
}

/** A multipart/form-data body (WHATWG FormData serialised by Request) and its Content-Type. */
export async function multipartBody(
  parts: ({ name: string; value: string } | { name: string; fileName: string; type?: string; content: Buffer | string })[],
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const p of parts) {
    if ('value' in p) form.append(p.name, p.value);
    else form.append(p.name, new Blob([typeof p.content === 'string' ? p.content : new Uint8Array(p.content)], { type: p.type ?? '' }), p.fileName);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

const worldFixtures = new WeakMap<World, Map<string, Promise<unknown>>>();

/** `make(w)` once per world and `name` (route specs share one world across roles). */
export function oncePerWorld<T>(w: World, name: string, make: (w: World) => Promise<T>): Promise<T> {
  let fixtures = worldFixtures.get(w);
  if (!fixtures) {
    fixtures = new Map();
    worldFixtures.set(w, fixtures);
  }
  let made = fixtures.get(name) as Promise<T> | undefined;
  if (!made) {
    made = make(w);
    fixtures.set(name, made);
  }
  return made;
}

/** The key of the world's subject of the record-extras specs (its own, so no other module's fixture clashes). */
export const WORLD_SUBJECT = 'extras_walk';

/** The world's subject WORLD_SUBJECT (a text field `title`) in its application, with one record. */
export function worldRecord(w: World): Promise<{ subject: SubjectDef; key: string; recordId: string; base: string }> {
  return oncePerWorld(w, 'record', async () => {
    const subject = await makeSubject(w.app.db, { applicationId: w.appId, key: WORLD_SUBJECT, fields: [{ key: 'title', type: 'text' }], displayFieldKey: 'title' });
    const recordId = await insertRecord(w.app.db, subject, { title: 'Walk record' });
    return { subject, key: WORLD_SUBJECT, recordId, base: `/api/v1/applications/${w.slug}/subjects/${WORLD_SUBJECT}/records/${recordId}` };
  });
}

/** Uploads a small file onto the world's record as the administrator. @returns the attachment id. */
export async function uploadAs(w: World, cookie: string, fileName = 'walk.txt'): Promise<string> {
  const { recordId } = await worldRecord(w);
  const { body, contentType } = await multipartBody([
    { name: 'subjectKey', value: WORLD_SUBJECT },
    { name: 'recordId', value: recordId },
    { name: 'file', fileName, type: 'text/plain', content: `content of ${fileName}` },
  ]);
  const res = await call(w.app, 'POST', `/api/v1/applications/${w.slug}/attachments`, { cookie, body, headers: { 'content-type': contentType } });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}
