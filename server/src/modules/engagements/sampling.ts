/**
 * Samples of a procedure, drawn by the system and reproducible (docs/engagements-flow.md
 * "Sampling"). The population is the live record ids of a subject of the application matching an
 * optional records filter (the records module's filter compiler, records/filter.ts), ordered by id
 * and capped at SAMPLE_POPULATION_MAX. Selections:
 * - random (`xoshiro128**-fisher-yates/1`): a partial Fisher–Yates shuffle of the population's
 *   indexes driven by xoshiro128**, the first `size` positions taken;
 * - systematic (`xoshiro128**-systematic/1`): interval k = ⌊N / size⌋, a start drawn in [0, k),
 *   then every k-th record;
 * - judgmental (`judgmental/1`): the records the auditor names (each must be in the population).
 * The generator is seeded with the SHA-256 of the seed text (its first 16 bytes as four
 * little-endian 32-bit words; an all-zero state, impossible in practice, is replaced by a fixed
 * one). Integers below n are drawn by rejection (no modulo bias). The selected ids are answered in
 * population order. The seed is the caller's text or 128 random bits in hex.
 *
 * audit_samples keeps the population's ids, the filter, the generator's name and version, the seed
 * and the selected ids, so POST …/samples/:id/redraw (and anyone with the stored population)
 * draws the same ids again. A draw is audited `procedure.sample`; it also writes the procedure's
 * sample_size and selection fields (history).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  SAMPLE_GENERATORS,
  SAMPLE_POPULATION_MAX,
  type AuditSample,
  type CurrentUser,
  type SampleDrawInput,
  type SampleRedraw,
  type SampleSelection,
} from '../../../../contracts';
import type { AuditWriter } from '../../core/audit.writer';
import { rowsOf, type Database, type Executor } from '../../db/client';
import { auditSamples, type AuditSampleRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { isUuid } from '../../lib/uuid';
import { compileFilter } from '../records/filter';
import { displayValuesOf } from '../records/list';
import { tableOf } from '../records/records.service';
import { liveRows } from '../subjects/live-rows';
import { loadSubjectDef } from '../subjects/subject-def';
import { requireWorkingPhase } from './engagement-transitions';
import { requireModel } from './engagements.model-access';
import { requireRecord, writeManaged } from './flow-records';

// ---------------------------------------------------------------- the generator (pure)

/** The xoshiro128** state of a seed text: SHA-256, first 16 bytes as four little-endian uint32. */
export function seedState(seed: string): Uint32Array {
  const hash = createHash('sha256').update(seed, 'utf8').digest();
  const state = new Uint32Array([hash.readUInt32LE(0), hash.readUInt32LE(4), hash.readUInt32LE(8), hash.readUInt32LE(12)]);
  if (state.every((w) => w === 0)) state.set([0x9e3779b9, 0x243f6a88, 0xb7e15162, 0x6a09e667]);
  return state;
}

const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;

/**
 * xoshiro128** 1.1 (Blackman & Vigna, https://prng.di.unimi.it/xoshiro128starstar.c) over `state`
 * (mutated): each call answers the next uint32.
 */
export function xoshiro128ss(state: Uint32Array): () => number {
  const s = state;
  return () => {
    const result = (rotl(Math.imul(s[1], 5) >>> 0, 7) * 9) >>> 0;
    const t = (s[1] << 9) >>> 0;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 11);
    return result;
  };
}

/** A uniform integer in [0, n) from `next` (uint32s), by rejection: no modulo bias. n ≤ 2^32. */
export function randomBelow(next: () => number, n: number): number {
  const limit = 2 ** 32 - (2 ** 32 % n);
  for (;;) {
    const r = next();
    if (r < limit) return r % n;
  }
}

