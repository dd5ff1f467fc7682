/**
 * The running server's side of the shell requests (ops-requests.ts): a backup written with the
 * server's own PGlite instance and blob store, or an account recovery with its database.
 */
import type { DatabaseHandle } from '../db/client';
import type { BlobStore } from '../lib/blob-store';
import { backupPglite } from './backup-lib';
import type { OpsRequest } from './ops-requests';
import { runRecovery } from './recovery';

/** The handler index.ts passes to processOpsRequests. */
export function opsHandler(handle: DatabaseHandle, blobs: BlobStore): (request: OpsRequest) => Promise<unknown> {
  return async (request) => {
    if (request.op === 'backup') {
      const raw = handle.raw;
      if (raw.engine !== 'pglite') throw new Error('Online backups through the server are for PGlite only');
      return backupPglite(raw.client, handle.db, blobs, request.out);
    }
    return { message: await runRecovery(handle.db, request) };
  };
}
