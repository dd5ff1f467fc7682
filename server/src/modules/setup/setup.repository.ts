/**
 * SQL of first-run setup.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Arbitrary constant key of the setup advisory lock. */
const SETUP_LOCK_KEY = 73_012_027;

/** Takes the transaction-scoped advisory lock that serialises concurrent setup attempts. */
export async function lockSetup(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK_KEY})`);
}
