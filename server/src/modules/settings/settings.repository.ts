/** SQL of the system settings (one row per key: `settings`). */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { settings } from '../../db/schema';

/** Every stored setting row (key, JSON value, when and by whom it was last written). */
export async function readSettingRows(db: Executor): Promise<{ key: string; value: unknown; updatedAt: Date }[]> {
  return db.select({ key: settings.key, value: settings.value, updatedAt: settings.updatedAt }).from(settings);
}

/**
 * Takes a transaction-scoped advisory lock on the settings (two administrators saving at once are
 * serialised, so the version check and the write cannot interleave).
 */
export async function lockSettings(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('assay.settings'))`);
}

/** Inserts or replaces one setting. */
export async function upsertSetting(db: Executor, key: string, value: unknown, by: string | null, at: Date): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: at, updatedBy: by })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: at, updatedBy: by } });
}
