/**
 * Staging a run's rows as an import batch (connectors.run.ts), in the imports' own tables and
 * shapes (modules/imports README "staged import batches"): the batch row, its rows one INSERT per
 * chunk with the cells as ONE jsonb parameter (as the imports' upload stages them), its status.
 * The imports' check and run then take the batch as any uploaded one (imports.service runImport).
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { importBatches, type ImportBatchRow } from '../../db/schema';

/** The pause before each staged chunk (ms): lets other requests in between (PGlite runs statements in this process). */
export const STAGE_PAUSE_MS = 5;
export const pause = () => new Promise<void>((resolve) => setTimeout(resolve, STAGE_PAUSE_MS));

/** Stages `rows` as row numbers `first`, `first + 1`… of batch `batchId` (one statement). */
export async function stageChunk(db: Executor, batchId: string, first: number, rows: string[][]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`insert into import_rows (batch_id, row_number, raw)
    select ${batchId}::uuid, ${first - 1} + x.n, x.raw from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as x(raw, n)`);
}

/** The batch row, or undefined. */
export async function batchRow(db: Executor, id: string): Promise<ImportBatchRow | undefined> {
  const [row] = await db.select().from(importBatches).where(eq(importBatches.id, id));
  return row;
}

/** Sets columns of the batch (updated_at moves on). */
export async function updateBatch(db: Executor, id: string, set: Partial<typeof importBatches.$inferInsert>): Promise<void> {
  await db
    .update(importBatches)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(importBatches.id, id));
}
