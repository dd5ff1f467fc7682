/**
 * SQL of the recycle bin (docs/code-style.md "Server in layers": SQL lives in the repository): the `recycle_bin` rows and the
 * retention setting's row in `settings` (key RECYCLE_RETENTION_KEY, value a JSON number of days).
 */
import { and, asc, count, desc, eq, ilike, lt, or, type SQL } from 'drizzle-orm';
import { RECYCLE_RETENTION_KEY } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { recycleBin, settings, type RecycleBinRow } from '../../db/schema';

/** Filters of the bin's list: `type` exact, `pattern` an ILIKE pattern on the label or the deleter. */
export interface BinFilter {
  type?: string;
  pattern?: string;
}

function whereOf(f: BinFilter): SQL | undefined {
  return and(
    f.type ? eq(recycleBin.type, f.type) : undefined,
    f.pattern ? or(ilike(recycleBin.label, f.pattern), ilike(recycleBin.deletedByLabel, f.pattern)) : undefined,
  );
}

/** One page of the bin across types, by `deleted_at` (then type and id, for a stable order), and the total. */
export async function listBin(
  db: Executor,
  filter: BinFilter,
  opts: { ascending: boolean; limit: number; offset: number },
): Promise<{ rows: RecycleBinRow[]; total: number }> {
  const dir = opts.ascending ? asc : desc;
  const rows = await db
    .select()
    .from(recycleBin)
    .where(whereOf(filter))
    .orderBy(dir(recycleBin.deletedAt), asc(recycleBin.type), asc(recycleBin.targetId))
    .limit(opts.limit)
    .offset(opts.offset);
  const [row] = await db.select({ n: count() }).from(recycleBin).where(whereOf(filter));
  return { rows, total: row.n };
}

/** The bin's row of one object, locked until the transaction ends (restore and purge), or undefined. */
export async function lockBinEntry(tx: Executor, type: string, id: string): Promise<RecycleBinRow | undefined> {
  const [row] = await tx
    .select()
    .from(recycleBin)
    .where(and(eq(recycleBin.type, type), eq(recycleBin.targetId, id)))
    .for('update');
  return row;
}

/** Up to `limit` rows deleted before `cutoff`, oldest first (the retention purge). */
export async function binEntriesBefore(db: Executor, cutoff: Date, limit: number): Promise<RecycleBinRow[]> {
  return db.select().from(recycleBin).where(lt(recycleBin.deletedAt, cutoff)).orderBy(asc(recycleBin.deletedAt)).limit(limit);
}

/** The retention in days (0 = keep forever, also when the row is missing or not a whole number ≥ 0). */
export async function readRetentionDays(db: Executor): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, RECYCLE_RETENTION_KEY));
  const days = row?.value;
  return typeof days === 'number' && Number.isInteger(days) && days >= 0 ? days : 0;
}

/** Stores the retention (insert or update of its settings row). */
export async function writeRetentionDays(tx: Executor, days: number, actorId: string | null): Promise<void> {
  await tx
    .insert(settings)
    .values({ key: RECYCLE_RETENTION_KEY, value: days, updatedBy: actorId })
    .onConflictDoUpdate({ target: settings.key, set: { value: days, updatedBy: actorId, updatedAt: new Date() } });
}
