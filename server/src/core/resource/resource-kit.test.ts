/**
 * The resource kit's own rules on a small resource of its own (docs/resource-kit.md): keyset
 * paging (`paging: 'cursor'`: every row once, in the sort's order, nulls last; a tampered cursor or
 * one of another sort is a 400 naming `cursor`) and optimistic versions (`versioned`: a stale
 * version is a 409 STALE_VERSION with `conflict.current`, nothing written). The resource lives on a
 * table this file creates in its own test database (`kit_notes`), so no migration carries it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { defineResource } from '../../../../contracts/resource';
import { resourceSchemas } from '../../../../contracts/resource-zod';
import type { Database } from '../../db/client';
import { adminSession, call, createTestApp, json } from '../../test/helpers';
import { createResourceRepository, createResourceService, resourceRoutes } from '.';

const kitNotes = pgTable('kit_notes', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  rank: integer('rank'),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

const noteResource = defineResource({
  name: 'kit-notes',
  singular: 'note',
  fields: {
    title: { kind: 'text', required: true, minLength: 1, maxLength: 100, sortable: true, searchable: true },
    rank: { kind: 'number', sortable: true },
  },
  access: { list: 'admin', read: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  audit: false,
  deletion: { mode: 'hard' },
  versioned: true,
  paging: 'cursor',
  defaultSort: 'title:asc',
  messages: { notFound: 'errors.notFound' },
});
const noteService = createResourceService(noteResource, createResourceRepository(noteResource, kitNotes));
const noteRoutes = resourceRoutes({ def: noteResource, schemas: resourceSchemas(noteResource), service: noteService });

interface Note {
  id: string;
  title: string;
  rank: number | null;
  version: number;
}
interface CursorPage {
  data: Note[];
  nextCursor: string | null;
}

/** An app with the notes' routes, on a database holding the `kit_notes` table. */
async function notesApp(): Promise<{ app: FastifyInstance; cookie: string; close: () => Promise<void> }> {
  const { app, handle, close } = await createTestApp({ beforeReady: (a) => void a.register(noteRoutes, { prefix: '/api/v1' }) });
  await (handle.db as Database).execute(sql`create table if not exists kit_notes (
    id uuid primary key default gen_random_uuid(), title text not null, rank integer, version integer not null default 1,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now())`);
  const { cookie } = await adminSession(app);
  return { app, cookie, close };
}

/** Every page of `GET /kit-notes?<query>` by `nextCursor`, as the titles of each page. */
async function walk(app: FastifyInstance, cookie: string, query: string): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/v1/kit-notes?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await call(app, 'GET', url, { cookie });
    assert.equal(res.statusCode, 200, res.body);
    const body: CursorPage = json<CursorPage>(res);
    pages.push(body.data.map((n) => n.title));
    cursor = body.nextCursor;
    assert.ok(pages.length < 20, 'the walk ends');
  } while (cursor);
  return pages;
}

test('resource kit: keyset paging walks every row once in the sort order (nulls last); a bad cursor is a 400 naming it', async (t) => {
  const { app, cookie, close } = await notesApp();
  t.after(close);
  const notes: [string, number | null][] = [
    ['delta', 2],
    ['Alpha', 3],
    ['echo', null],
    ['bravo', 2],
    ['Charlie', 1],
    ['foxtrot', null],
    ['golf', 2],
  ];
  for (const [title, rank] of notes) {
    assert.equal((await call(app, 'POST', '/api/v1/kit-notes', { cookie, body: { title, rank } })).statusCode, 201);
  }

  // the default sort (title, ignoring case), three a page
  assert.deepEqual(await walk(app, cookie, 'pageSize=3'), [
    ['Alpha', 'bravo', 'Charlie'],
    ['delta', 'echo', 'foxtrot'],
    ['golf'],
  ]);
  // rank descending, nulls last, ties by title: the ties and the nulls straddle pages
  assert.deepEqual(await walk(app, cookie, 'pageSize=2&sort=rank:desc'), [['Alpha', 'bravo'], ['delta', 'golf'], ['Charlie', 'echo'], ['foxtrot']]);
  assert.deepEqual(await walk(app, cookie, 'pageSize=4&sort=rank:asc'), [['Charlie', 'bravo', 'delta', 'golf'], ['Alpha', 'echo', 'foxtrot']]);
  // a full last page answers no cursor; search and sort apply with it
  assert.deepEqual(await walk(app, cookie, 'pageSize=7'), [['Alpha', 'bravo', 'Charlie', 'delta', 'echo', 'foxtrot', 'golf']]);
  assert.deepEqual(await walk(app, cookie, 'pageSize=1&q=o&sort=createdAt:desc'), [['golf'], ['foxtrot'], ['bravo'], ['echo']]);

  // a cursor of another sort, or tampered with, never reaches SQL
  const first = json<CursorPage>(await call(app, 'GET', '/api/v1/kit-notes?pageSize=2&sort=rank:desc', { cookie }));
  assert.ok(first.nextCursor);
  const tampered = Buffer.from(JSON.stringify({ s: 'rank:desc', v: ['1 or 1=1', 'x'], id: first.data[1].id })).toString('base64url');
  for (const [cursor, sort] of [
    [first.nextCursor, 'title:asc'],
    [tampered, 'rank:desc'],
    ['not-a-cursor', 'rank:desc'],
  ]) {
    const res = await call(app, 'GET', `/api/v1/kit-notes?sort=${sort}&cursor=${encodeURIComponent(cursor)}`, { cookie });
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(json<{ details: { field: string }[] }>(res).details.map((d) => d.field), ['cursor']);
  }
});

test('resource kit: a versioned update must carry the current version; a stale one is a 409 STALE_VERSION with the row as it is', async (t) => {
  const { app, cookie, close } = await notesApp();
  t.after(close);
  const created = json<{ data: Note }>(await call(app, 'POST', '/api/v1/kit-notes', { cookie, body: { title: 'versioned', rank: 1 } })).data;
  assert.equal(created.version, 1);

  const first = await call(app, 'PATCH', `/api/v1/kit-notes/${created.id}`, { cookie, body: { rank: 5, version: 1 } });
  assert.equal(first.statusCode, 200, first.body);
  assert.deepEqual([json<{ data: Note }>(first).data.rank, json<{ data: Note }>(first).data.version], [5, 2]);

  // another editor still holding version 1
  const stale = await call(app, 'PATCH', `/api/v1/kit-notes/${created.id}`, { cookie, body: { title: 'overwritten', version: 1 } });
  assert.equal(stale.statusCode, 409, stale.body);
  const body = json<{ errorCode: string; conflict: { current: Note } }>(stale);
  assert.equal(body.errorCode, 'STALE_VERSION');
  assert.deepEqual([body.conflict.current.title, body.conflict.current.rank, body.conflict.current.version], ['versioned', 5, 2]);
  const now = json<{ data: Note }>(await call(app, 'GET', `/api/v1/kit-notes/${created.id}`, { cookie })).data;
  assert.deepEqual([now.title, now.version], ['versioned', 2], 'nothing written');

  // a body without the version is refused by the schema
  assert.equal((await call(app, 'PATCH', `/api/v1/kit-notes/${created.id}`, { cookie, body: { rank: 6 } })).statusCode, 400);
});
