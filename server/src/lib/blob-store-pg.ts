/**
 * The PostgreSQL blob store (`BLOB_STORE=postgres`, docs/blob-stores.md): every server process on
 * one database sees the same files, with no shared folder. Same interface as the local store
 * (lib/blob-store.ts: `BlobStore`), on the tables `blob_objects` and `blob_chunks`
 * (db/tables/documents.ts): a committed blob is a `blob_objects` row (sha256, size in bytes,
 * chunk_count) and `chunk_count` rows of `blob_chunks` under its sha256, seq 0…n-1, each
 * BLOB_CHUNK_BYTES (1 MiB, contracts/documents.constants.ts) but the last.
 *
 * Streamed both ways, in short statements (PGlite runs one statement at a time, so a long one
 * would make every other request wait; nothing holds a transaction across an upload):
 *  - `stage()` hashes and counts the source (Meter: the same `maxBytes` refusal as the local
 *    store) and writes each full chunk with one INSERT under a temporary key `tmp-<random>`;
 *  - `commit()` is one short transaction: insert the `blob_objects` row and move the chunks to the
 *    sha256 key, or, when the row exists already (identical content), delete the temporary chunks.
 *    Two concurrent commits of the same content both succeed: on PostgreSQL the second INSERT waits
 *    for the first's row and then does nothing (`on conflict do nothing`);
 *  - `open()` returns a stream that reads one chunk per `_read` (at most about two chunks in memory);
 *  - between two chunk statements the event loop turns once (setImmediate), so other requests of
 *    the process are answered during a long upload or download, on PGlite too;
 *  - chunks under a `tmp-` key that a crash left are removed by `cleanTemp()` once old.
 *
 * Bytes cross the driver natively on node-postgres (bytea parameters and results); on PGlite they
 * cross as text converted by Node's Buffer (written as base64, `decode(…, 'base64')`, the shorter
 * parameter; read as hex, `encode(…, 'hex')`, the faster to produce), since PGlite's own bytea
 * conversion works byte by byte in JavaScript (~2 MB/s for 1 MiB chunks: bench/blob-store.mjs).
 *
 * Callers that hold a transaction (modules/attachments commits and removes under the blob's
 * advisory lock) pass it to `commit(tx)` / `remove(sha256, tx)`: on PGlite a second transaction
 * beside the caller's would wait for it forever.
 */
import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { BLOB_CHUNK_BYTES } from '../../../contracts/documents.constants';
import { rowsOf, type Database, type Executor } from '../db/client';
import {
  BlobNotFoundError,
  isSha256,
  Meter,
  type BlobInfo,
  type BlobSource,
  type BlobStore,
  type ListedBlob,
  type StagedBlob,
  type StageOptions,
} from './blob-store';

/** Prefix of the key of a staged (uncommitted) blob's chunks. */
export const TEMP_KEY_PREFIX = 'tmp-';
/** Rows per page of `list()` (keyset pages by sha256). */
const LIST_PAGE_ROWS = 500;

/**
 * Lets timers and I/O run (one event-loop turn) between two chunk statements. PGlite's statements
 * resolve without one, so an upload from memory (a restore, a copy) or a fast reader would keep
 * every other request of the process waiting until the whole blob is through.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A bytea value as the driver returns it (node-postgres: Buffer; PGlite: Uint8Array) as a Buffer, without copying. */
function asBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new Error('blob_chunks.data is not bytes');
}

/** Blobs in PostgreSQL (module comment) through the app's Drizzle database (PGlite or node-postgres). */
export class PostgresBlobStore implements BlobStore {
  /**
   * @param db the app's database handle (db/client.ts)
   * @param chunkBytes bytes per chunk (default BLOB_CHUNK_BYTES; tests may use less)
   */
  constructor(
    readonly db: Database,
    readonly chunkBytes: number = BLOB_CHUNK_BYTES,
  ) {
    this.hexTransfer = (db as { $client?: unknown }).$client instanceof PGlite;
  }

  /** True on PGlite: bytes cross the driver as text (module comment). */
  private readonly hexTransfer: boolean;