/** Random selection: the indexes of `size` of `n` items (partial Fisher–Yates), ascending. */
export function drawRandomIndexes(n: number, size: number, seed: string): number[] {
  const next = xoshiro128ss(seedState(seed));
  const idx = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < size; i += 1) {
    const j = i + randomBelow(next, n - i);
    [idx[i], idx[j]] = [idx[j], idx[i]];
  }
  return idx.slice(0, size).sort((a, b) => a - b);
}

/** Systematic selection: every k-th of `n` items (k = ⌊n / size⌋) from a seeded start in [0, k). */
export function drawSystematicIndexes(n: number, size: number, seed: string): number[] {
  const k = Math.floor(n / size);
  const start = randomBelow(xoshiro128ss(seedState(seed)), k);
  return Array.from({ length: size }, (_, i) => start + i * k);
}

/**
 * The ids the generator `generator` selects from `population` (size, seed); judgmental answers
 * `chosen` (in population order).
 * @throws Error for an unknown generator name.
 */
export function selectIds(generator: string, population: readonly string[], size: number, seed: string, chosen: readonly string[] = []): string[] {
  switch (generator) {
    case SAMPLE_GENERATORS.random:
      return drawRandomIndexes(population.length, size, seed).map((i) => population[i]);
    case SAMPLE_GENERATORS.systematic:
      return drawSystematicIndexes(population.length, size, seed).map((i) => population[i]);
    case SAMPLE_GENERATORS.judgmental: {
      const set = new Set(chosen);
      return population.filter((id) => set.has(id));
    }
    default:
      throw new Error(`unknown sample generator ${generator}`);
  }
}

// ---------------------------------------------------------------- the service

const invalid = (field: string, messageKey: 'errors.auditFlow.populationSubject' | 'errors.auditFlow.sampleTooLarge' | 'errors.auditFlow.recordIdsUnknown', n?: number) =>
  new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field, messageKey, ...(n !== undefined ? { params: { n } } : {}) }]);

/** A stored sample as the API answers it (the selected records named by the subject's display field). */
async function toSample(db: Executor, row: AuditSampleRow): Promise<AuditSample> {
  const subject = await loadSubjectDef(db, { id: row.populationSubjectId });
  const labels = subject ? await displayValuesOf(db, subject, row.selectedIds) : {};
  return {
    id: row.id,
    procedureId: row.procedureId,
    populationSubject: subject?.key ?? '',
    populationCount: row.populationIds.length,
    selection: row.selection as SampleSelection,
    generator: row.generator,
    seed: row.seed,
    size: row.size,
    selectedIds: row.selectedIds,
    selected: row.selectedIds.map((id) => ({ id, label: labels[id] ?? id })),
    drawnByLabel: row.drawnByLabel,
    drawnAt: row.drawnAt.toISOString(),
  };
}

/**
 * POST …/procedures/:id/sample (writers): draws a sample for the procedure (module comment) while
 * its engagement is in fieldwork or follow-up; stores it in audit_samples, writes the procedure's
 * sample_size and selection, audited `procedure.sample`.
 * @throws 400 naming populationSubject (no such subject), filter/filter.<key> (the records filter's
 *   errors), size (larger than the population: errors.auditFlow.sampleTooLarge {n}), recordIds
 *   (judgmental ids not in the population); 409 TRANSITION_REFUSED errors.auditFlow.notInFieldwork;
 *   404 errors.auditFlow.procedureNotFound; 403.
 */
