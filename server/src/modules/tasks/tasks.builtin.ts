/**
 * The built-in task kinds (registered when this file loads: tasks.routes.ts imports it).
 *
 * - `imports.expire-abandoned`: removes import batches never run and untouched for
 *   IMPORT_ABANDONED_DAYS, with their staged rows (modules/imports expireAbandonedImports), 10
 *   batches per chunk; hourly (cron `17 * * * *`), or started by hand. One at a time.
 * - `tasks.purge-finished`: the tasks' retention: finished tasks older than the system setting
 *   `taskRetentionDays` (default TASK_RETENTION_DAYS, 30) go
 *   with their logs, 500 per chunk; daily at 03:41, or by hand. One at a time.
 */
import { expireAbandonedImports } from '../imports/imports.service';
import { getSettings } from '../settings/settings.service';
import { registerTaskKind } from './tasks.registry';
import { purgeFinishedTasks } from './tasks.service';

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

registerTaskKind(
  'tasks.purge-finished',
  async ({ db, progress, log, isCancelled }) => {
    // the system setting (contracts/settings.ts), read once per run
    const retentionDays = (await getSettings(db)).taskRetentionDays;
    let purged = 0;
    for (;;) {
      if (await isCancelled()) break;
      const n = await purgeFinishedTasks(db, retentionDays);
      purged += n;
      await progress(purged, null);
      if (n === 0) break;
    }
    await log('info', `purged ${purged} finished task(s) older than ${retentionDays} days`, { purged, retentionDays });
    return { purged, retentionDays };
  },
  { manual: true, singletonKey: 'all', cron: '41 3 * * *', retryLimit: 2, retryDelaySeconds: 60, timeoutSeconds: 600 },
);
