/**
 * The configured blob store (env BLOB_STORE, docs/blob-stores.md): the one place that picks it,
 * for the server (index.ts) and the shell commands (ops/backup.ts, ops/restore.ts).
 */
import path from 'node:path';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { LocalBlobStore, type BlobStore } from './blob-store';
import { PostgresBlobStore } from './blob-store-pg';

/**
 * `local`: a LocalBlobStore in `DATA_DIR/blobs`; `postgres`: a PostgresBlobStore on `db` (the
 * database this process opened, PGlite or PostgreSQL).
 */
export function configuredBlobStore(env: Pick<Env, 'BLOB_STORE' | 'DATA_DIR'>, db: Database): BlobStore {
  return env.BLOB_STORE === 'postgres' ? new PostgresBlobStore(db) : new LocalBlobStore(path.join(env.DATA_DIR, 'blobs'));
}