export async function drawSample(
  db: Database,
  user: CurrentUser,
  slug: string,
  procedureId: string,
  input: SampleDrawInput,
  audit: AuditWriter,
): Promise<AuditSample> {
  const access = await requireModel(db, user, slug, 'write');
  return db.transaction(async (tx) => {
    const procedure = await requireRecord(tx, access, 'procedure', procedureId, 'errors.auditFlow.procedureNotFound', true);
    await requireWorkingPhase(tx, access, procedure.values.engagement);
    const subject = await loadSubjectDef(tx, { applicationId: access.app.id, key: input.populationSubject });
    if (!subject) throw invalid('populationSubject', 'errors.auditFlow.populationSubject');
    const where = input.filter ? sql`${liveRows(subject, 'r')} and ${compileFilter(subject, input.filter)}` : liveRows(subject, 'r');
    const population = rowsOf<{ id: string }>(
      await tx.execute(sql`select r.id from ${tableOf(subject, 'r')} where ${where} order by r.id limit ${SAMPLE_POPULATION_MAX}`),
    ).map((r) => r.id);
    const generator = SAMPLE_GENERATORS[input.selection];
    let seed = '';
    let selectedIds: string[];
    if (input.selection === 'judgmental') {
      const chosen = [...new Set(input.recordIds ?? [])];
      const inPopulation = new Set(population);
      if (chosen.some((id) => !inPopulation.has(id))) throw invalid('recordIds', 'errors.auditFlow.recordIdsUnknown');
      selectedIds = selectIds(generator, population, chosen.length, seed, chosen);
    } else {
      if (input.size > population.length) throw invalid('size', 'errors.auditFlow.sampleTooLarge', population.length);
      seed = input.seed ?? randomBytes(16).toString('hex');
      selectedIds = selectIds(generator, population, input.size, seed);
    }
    const [row] = await tx
      .insert(auditSamples)
      .values({
        applicationId: access.app.id,
        procedureId,
        populationSubjectId: subject.id,
        populationFilter: input.filter ?? null,
        populationIds: population,
        selection: input.selection,
        generator,
        seed,
        size: selectedIds.length,
        selectedIds,
        drawnBy: user.id,
        drawnByLabel: user.name,
        drawnAt: new Date(),
      })
      .returning();
    await writeManaged(tx, access, 'procedure', procedure, { sample_size: selectedIds.length, selection: input.selection }, user);
    await audit.record(tx, {
      action: 'procedure.sample',
      targetType: 'record',
      targetId: procedureId,
      after: { sampleId: row.id, selection: input.selection, generator, seed, size: selectedIds.length, populationCount: population.length },
      details: { application: slug, subject: access.subjects.procedure.key, populationSubject: subject.key },
    });
    return toSample(tx, row);
  });
}

/** GET …/procedures/:id/samples (members): the procedure's samples, newest first. @throws 404; 403. */
export async function listSamples(db: Database, user: CurrentUser, slug: string, procedureId: string, cache?: ReadCache): Promise<AuditSample[]> {
  const access = await requireModel(db, user, slug, 'read', cache);
  await requireRecord(db, access, 'procedure', procedureId, 'errors.auditFlow.procedureNotFound');
  const rows = await db
    .select()
    .from(auditSamples)
    .where(and(eq(auditSamples.applicationId, access.app.id), eq(auditSamples.procedureId, procedureId)))
    .orderBy(desc(auditSamples.drawnAt), desc(auditSamples.id));
  const out: AuditSample[] = [];
  for (const row of rows) out.push(await toSample(db, row));
  return out;
}

/**
 * POST …/samples/:sampleId/redraw (members; writes nothing): draws the sample again from its
 * stored population, generator and seed. @returns whether the ids match the stored ones, and the
 * ids drawn. @throws 404 errors.auditFlow.sampleNotFound; 403.
 */
export async function redrawSample(db: Database, user: CurrentUser, slug: string, sampleId: string, cache?: ReadCache): Promise<SampleRedraw> {
  const access = await requireModel(db, user, slug, 'read', cache);
  const [row] = isUuid(sampleId)
    ? await db
        .select()
        .from(auditSamples)
        .where(and(eq(auditSamples.id, sampleId), eq(auditSamples.applicationId, access.app.id)))
        .limit(1)
    : [];
  if (!row) throw notFound('errors.auditFlow.sampleNotFound');
  const selectedIds = selectIds(row.generator, row.populationIds, row.size, row.seed, row.selectedIds);
  return { matches: JSON.stringify(selectedIds) === JSON.stringify(row.selectedIds), selectedIds };
}
