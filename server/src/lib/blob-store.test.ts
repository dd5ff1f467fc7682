/**
 * The blob stores (lib/blob-store.ts, lib/blob-store-pg.ts), one body of cases run against each:
 * the local folder and PostgreSQL on the engine under test (PGlite, or TEST_DATABASE_URL). Content
 * addressing, de-duplication (also of two concurrent commits), the size limit, crash safety (an
 * interrupted write leaves nothing under a content name, nor a temporary object), a multi-chunk
 * round trip and, for PostgreSQL, chunks read lazily and commits inside the caller's transaction.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import { loadEnv } from '../env';
import { createTestApp } from '../test/helpers';
import { BlobNotFoundError, BlobTooLargeError, LocalBlobStore, type BlobStore } from './blob-store';
import { PostgresBlobStore } from './blob-store-pg';

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
type T = { after(fn: () => unknown): void };

/** The database of the file (a test app's; closed when the test ends). */
async function database(t: T): Promise<Database> {
  const testApp = await createTestApp();
  t.after(() => testApp.close());
  return testApp.handle.db;
}

/** Number of staged (tmp-…) chunks in the PostgreSQL store. */
async function tempChunks(db: Database): Promise<number> {
  return Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from blob_chunks where blob_key like 'tmp-%'`))[0].n);
}

interface Kind {
  name: string;
  make(t: T): Promise<BlobStore>;
  /** The temporary objects of the store (files in tmp/, or tmp- chunk keys). */
  temporary(store: BlobStore): Promise<number>;
  /** Leaves a temporary object as a crash would. */
  leaveTemp(store: BlobStore): Promise<void>;
}

const kinds: Kind[] = [
  {
    name: 'local',
    make: async (t) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-blob-test-'));
      t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
      return new LocalBlobStore(dir);
    },
    temporary: async (store) => {
      const dir = path.join((store as LocalBlobStore).root, 'tmp');
      return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
    },
    leaveTemp: async (store) => {
      const dir = path.join((store as LocalBlobStore).root, 'tmp');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'crash.part'), 'half');
    },
  },
  {
    name: 'postgres',
    make: async (t) => new PostgresBlobStore(await database(t)),
    temporary: (store) => tempChunks((store as PostgresBlobStore).db),
    leaveTemp: async (store) => {
      await (store as PostgresBlobStore).db.execute(sql`insert into blob_chunks (blob_key, seq, data) values ('tmp-crash', 0, ${Buffer.from('half')})`);
    },
  },
];

for (const kind of kinds) {
  test(`blob store (${kind.name}): content-addressed, de-duplicated, readable, listed, removable`, async (t) => {
    const store = await kind.make(t);
    const first = await store.put(Buffer.from('hello world'));
    assert.deepEqual(first, { sha256: sha('hello world'), size: 11 });
    const again = await store.put(Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    assert.deepEqual(again, first);
    const h = first.sha256;
    if (store instanceof LocalBlobStore) {
      const files = fs.readdirSync(store.root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
      assert.deepEqual(files.map((d) => path.relative(store.root, path.join(d.parentPath, d.name))), [path.join(h.slice(0, 2), h.slice(2, 4), h)]);
    }
    assert.equal(await text(await store.open(h)), 'hello world');
    assert.equal(await store.has(h), true);

    const empty = await store.put(Buffer.alloc(0));
    assert.deepEqual(empty, { sha256: sha(''), size: 0 });
    assert.equal((await buffer(await store.open(empty.sha256))).length, 0);
    const listed = new Map<string, number>();
    for await (const blob of store.list()) {
      assert.ok(blob.modifiedAt.getTime() > Date.now() - 60_000);
      listed.set(blob.sha256, blob.size);
    }
    assert.equal(listed.get(h), 11);
    assert.equal(listed.get(empty.sha256), 0);

    assert.equal(await store.remove(h), true);
    assert.equal(await store.remove(h), false);
    assert.equal(await store.has(h), false);
    await assert.rejects(store.open(h), BlobNotFoundError);
    await store.remove(empty.sha256);
    // not a hash: never a path outside the store
    await assert.rejects(store.open('../../etc/passwd'), BlobNotFoundError);
    assert.equal(await store.has('../x'), false);
  });

  test(`blob store (${kind.name}): a source past maxBytes or one that fails mid-way leaves no blob and no temporary object`, async (t) => {
    const store = await kind.make(t);
    await assert.rejects(store.put(Buffer.alloc(1025), { maxBytes: 1024 }), (e: unknown) => e instanceof BlobTooLargeError && e.maxBytes === 1024);
    // past the limit after some chunks were written (PostgreSQL: 1 MiB chunks)
    const big = Buffer.alloc(2.5 * 1024 * 1024, 7);
    await assert.rejects(store.put(Readable.from([big.subarray(0, 1_500_000), big.subarray(1_500_000)]), { maxBytes: 2 * 1024 * 1024 }), BlobTooLargeError);
    assert.equal(await store.has(sha(big)), false);
    const exact = await store.put(Buffer.alloc(1024, 1), { maxBytes: 1024 });
    assert.equal(exact.size, 1024);

    async function* broken() {
      yield Buffer.alloc(1_200_000, 3);
      yield Buffer.from('the first half of a file');
      throw new Error('connection reset');
    }
    await assert.rejects(store.put(Readable.from(broken())), /connection reset/);
    assert.equal(await kind.temporary(store), 0);
    await store.remove(exact.sha256);
  });

  test(`blob store (${kind.name}): a staged blob is invisible until commit; discard drops it; crash leftovers are swept`, async (t) => {
    const store = await kind.make(t);
    const staged = await store.stage(Buffer.from(`staged ${kind.name}`));
    assert.equal(staged.sha256, sha(`staged ${kind.name}`));
    assert.equal(await store.has(staged.sha256), false);
    await staged.commit();
    assert.equal(await store.has(staged.sha256), true);
    await staged.discard(); // after commit: nothing happens
    assert.equal(await store.has(staged.sha256), true);

    const dropped = await store.stage(Buffer.from('dropped'));
    await dropped.discard();
    assert.equal(await store.has(dropped.sha256), false);
    assert.equal(await kind.temporary(store), 0);

    // a half-written temporary object left by a crash: never visible, swept once old
    await kind.leaveTemp(store);
    assert.equal(await store.cleanTemp(86_400_000), 0);
    assert.equal(await store.cleanTemp(86_400_000, Date.now() + 2 * 86_400_000), 1);
    assert.equal(await kind.temporary(store), 0);
    await store.remove(staged.sha256);
  });

  test(`blob store (${kind.name}): a 2.5 MiB blob round trip; concurrent commits of the same content both succeed`, async (t) => {
    const store = await kind.make(t);
    const bytes = Buffer.alloc(2.5 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4) bytes.writeUInt32LE((i * 2654435761) >>> 0, i);
    const parts = [bytes.subarray(0, 700_000), bytes.subarray(700_000, 2_000_000), bytes.subarray(2_000_000)];
    const put = await store.put(Readable.from(parts));
    assert.deepEqual(put, { sha256: sha(bytes), size: bytes.length });
    assert.ok((await buffer(await store.open(put.sha256))).equals(bytes));

    const other = Buffer.concat([bytes, Buffer.from(kind.name)]);
    const [a, b] = await Promise.all([store.stage(other), store.stage(Readable.from([other]))]);
    await Promise.all([a.commit(), b.commit()]);
    await Promise.all([a.discard(), b.discard()]);
    assert.ok((await buffer(await store.open(a.sha256))).equals(other));
    assert.equal(await kind.temporary(store), 0);
    // and two puts at once
    const [c, d] = await Promise.all([store.put(Buffer.from('twice')), store.put(Buffer.from('twice'))]);
    assert.deepEqual(c, d);
    for (const h of [put.sha256, a.sha256, c.sha256]) await store.remove(h);
  });
}

/** Counts the chunk reads of a PostgreSQL store. */
class CountingStore extends PostgresBlobStore {
  reads = 0;
  protected override async readChunk(key: string, seq: number): Promise<Buffer | undefined> {
    this.reads += 1;
    return super.readChunk(key, seq);
  }
}

test('blob store (postgres): chunks are 1 MiB rows, read one at a time as the reader asks; commit and remove join the caller\'s transaction', async (t) => {
  const db = await database(t);
  const store = new CountingStore(db);
  const bytes = Buffer.alloc(2.5 * 1024 * 1024, 9);
  const staged = await store.stage(bytes);
  // the caller's transaction (attachments: under the blob's advisory lock); on PGlite a second
  // transaction beside it would wait forever
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    await staged.commit(tx);
  });
  const chunks = rowsOf<{ seq: number; n: number }>(
    await db.execute(sql`select seq, length(data)::int as n from blob_chunks where blob_key = ${staged.sha256} order by seq`),
  );
  assert.deepEqual(chunks.map((c) => [c.seq, c.n]), [[0, 1048576], [1, 1048576], [2, 524288]]);

  const stream = await store.open(staged.sha256);
  const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
  stream.pause();
  assert.equal(first.length, 1048576);
  await new Promise((r) => setTimeout(r, 50));
  assert.ok(store.reads <= 2, `${store.reads} chunks read after the first was delivered`);
  stream.resume();
  const rest = await buffer(stream);
  assert.equal(first.length + rest.length, bytes.length);
  assert.equal(store.reads, 3);

  assert.equal(await db.transaction((tx) => store.remove(staged.sha256, tx)), true);
  assert.equal(rowsOf(await db.execute(sql`select 1 from blob_chunks where blob_key = ${staged.sha256}`)).length, 0);
});

test('blob store: BLOB_STORE is local (default) or postgres; anything else stops the start naming it', () => {
  assert.equal(loadEnv({}).BLOB_STORE, 'local');
  assert.equal(loadEnv({ BLOB_STORE: ' Postgres ' }).BLOB_STORE, 'postgres');
  assert.throws(() => loadEnv({ BLOB_STORE: 's3' }), /BLOB_STORE: must be local \(DATA_DIR\/blobs\) or postgres/);
});
