/**
 * Test support (not a test file): makes a subject with fields directly through the storage
 * foundation (modules/subjects/ddl.ts + rows in `subjects`/`fields`), for the records tests and
 * route specs, independent of the subjects API.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fieldCreateSchema, type FieldCreate } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { attachments, fields, subjects } from '../../db/schema';
import { call, changeInSql, json } from '../../test/helpers';
import { addFieldColumn, createSubjectTable, tableNameOf } from '../subjects/ddl';

export interface TestSubjectInput {
  applicationId: string;
  key: string;
  name?: string;
  fields: FieldCreate[];
  /** Key of the display field. */
  displayField?: string;
}

/** Creates the subject, its table and fields in one transaction; returns the subject id and field ids by key. */
export async function createTestSubject(db: Executor, input: TestSubjectInput): Promise<{ id: string; fieldIds: Record<string, string> }> {
  const run = async (tx: Executor) => {
    const id = randomUUID();
    const tableName = tableNameOf(id);
    await createSubjectTable(tx, tableName);
    await tx.insert(subjects).values({ id, applicationId: input.applicationId, key: input.key, name: input.name ?? input.key, tableName });
    const fieldIds: Record<string, string> = {};
    let position = 0;
    for (const raw of input.fields) {
      const f = fieldCreateSchema.parse(raw);
      const fieldId = randomUUID();
      fieldIds[f.key] = fieldId;
      const columnName = await addFieldColumn(tx, tableName, { id: fieldId, type: f.type, options: f.options, unique: f.unique });
      await tx.insert(fields).values({
        id: fieldId,
        subjectId: id,
        key: f.key,
        name: f.name,
        type: f.type,
        columnName,
        position: position++,
        required: f.required,
        isUnique: f.unique,
        defaultValue: f.defaultValue ?? null,
        options: f.options,
        validation: f.validation,
        helpText: f.helpText ?? null,
      });
    }
    if (input.displayField) await tx.update(subjects).set({ displayFieldId: fieldIds[input.displayField] }).where(eq(subjects.id, id));
    return { id, fieldIds };
  };
  return db.transaction(run);
}

/** createTestSubject through `app.db`, waiting for the read cache to hear of it (migration 0005's trigger). */
export async function createTestSubjectIn(app: FastifyInstance, input: TestSubjectInput): Promise<{ id: string; fieldIds: Record<string, string> }> {
  let made: { id: string; fieldIds: Record<string, string> } | undefined;
  await changeInSql(app, async () => {
    made = await createTestSubject(app.db, input);
  });
  return made!;
}

/** A field definition for tests: `{ key, name: key, type, ...rest }`. */
export const fieldOf = (key: string, type: FieldCreate['type'], rest: Partial<FieldCreate> = {}): FieldCreate => ({ key, name: key, type, ...rest });

/** Creates an application through the API as `cookie` (its owner); returns its id. */
export async function createTestApplication(app: FastifyInstance, cookie: string, slug: string): Promise<string> {
  const res = await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug, name: slug } });
  if (res.statusCode !== 201) throw new Error(`application: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}

/** Adds `email` to the application `slug` with `role`, as `cookie` (an owner or administrator). */
export async function addTestMember(app: FastifyInstance, cookie: string, slug: string, email: string, role: 'viewer' | 'editor' | 'owner'): Promise<void> {
  const res = await call(app, 'POST', `/api/v1/applications/${slug}/members`, { cookie, body: { email, role } });
  if (res.statusCode !== 200) throw new Error(`member: ${res.statusCode} ${res.body}`);
}

/** Inserts an attachment row (no bytes) of application `applicationId`; returns its id. */
export async function createTestAttachment(db: Executor, applicationId: string, fileName = 'a.txt'): Promise<string> {
  const [row] = await db
    .insert(attachments)
    .values({ applicationId, sha256: '0'.repeat(64), size: 1, mimeType: 'text/plain', fileName })
    .returning({ id: attachments.id });
  return row.id;
}
