/**
 * The local blob store (lib/blob-store.ts): content addressing, de-duplication, the size limit, and
 * crash safety (an interrupted write leaves nothing under a content name).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { test } from 'node:test';
import { BlobNotFoundError, BlobTooLargeError, LocalBlobStore } from './blob-store';
import { runsOnOneEngine } from '../test/engines';

runsOnOneEngine('postgres', 'the blob store is files on disk, no database');

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

function tempStore(t: { after(fn: () => void): void }): LocalBlobStore {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-blob-test-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return new LocalBlobStore(dir);
}

/** Every file under `dir`, relative. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .sort();
}

test('blob store: content-addressed under <aa>/<bb>/<sha256>, de-duplicated, readable, removable', async (t) => {
  const store = tempStore(t);
  const first = await store.put(Buffer.from('hello world'));
  assert.deepEqual(first, { sha256: sha('hello world'), size: 11 });
  const again = await store.put(Readable.from([Buffer.from('hello '), Buffer.from('world')]));
  assert.deepEqual(again, first);
  const h = first.sha256;
  assert.deepEqual(filesUnder(store.root), [path.join(h.slice(0, 2), h.slice(2, 4), h)]);
  assert.equal(await text(await store.open(h)), 'hello world');
  assert.equal(await store.has(h), true);

  const empty = await store.put(Buffer.alloc(0));
  assert.deepEqual(empty, { sha256: sha(''), size: 0 });
  const listed: string[] = [];
  for await (const blob of store.list()) {
    assert.ok(blob.modifiedAt.getTime() > Date.now() - 60_000);
    listed.push(blob.sha256);
  }
  assert.deepEqual(listed.sort(), [h, empty.sha256].sort());

  assert.equal(await store.remove(h), true);
  assert.equal(await store.remove(h), false);
  assert.equal(await store.has(h), false);
  await assert.rejects(store.open(h), BlobNotFoundError);
  // not a hash: never a path outside the store
  await assert.rejects(store.open('../../etc/passwd'), BlobNotFoundError);
  assert.equal(await store.has('../x'), false);
});

test('blob store: a source past maxBytes or one that fails mid-way leaves no blob and no temporary file', async (t) => {
  const store = tempStore(t);
  await assert.rejects(store.put(Buffer.alloc(1025), { maxBytes: 1024 }), (e: unknown) => e instanceof BlobTooLargeError && e.maxBytes === 1024);
  const exact = await store.put(Buffer.alloc(1024, 1), { maxBytes: 1024 });
  assert.equal(exact.size, 1024);

  async function* broken() {
    yield Buffer.from('the first half of a file');
    throw new Error('connection reset');
  }
  await assert.rejects(store.put(Readable.from(broken())), /connection reset/);
  assert.equal(await store.has(sha('the first half of a file')), false);
  assert.deepEqual(filesUnder(store.root), [path.join(exact.sha256.slice(0, 2), exact.sha256.slice(2, 4), exact.sha256)]);
});

test('blob store: a staged blob is invisible until commit; discard drops it; crash leftovers are swept', async (t) => {
  const store = tempStore(t);
  const staged = await store.stage(Buffer.from('staged'));
  assert.equal(staged.sha256, sha('staged'));
  assert.equal(await store.has(staged.sha256), false);
  await staged.commit();
  assert.equal(await store.has(staged.sha256), true);
  await staged.discard(); // after commit: nothing happens
  assert.equal(await store.has(staged.sha256), true);

  const dropped = await store.stage(Buffer.from('dropped'));
  await dropped.discard();
  assert.equal(await store.has(dropped.sha256), false);
  assert.deepEqual(fs.readdirSync(path.join(store.root, 'tmp')), []);

  // a half-written temporary file left by a crash: never visible, swept once old
  const leftover = path.join(store.root, 'tmp', 'crash.part');
  fs.writeFileSync(leftover, 'half');
  assert.equal(await store.cleanTemp(86_400_000), 0);
  assert.equal(await store.cleanTemp(86_400_000, Date.now() + 2 * 86_400_000), 1);
  assert.equal(fs.existsSync(leftover), false);
});