  async stage(source: BlobSource, opts: StageOptions = {}): Promise<StagedBlob> {
    const key = `${TEMP_KEY_PREFIX}${randomBytes(12).toString('hex')}`;
    const meter = new Meter(opts.maxBytes ?? Number.POSITIVE_INFINITY);
    const chunkBytes = this.chunkBytes;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let seq = 0;
    let inflight: Promise<void> = Promise.resolve();
    // writes every full chunk (and, at the end, the rest), one INSERT each
    const flush = async (all: boolean) => {
      while (pendingBytes >= chunkBytes || (all && pendingBytes > 0)) {
        const joined = pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes);
        const chunk = joined.subarray(0, Math.min(chunkBytes, joined.length));
        const rest = joined.subarray(chunk.length);
        const data = this.hexTransfer ? sql`decode(${chunk.toString('base64')}, 'base64')` : sql`${chunk}`;
        await this.db.execute(sql`insert into blob_chunks (blob_key, seq, data) values (${key}, ${seq}, ${data})`);
        await turn();
        seq += 1;
        pending = rest.length > 0 ? [rest] : [];
        pendingBytes = rest.length;
      }
    };
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes < chunkBytes) {
          done();
          return;
        }
        inflight = flush(false);
        inflight.then(() => done(), done);
      },
      final(done) {
        inflight = flush(true);
        inflight.then(() => done(), done);
      },
    });
    try {
      await pipeline(Buffer.isBuffer(source) ? Readable.from([source]) : source, meter, sink);
    } catch (err) {
      // an INSERT may still be running when the source fails: let it land, then delete everything
      await inflight.catch(() => undefined);
      await this.deleteKey(key, this.db);
      throw err;
    }
    const sha256 = meter.hash.digest('hex');
    const size = meter.size;
    const chunkCount = seq;
    let settled = false;
    return {
      sha256,
      size,
      commit: async (tx?: Executor) => {
        if (settled) return;
        await (tx ?? this.db).transaction(async (t) => {
          const inserted = rowsOf(
            await t.execute(
              sql`insert into blob_objects (sha256, size, chunk_count) values (${sha256}, ${size}, ${chunkCount})
                  on conflict (sha256) do nothing returning sha256`,
            ),
          );
          if (inserted.length > 0) {
            // chunks under the content key without an object row cannot exist (remove deletes both
            // in one transaction), but a stray one must not make the move fail
            await t.execute(sql`delete from blob_chunks where blob_key = ${sha256}`);
            await t.execute(sql`update blob_chunks set blob_key = ${sha256} where blob_key = ${key}`);
          } else {
            await t.execute(sql`delete from blob_chunks where blob_key = ${key}`);
          }
        });
        settled = true;
      },
      discard: async () => {
        if (settled) return;
        settled = true;
        await this.deleteKey(key, this.db);
      },
    };
  }

  async put(source: BlobSource, opts?: StageOptions): Promise<BlobInfo> {
    const staged = await this.stage(source, opts);
    try {
      await staged.commit();
    } catch (err) {
      await staged.discard();
      throw err;
    }
    return { sha256: staged.sha256, size: staged.size };
  }

  async open(sha256: string): Promise<Readable> {
    if (!isSha256(sha256)) throw new BlobNotFoundError(sha256);
    const [row] = rowsOf<{ chunk_count: number }>(
      await this.db.execute(sql`select chunk_count from blob_objects where sha256 = ${sha256}`),
    );
    if (!row) throw new BlobNotFoundError(sha256);
    const count = Number(row.chunk_count);
    let next = 0;
    const stream: Readable = new Readable({
      // one chunk per read: the stream asks again only once the consumer took the last one
      read: () => {
        if (next >= count) {
          stream.push(null);
          return;
        }
        const seq = next;
        next += 1;
        this.readChunk(sha256, seq).then(
          (data) => {
            if (data === undefined) stream.destroy(new BlobNotFoundError(sha256)); // removed while read
            else stream.push(data);
          },
          (err: unknown) => stream.destroy(err as Error),
        );
      },
    });
    return stream;
  }

  /** The bytes of chunk `seq` of the blob under `key`, or undefined when there is none (one SELECT). */
  protected async readChunk(key: string, seq: number): Promise<Buffer | undefined> {
    await turn();
    if (this.hexTransfer) {
      const [row] = rowsOf<{ hex: string }>(
        await this.db.execute(sql`select encode(data, 'hex') as hex from blob_chunks where blob_key = ${key} and seq = ${seq}`),
      );
      return row ? Buffer.from(row.hex, 'hex') : undefined;
    }
    const [row] = rowsOf<{ data: unknown }>(
      await this.db.execute(sql`select data from blob_chunks where blob_key = ${key} and seq = ${seq}`),
    );
    return row ? asBuffer(row.data) : undefined;
  }

  async has(sha256: string): Promise<boolean> {
    if (!isSha256(sha256)) return false;
    return rowsOf(await this.db.execute(sql`select 1 from blob_objects where sha256 = ${sha256}`)).length > 0;
  }

  async remove(sha256: string, tx?: Executor): Promise<boolean> {
    if (!isSha256(sha256)) return false;
    return (tx ?? this.db).transaction(async (t) => {
      const gone = rowsOf(await t.execute(sql`delete from blob_objects where sha256 = ${sha256} returning sha256`));
      await this.deleteKey(sha256, t);
      return gone.length > 0;
    });
  }

  async *list(): AsyncIterable<ListedBlob> {
    let after = '';
    for (;;) {
      const rows = rowsOf<{ sha256: string; size: number | string; created_at: Date | string }>(
        await this.db.execute(
          sql`select sha256, size, created_at from blob_objects where sha256 > ${after} order by sha256 limit ${LIST_PAGE_ROWS}`,
        ),
      );
      for (const row of rows) yield { sha256: row.sha256, size: Number(row.size), modifiedAt: new Date(row.created_at) };
      if (rows.length < LIST_PAGE_ROWS) return;
      after = rows[rows.length - 1].sha256;
    }
  }

  /**
   * Removes the chunks of staged blobs (keys `tmp-…`) whose newest chunk is older than `maxAgeMs`
   * (default one day): uploads a crash interrupted. @returns how many staged blobs were removed.
   */
  async cleanTemp(maxAgeMs = 86_400_000, now = Date.now()): Promise<number> {
    const cutoff = new Date(now - maxAgeMs).toISOString();
    const [row] = rowsOf<{ n: number }>(
      await this.db.execute(
        sql`with stale as (
              select blob_key from blob_chunks where blob_key like ${`${TEMP_KEY_PREFIX}%`}
              group by blob_key having max(created_at) < ${cutoff}::timestamptz
            ), gone as (
              delete from blob_chunks where blob_key in (select blob_key from stale) returning blob_key
            )
            select count(distinct blob_key)::int as n from gone`,
      ),
    );
    return Number(row?.n ?? 0);
  }

  /** Deletes every chunk under `key` (one statement). */
  private async deleteKey(key: string, db: Executor): Promise<void> {
    await db.execute(sql`delete from blob_chunks where blob_key = ${key}`);
  }
}
