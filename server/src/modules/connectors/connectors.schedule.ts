/**
 * Schedules of syncs (docs/connectors.md "Schedules"), as the triggers' schedules: a sync with a
 * cron and enabled (of a live connector) has a pg-boss schedule (cron + time zone) on a queue of its
 * own, `connectors.schedule.<syncId>`; the built-in kind `connectors.schedule-tick` (every minute)
 * makes the schedules match the syncs and turns each waiting tick into a run (queueRun, trigger
 * `schedule`, written as the sync's creator; audited `connector_sync.run` by the system). A tick
 * while the sync's previous run is active is dropped (one run at a time).
 */
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { auditWriter } from '../../core/audit.writer';
import { matchSchedules, scheduleBoss } from '../tasks/tasks.schedules';
import { registerTaskKind, type TaskContext } from '../tasks/tasks.registry';
import { queueRun, scheduleHooks, scheduledSyncs } from './connectors.syncs';

/** The pg-boss queue of a sync's schedule. */
export const syncScheduleQueue = (syncId: string) => `connectors.schedule.${syncId}`;

/** The built-in kind that takes the schedules' ticks. */
export const SCHEDULE_TICK_KIND = 'connectors.schedule-tick';

/**
 * Makes pg-boss's schedules match the scheduled syncs (idempotent): each has its queue and
 * schedule; any other `connectors.schedule.*` schedule is removed. Outside any transaction.
 */
export async function syncConnectorSchedules(db: Database): Promise<void> {
  const wanted = (await scheduledSyncs(db)).map((s) => ({ name: syncScheduleQueue(s.id), cron: s.cron!, tz: s.timezone, data: { syncId: s.id } }));
  await matchSchedules(db, 'connectors.schedule.', wanted);
}

/** Takes the waiting ticks of every scheduled sync: one run each (ticks beyond the first, or while a run is active, are dropped). @returns runs queued. */
export async function takeSyncTicks(db: Database): Promise<number> {
  const boss = scheduleBoss(db);
  const audit = auditWriter({ id: null, label: 'system', ip: null });
  let n = 0;
  for (const s of await scheduledSyncs(db)) {
    const name = syncScheduleQueue(s.id);
    if (!(await boss.getQueue(name))) continue;
    const jobs = (await boss.fetch(name, { batchSize: 20 })) ?? [];
    if (jobs.length === 0) continue;
    await boss.complete(
      name,
      jobs.map((j) => j.id),
    );
    try {
      await queueRun(db, s.id, 'schedule', { id: s.createdBy, label: 'schedule' }, audit);
      n += 1;
    } catch (e) {
      // a run still active (409) or a connector in the bin: this tick is dropped
      if (!(e instanceof HttpError)) throw e;
    }
  }
  return n;
}

async function tickHandler({ db }: TaskContext): Promise<unknown> {
  await syncConnectorSchedules(db);
  return { runs: await takeSyncTicks(db) };
}

registerTaskKind(SCHEDULE_TICK_KIND, tickHandler, { cron: '* * * * *', retryLimit: 0, timeoutSeconds: 120, singletonKey: SCHEDULE_TICK_KIND });

// sync writes re-sync the schedules at once where an engine's pg-boss schema exists
scheduleHooks.changed = async (db) => {
  try {
    await syncConnectorSchedules(db);
  } catch {
    // no pg-boss schema yet (an engine never started on this database): the tick does it later
  }
};
