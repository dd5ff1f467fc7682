// Blob store benchmark (docs/blob-stores.md): put and open throughput (MB/s) of one blob (default
// 50 MB of random bytes, streamed in 64 KiB pieces as an upload arrives) on each store — the local
// folder (LocalBlobStore) and the database (PostgresBlobStore) — on PGlite (a data folder) and on
// PostgreSQL, and the longest wait (ms) of a small query (`select 1`, every 10 ms) run while the
// put streams: on PGlite, which runs one statement at a time, it shows how long a request waits
// behind the upload's chunk INSERTs.
//
// Usage: npm run bench:blobs [-- --engine pglite|postgres|both] [--mb 50] [--json FILE]
//   PostgreSQL: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres);
//   a throw-away database assay_blobs_<random> is created and dropped.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.ts';
import { migrateDatabase } from '../server/src/db/migrate.ts';
import { LocalBlobStore } from '../server/src/lib/blob-store.ts';
import { PostgresBlobStore } from '../server/src/lib/blob-store-pg.ts';
import { throwAwayDatabase } from './lib.mjs';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    mb: { type: 'string', default: '50' },
    json: { type: 'string' },
  },
});
const BYTES = Math.round(Number(values.mb) * 1_000_000);
const PIECE = 64 * 1024;
const payload = randomBytes(BYTES);

/** The payload as an upload stream: 64 KiB pieces. */
function source() {
  return Readable.from(
    (function* pieces() {
      for (let at = 0; at < BYTES; at += PIECE) yield payload.subarray(at, Math.min(BYTES, at + PIECE));
    })(),
  );
}

/**
 * Runs `select 1` every 10 ms until stopped. A probe's wait is from when it was due (its timer's
 * 10 ms after the previous answer) to its answer: on PGlite a statement also blocks the event loop
 * (its WebAssembly runs on the main thread), so a late timer is part of what a request waits.
 * @returns the longest wait (ms) and the number of probes.
 */
function probe(db) {
  let stop = false;
  let longest = 0;
  let count = 0;
  const done = (async () => {
    while (!stop) {
      const due = performance.now() + 10;
      await new Promise((r) => setTimeout(r, 10));
      await db.execute(sql`select 1`);
      longest = Math.max(longest, performance.now() - due);
      count += 1;
    }
  })();
  return async () => {
    stop = true;
    await done;
    return { longest, count };
  };
}

const mbps = (ms) => Math.round((BYTES / 1_000_000 / (ms / 1000)) * 10) / 10;

async function measure(engine, handle, storeName, store) {
  const stopProbe = probe(handle.db);
  const t0 = performance.now();
  const put = await store.put(source());
  const putMs = performance.now() - t0;
  const waits = await stopProbe();
  const t1 = performance.now();
  let read = 0;
  for await (const chunk of await store.open(put.sha256)) read += chunk.length;
  const openMs = performance.now() - t1;
  if (read !== BYTES) throw new Error(`${storeName}: read ${read} bytes of ${BYTES}`);
  await store.remove(put.sha256);
  const row = {
    engine,
    store: storeName,
    mb: BYTES / 1_000_000,
    putMBps: mbps(putMs),
    openMBps: mbps(openMs),
    longestQueryWaitMs: Math.round(waits.longest * 10) / 10,
    probeQueries: waits.count,
  };
  console.log(
    `${engine.padEnd(9)} ${storeName.padEnd(9)} put ${String(row.putMBps).padStart(7)} MB/s   open ${String(row.openMBps).padStart(7)} MB/s   longest select 1 during put ${row.longestQueryWaitMs} ms (${waits.count} probes)`,
  );
  return row;
}

async function runEngine(engine) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'assay-bench-blobs-'));
  mkdirSync(path.join(tmp, 'data'));
  const thrown = engine === 'postgres' ? await throwAwayDatabase('assay_blobs') : null;
  const handle = await openDatabase(thrown ? { databaseUrl: thrown.url, poolMax: 4 } : { dataDir: path.join(tmp, 'data') });
  try {
    await migrateDatabase(handle);
    return [
      await measure(engine, handle, 'local', new LocalBlobStore(path.join(tmp, 'blobs'))),
      await measure(engine, handle, 'postgres', new PostgresBlobStore(handle.db)),
    ];
  } finally {
    await handle.close();
    await thrown?.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

const engines = values.engine === 'both' ? ['pglite', 'postgres'] : [values.engine];
const rows = [];
console.log(`blob of ${BYTES / 1_000_000} MB, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
for (const engine of engines) rows.push(...(await runEngine(engine)));
if (values.json) writeFileSync(values.json, JSON.stringify({ loadavg: os.loadavg(), rows }, null, 2));
