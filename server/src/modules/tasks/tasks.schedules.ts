/**
 * Cron schedules kept in pg-boss for other modules (triggers' schedule events, connectors' sync
 * schedules): one pg-boss handle per database for queue, schedule and fetch calls, and the
 * reconciliation of a module's schedules with what it wants.
 */
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { bossDb } from './tasks.engine';
import { PGBOSS_SCHEMA } from './tasks.pgboss-migration';

const bosses = new WeakMap<Database, PgBoss>();

/** A pg-boss handle over `db` for queue, schedule and fetch calls (not started: no workers, no timers); one per database. */
export function scheduleBoss(db: Database): PgBoss {
  let b = bosses.get(db);
  if (!b) {
    b = new PgBoss({ db: bossDb(db), schema: PGBOSS_SCHEMA, migrate: false, supervise: false, schedule: false });
    bosses.set(db, b);
  }
  return b;
}

/** One schedule a module wants: its queue's name, a cron expression, an IANA time zone, the job's data. */
export interface WantedSchedule {
  name: string;
  cron: string;
  tz: string;
  data: object;
}

/**
 * Makes pg-boss's schedules named `<prefix>…` match `wanted` (idempotent): each wanted one has its
 * queue (standard policy, no retry) and its schedule (cron + time zone); any other schedule of the
 * prefix is removed. The queue of a removed schedule stays: pg-boss 10 refuses to delete a queue
 * that still holds (completed) jobs, and an empty queue costs nothing. Outside any transaction.
 */
export async function matchSchedules(db: Database, prefix: string, wanted: WantedSchedule[]): Promise<void> {
  const boss = scheduleBoss(db);
  const names = new Set<string>();
  for (const w of wanted) {
    names.add(w.name);
    if (!(await boss.getQueue(w.name))) await boss.createQueue(w.name, { name: w.name, policy: 'standard', retryLimit: 0 });
    await boss.schedule(w.name, w.cron, w.data, { tz: w.tz });
  }
  for (const s of await boss.getSchedules()) if (s.name.startsWith(prefix) && !names.has(s.name)) await boss.unschedule(s.name);
}
