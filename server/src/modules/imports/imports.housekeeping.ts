/**
 * The imports module's housekeeping kind (registered when this file loads: imports.routes.ts
 * imports it; docs/tasks.md "Built-in kinds"):
 * `imports.expire-abandoned` removes import batches never run and untouched for
 * IMPORT_ABANDONED_DAYS, with their staged rows (imports.service expireAbandonedImports), 10 batches
 * per chunk; hourly (cron `17 * * * *`), or started by hand. One at a time.
 */
import { registerTaskKind } from '../tasks/tasks.registry';
import { expireAbandonedImports } from './imports.service';

/** Batches removed per chunk of `imports.expire-abandoned`. */
export const EXPIRE_IMPORTS_CHUNK = 10;

registerTaskKind(
  'imports.expire-abandoned',
  async ({ db, progress, log, isCancelled }) => {
    let removed = 0;
    for (;;) {
      if (await isCancelled()) break;
      const n = await expireAbandonedImports(db, new Date(), EXPIRE_IMPORTS_CHUNK);
      removed += n;
      await progress(removed, null);
      if (n > 0) await log('info', `removed ${n} abandoned import batch(es)`, { removed });
      if (n < EXPIRE_IMPORTS_CHUNK) break;
    }
    return { removed };
  },
  { manual: true, singletonKey: 'all', cron: '17 * * * *', retryLimit: 2, retryDelaySeconds: 60, timeoutSeconds: 600 },
);
