/**
 * Schedules (docs/triggers.md "Schedules"): a schedule trigger is a pg-boss schedule (cron + time
 * zone) on a queue of its own, `triggers.schedule.<id>`; the delivery (`triggers.deliver`, every
 * minute) takes the ticks from those queues into the outbox as `schedule` events. Next fire times
 * are computed with cron-parser 4.9, the library pg-boss itself uses, so the page and pg-boss agree.
 */
import parser from 'cron-parser';
import type PgBoss from 'pg-boss';
import { and, eq } from 'drizzle-orm';
import { TRIGGER_NEXT_FIRES } from '../../../../contracts';
import type { Database } from '../../db/client';
import { triggerEvents, triggers } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { txDb } from '../tasks/tasks.engine';
import { matchSchedules, scheduleBoss } from '../tasks/tasks.schedules';

const invalid = (field: string, messageKey: 'errors.triggerCronInvalid' | 'errors.triggerTimezoneInvalid') =>
  new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field, messageKey }]);

/** True when `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * The next `n` fire times (ISO 8601, UTC) of `cron` in time zone `tz`, after `from`.
 * @throws HttpError 400 naming `timezone` (unknown zone) or `cron` (not a cron expression).
 */
export function nextFires(cron: string, tz: string, n = TRIGGER_NEXT_FIRES, from = new Date()): string[] {
  if (!isTimeZone(tz)) throw invalid('timezone', 'errors.triggerTimezoneInvalid');
  let it: ReturnType<typeof parser.parseExpression>;
  try {
    it = parser.parseExpression(cron, { tz, currentDate: from });
  } catch {
    throw invalid('cron', 'errors.triggerCronInvalid');
  }
  const out: string[] = [];
  for (let i = 0; i < n; i += 1) out.push((it.next() as { toDate(): Date }).toDate().toISOString());
  return out;
}

/** The pg-boss queue of a schedule trigger. */
export const scheduleQueue = (triggerId: string) => `triggers.schedule.${triggerId}`;

/**
 * Makes pg-boss's schedules match the triggers: an enabled schedule trigger has its queue and
 * schedule (cron + tz), any other schedule of ours is removed (its queue is kept: pg-boss 10 cannot
 * delete a queue that still holds jobs; an empty queue costs nothing). Idempotent; run after each trigger
 * write and by every delivery. Outside any transaction.
 */
export async function syncSchedules(db: Database): Promise<void> {
  const wanted = await db
    .select()
    .from(triggers)
    .where(and(eq(triggers.event, 'schedule'), eq(triggers.enabled, true)));
  await matchSchedules(
    db,
    'triggers.schedule.',
    wanted.flatMap((t) => (t.cron && t.timezone ? [{ name: scheduleQueue(t.id), cron: t.cron, tz: t.timezone, data: { triggerId: t.id } }] : [])),
  );
}

/**
 * Takes the waiting ticks of every enabled schedule trigger into the outbox (a `schedule` event
 * each, naming the trigger and the tick's time), completing their jobs in the same transaction.
 * @returns how many ticks it took.
 */
export async function takeScheduleTicks(db: Database): Promise<number> {
  const boss = scheduleBoss(db);
  const wanted = await db
    .select({ id: triggers.id })
    .from(triggers)
    .where(and(eq(triggers.event, 'schedule'), eq(triggers.enabled, true)));
  let n = 0;
  for (const t of wanted) {
    const name = scheduleQueue(t.id);
    if (!(await boss.getQueue(name))) continue;
    const jobs = (await boss.fetch(name, { batchSize: 20 })) ?? [];
    if (jobs.length === 0) continue;
    await db.transaction(async (tx) => {
      for (const job of jobs) {
        const event = { kind: 'schedule', depth: 0, data: { triggerId: t.id, firedAt: new Date().toISOString(), jobId: job.id } };
        await tx.insert(triggerEvents).values({ kind: 'schedule', depth: 0, payload: event });
      }
      // pg-boss 10's complete(name, ids, data, options): `options.db` only in the 4th place (the typings omit it for a list)
      const complete = boss.complete.bind(boss) as unknown as (
        n: string,
        ids: string[],
        data: null,
        o: { db: PgBoss.Db },
      ) => Promise<void>;
      await complete(
        name,
        jobs.map((j) => j.id),
        null,
        { db: txDb(tx) },
      );
    });
    n += jobs.length;
  }
  return n;
}
