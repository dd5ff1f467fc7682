/**
 * The tasks module's own built-in kind (registered when this file loads: tasks.routes.ts imports
 * it); other modules register theirs beside their code (imports/imports.housekeeping.ts…).
 *
 * - `tasks.purge-finished`: the tasks' retention: finished tasks older than the system setting
 *   `taskRetentionDays` (default TASK_RETENTION_DAYS, 30) go
 *   with their logs, 500 per chunk; daily at 03:41, or by hand. One at a time.
 */
import { getSettings } from '../settings/settings.service';
import { registerTaskKind } from './tasks.registry';
import { purgeFinishedTasks } from './tasks.service';

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
