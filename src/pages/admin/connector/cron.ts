/**
 * A sync's schedule on the page: the next fire times of a cron expression in a time zone, computed
 * with cron-parser 4 (the library pg-boss schedules with, so the page and the server agree; the
 * server checks the expression again and answers its own `nextRuns`). Loaded with the sync form.
 */
import CronExpression from 'cron-parser/lib/expression';

/** Fire times the form shows. */
export const NEXT_FIRES = 5;

/**
 * The next `n` fire times of `cron` in `tz` after `from`, or null when the expression or the zone
 * is not valid (five fields: minute hour day-of-month month day-of-week; a sixth leading field is
 * seconds). An empty expression (no schedule) gives [].
 */
export function nextFires(cron: string, tz: string, n = NEXT_FIRES, from = new Date()): Date[] | null {
  const expr = cron.trim();
  if (!expr) return [];
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    const it = CronExpression.parse(expr, { tz, currentDate: from });
    const out: Date[] = [];
    for (let i = 0; i < n; i += 1) out.push(it.next().toDate());
    return out;
  } catch {
    return null;
  }
}

/** The browser's own time zone (a new sync's default), else UTC. */
export function localZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
