/**
 * The tasks module's own built-in kind (registered when this file loads: tasks.routes.ts imports
 * it); other modules register theirs beside their code (imports/imports.housekeeping.ts…).
 *
 * - `tasks.purge-finished`: the tasks' retention: finished tasks older than the system setting
 *   `taskRetentionDays` (default TASK_RETENTION_DAYS, 30) go
 *   with their logs, 500 per chunk; daily at 03:41, or by hand. One at a time. Then the retention
 *   purges other modules register (registerRetentionPurge: the triggers' finished runs), chunk by
 *   chunk, with the same setting.
 */
import { getSettings } from '../settings/settings.service';
import { listRetentionPurges, registerTaskKind } from './tasks.registry';
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
    const others: Record<string, number> = {};
    for (const [name, purge] of listRetentionPurges()) {
      let n = 0;
      for (;;) {
        if (await isCancelled()) break;
        const gone = await purge(db, retentionDays);
        n += gone;
        if (gone === 0) break;
      }
      others[name] = n;
      if (n > 0) await log('info', `purged ${n} ${name} older than ${retentionDays} days`, { purged: n, retentionDays });
    }
    return { purged, retentionDays, ...(Object.keys(others).length ? { others } : {}) };
  },
  { manual: true, singletonKey: 'all', cron: '41 3 * * *', retryLimit: 2, retryDelaySeconds: 60, timeoutSeconds: 600 },
);
