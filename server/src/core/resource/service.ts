/**
 * The resource kit's service factory (docs/resource-kit.md "Server"): the rules every plain CRUD
 * resource shares, driven by its definition (contracts/resource.ts) over its repository
 * (repository.ts):
 *  - unique fields among live rows (case-insensitively for `unique: 'ci'`): 409 CONFLICT naming
 *    the field with the definition's `messages.taken` (also when the database's unique index
 *    catches a race);
 *  - optimistic versions (`versioned`): an update carrying another `version` than the row's is
 *    refused with 409 STALE_VERSION, `conflict.current` = the row as it is; nothing written;
 *  - an update that changes nothing writes nothing and calls `audit.unchanged()`;
 *  - every write is audited in its transaction (`<audit>.create|update|delete`): create `after`
 *    the whole view, delete `before` the whole view, update before/after of the changed fields
 *    only (auditDiff, the mode the audit log's diff shows without noise);
 *  - delete goes to the recycle bin (soft mark + bin entry; restore refused with 409 while a live
 *    row holds a unique value) or deletes the row at once (`deletion.mode: 'hard'`); the bin's
 *    restore acts on rows in the bin only (so does its purge with `messages.notDeleted`), and a
 *    purge runs the purge steps other modules registered for the type (core/recycle.registry.ts)
 *    before the row goes.
 * What is special to a module goes through `ResourceHooks`.
 */
import { randomUUID } from 'node:crypto';
import type { CurrentUser, MessageKey } from '../../../../contracts';
import type { FieldDef, ResourceDef, ResourceListQuery } from '../../../../contracts/resource';
import type { Database, Executor } from '../../db/client';
import { HttpError, notFound } from '../../lib/http-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { changedKeys, type AuditWriter } from '../audit.writer';
import { moveToRecycleBin, registerRecyclable, runPurgeSteps } from '../recycle.registry';
import type { ResourceRepository, RowWith } from './repository';

/** A field kept outside the row (e.g. links in a join table): how the kit loads, checks and saves it. */
export interface RelationHooks {
  /** The current value as the audit log keeps it (e.g. the linked ids, sorted). */
  load(tx: Executor, id: string): Promise<unknown>;
  /** Checks a new value before it is saved. @throws HttpError 400 naming the field. */
  validate?(tx: Executor, value: unknown): Promise<void>;
  /** Replaces the value. */
  save(tx: Executor, id: string, value: unknown): Promise<void>;
}

/** What a module says about its resource beyond the definition. */
export interface ResourceHooks<Row, Extras, Read, Detail = Read> {
  /** Fields that are not columns of the table. */
  relations?: Record<string, RelationHooks>;
  /** The API shape of a row and its extras (default: readRecord). */
  toRead?(row: Row, extras: Extras): Read;
  /** The answer of a read, create or update when it carries more than a list row (a group's grants). */
  toDetail?(tx: Executor, read: Read): Promise<Detail>;
  /**
   * The columns of the values about to be written (create: every column field, update: the changed
   * ones), for a field stored otherwise than as sent (encrypted, split into two columns…). `id` is
   * the row's (chosen before the insert), `input` the parsed body, `before` the row on update.
   */
  toColumns?(values: Record<string, unknown>, ctx: { id: string; input: Record<string, unknown>; before?: Row }): Record<string, unknown>;
  /**
   * What the audit log and the recycle bin keep of a row's view, when some values must not be
   * recorded (a secret → '***'); changes are still detected on the unmasked view.
   */
  auditMask?(view: Record<string, unknown>, row: Row): Record<string, unknown>;
  /** Extra checks before a create is written (after the kit's own). */
  beforeCreate?(tx: Executor, input: Record<string, unknown>, actor: CurrentUser): Promise<void>;
  /** After a create is written, before its audit entry. */
  afterCreate?(tx: Executor, row: Row, input: Record<string, unknown>): Promise<void>;
  /** Extra checks before an update is written (`changes` = the changed fields only; `input` = the parsed body). */
  beforeUpdate?(tx: Executor, row: Row, changes: Record<string, unknown>, input: Record<string, unknown>): Promise<void>;
  /** After an update is written, before its audit entry. */
  afterUpdate?(tx: Executor, before: Row, after: Row, changed: string[]): Promise<void>;
  /** `details` of the update's audit entry. */
  updateDetails?(row: Row, input: Record<string, unknown>): Record<string, unknown> | undefined;
  /** `details` of the recycle-bin entry of a row being deleted (read before its soft-delete mark; `view` as the audit keeps it). */
  recycleDetails?(tx: Executor, row: Row, view: Record<string, unknown>): unknown;
}

/** The service of one resource (`Detail`: what a read, create or update answers; default the list row's shape). */
export interface ResourceService<Row, Extras, Read, Detail = Read> {
  list(db: Executor, query: ResourceListQuery): Promise<{ items: Read[]; total: number }>;
  /** Keyset paging (`paging: 'cursor'`): the page after `query.cursor` and the next page's cursor (null on the last). @throws 400 naming `cursor`. */
  listByCursor(db: Executor, query: ResourceListQuery): Promise<{ items: Read[]; nextCursor: string | null }>;
  /** @throws HttpError 404 (`messages.notFound`). */
  get(db: Executor, id: string): Promise<Detail>;
  /** @throws 409 CONFLICT naming a unique field; what the hooks throw. */
  create(db: Database, actor: CurrentUser, input: Record<string, unknown>, audit: AuditWriter): Promise<Detail>;
  /** @throws 404; 409 CONFLICT naming a unique field; 409 STALE_VERSION; what the hooks throw. */
  update(db: Database, id: string, input: Record<string, unknown>, audit: AuditWriter): Promise<Detail>;
  /** To the recycle bin or gone. @throws 404. */
  remove(db: Database, actor: CurrentUser, id: string, audit: AuditWriter): Promise<void>;
  /**
   * The recycle bin's restore (inside its transaction).
   * @throws 404; 409 `messages.notDeleted` (not in the bin); 409 CONFLICT `messages.restoreTaken` naming a unique field.
   */
  restore(tx: Executor, id: string): Promise<void>;
  /**
   * The recycle bin's purge (inside its transaction): the purge steps, then the row. With
   * `messages.notDeleted`, only a row in the bin (@throws 404; 409 `messages.notDeleted`).
   */
  purge(tx: Executor, id: string): Promise<void>;
  /** A row and its extras as the API shape. */
  toRead(r: RowWith<Row, Extras>): Read;
  /** What the audit log keeps of a row (masked by `auditMask`). */
  auditView(tx: Executor, row: Row): Promise<Record<string, unknown>>;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** A list item with every sub-field present (absent optional ones null). */
function fullItems(f: FieldDef, value: unknown): unknown {
  if (f.kind !== 'list') return value ?? null;
  const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  return items.map((item) => Object.fromEntries(Object.keys(f.of).map((k) => [k, item[k] ?? null])));
}

/**
 * The default API shape of a row: `id`, every field (a `readAs` reference from the extra of that
 * key, a list with every sub-field, others from the column or the extra of the field's name;
 * dates as ISO strings), `createdAt`, `updatedAt` (and `version`).
 */
export function readRecord(def: ResourceDef, row: Record<string, unknown>, extras: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { id: row.id };
  for (const [k, f] of Object.entries(def.fields)) {
    if (f.kind === 'reference' && f.readAs) out[f.readAs.key] = extras[f.readAs.key] ?? [];
    else out[k] = iso(fullItems(f, k in row ? row[k] : extras[k]));
  }
  out.createdAt = iso(row.createdAt);
  out.updatedAt = iso(row.updatedAt);
  if (def.versioned) out.version = row.version;
  return out;
}

/** before/after of the changed `keys` only: the one diff mode of audited updates. */
export function auditDiff(before: Record<string, unknown>, after: Record<string, unknown>, keys: readonly string[]) {
  return { before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])), after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])) };
}

/** A many-reference value as a set (sorted ids) for comparing and auditing. */
function normalize(f: FieldDef | undefined, value: unknown): unknown {
  if (f?.kind === 'reference' && f.many && Array.isArray(value)) return [...new Set(value as string[])].sort();
  return value;
}

/**
 * Builds the service of `def` over `repo`, and registers its recycle-bin handler (deletion mode
 * `recycle`) at once: call it at module load.
 */
export function createResourceService<Row extends { id: string }, Extras extends Record<string, unknown>, Read, Detail = Read>(
  def: ResourceDef,
  repo: ResourceRepository<Row, Extras>,
  hooks: ResourceHooks<Row, Extras, Read, Detail> = {},
): ResourceService<Row, Extras, Read, Detail> {
  const relations = hooks.relations ?? {};
  const uniqueFields = Object.keys(def.fields).filter((k) => def.fields[k].unique);
  const writable = Object.keys(def.fields).filter((k) => !def.fields[k].readOnly);
  const columnFields = writable.filter((k) => !relations[k]);
  for (const k of columnFields) if (!repo.columns[k]) throw new Error(`${def.name}.${k}: no column and no relation hooks`);
  const auditType = def.audit;
  const notFoundError = () => notFound(def.messages.notFound as MessageKey);
  const takenKey = (field: string) =>
    (typeof def.messages.taken === 'string' ? def.messages.taken : (def.messages.taken?.[field] ?? '')) as MessageKey;
  const taken = (field: string) => new HttpError(409, 'CONFLICT', takenKey(field), [{ field, messageKey: takenKey(field) }]);
  const raceTaken = (err: unknown) => (isUniqueViolation(err) && uniqueFields.length > 0 ? taken(uniqueFields[0]) : err);
  const toRead = (r: RowWith<Row, Extras>): Read =>
    hooks.toRead ? hooks.toRead(r.row, r.extras) : (readRecord(def, r.row as Record<string, unknown>, r.extras) as Read);
  const toColumns = (values: Record<string, unknown>, ctx: { id: string; input: Record<string, unknown>; before?: Row }) =>
    hooks.toColumns ? hooks.toColumns(values, ctx) : values;
  const masked = (view: Record<string, unknown>, row: Row) => (hooks.auditMask ? hooks.auditMask(view, row) : view);
  /** The scope values of a `uniqueWithin` field in `values`. */
  const scopeOf = (field: string, values: Record<string, unknown>) =>
    Object.fromEntries((def.fields[field].uniqueWithin ?? []).map((w) => [w, values[w] ?? null]));
  const notInBin = () =>
    def.messages.notDeleted ? new HttpError(409, 'CONFLICT', def.messages.notDeleted as MessageKey) : notFoundError();

  /** The writable fields of a row (relations loaded), unmasked: what changes are compared on. */
  async function auditView(tx: Executor, row: Row): Promise<Record<string, unknown>> {
    const view: Record<string, unknown> = {};
    for (const k of writable) {
      view[k] = relations[k] ? normalize(def.fields[k], await relations[k].load(tx, row.id)) : (row as Record<string, unknown>)[k];
    }
    return view;
  }

  async function current(tx: Executor, id: string): Promise<Detail> {
    const found = await repo.find(tx, id);
    if (!found) throw notFoundError();
    const read = toRead(found);
    return hooks.toDetail ? hooks.toDetail(tx, read) : (read as unknown as Detail);
  }

  /** A row in the bin, locked. @throws 404 when gone, `notInBin` when live. */
  async function binned(tx: Executor, id: string): Promise<Row> {
    const row = (await repo.lock(tx, id, true)) as (Row & { deletedAt?: Date | null }) | undefined;
    if (!row) throw notFoundError();
    if (!row.deletedAt) throw notInBin();
    return row;
  }

  const service: ResourceService<Row, Extras, Read, Detail> = {
    toRead,
    auditView: async (tx, row) => masked(await auditView(tx, row), row),
    async list(db, query) {
      const { rows, total } = await repo.list(db, query);
      return { items: rows.map(toRead), total };
    },
    async listByCursor(db, query) {
      const { rows, nextCursor } = await repo.listByCursor(db, query);
      return { items: rows.map(toRead), nextCursor };
    },
    get: current,
    async create(db, actor, input, audit) {
      try {
        return await db.transaction(async (tx) => {
          for (const f of uniqueFields) if (input[f] != null && (await repo.taken(tx, f, input[f], undefined, scopeOf(f, input)))) throw taken(f);
          for (const [k, rel] of Object.entries(relations)) if (input[k] !== undefined) await rel.validate?.(tx, normalize(def.fields[k], input[k]));
          await hooks.beforeCreate?.(tx, input, actor);
          const id = randomUUID();
          const values: Record<string, unknown> = { id, ...toColumns(Object.fromEntries(columnFields.map((k) => [k, input[k] ?? null])), { id, input }) };
          if (repo.columns.createdBy) values.createdBy = actor.id;
          const row = await repo.insert(tx, values);
          for (const [k, rel] of Object.entries(relations)) if (input[k] !== undefined) await rel.save(tx, row.id, normalize(def.fields[k], input[k]));
          await hooks.afterCreate?.(tx, row, input);
          if (auditType) {
            await audit.record(tx, { action: `${auditType}.create`, targetType: auditType, targetId: row.id, after: masked(await auditView(tx, row), row) });
          }
          return current(tx, row.id);
        });
      } catch (err) {
        throw raceTaken(err);
      }
    },
    async update(db, id, input, audit) {
      try {
        return await db.transaction(async (tx) => {
          const row = await repo.lock(tx, id);
          if (!row) throw notFoundError();
          if (def.versioned && input.version !== (row as Record<string, unknown>).version) {
            throw new HttpError(409, 'STALE_VERSION', 'errors.record.stale', undefined, { conflict: { current: await current(tx, id) } });
          }
          const before = await auditView(tx, row);
          const wanted = Object.fromEntries(writable.filter((k) => input[k] !== undefined).map((k) => [k, normalize(def.fields[k], input[k])]));
          const changed = changedKeys(before, wanted);
          if (changed.length === 0) {
            audit.unchanged();
            return current(tx, id);
          }
          const merged = { ...before, ...wanted };
          for (const f of uniqueFields) {
            const touched = changed.includes(f) || (def.fields[f].uniqueWithin ?? []).some((w) => changed.includes(w));
            if (touched && merged[f] != null && (await repo.taken(tx, f, merged[f], id, scopeOf(f, merged)))) throw taken(f);
          }
          const changes = Object.fromEntries(changed.map((k) => [k, wanted[k]]));
          for (const k of changed) await relations[k]?.validate?.(tx, wanted[k]);
          await hooks.beforeUpdate?.(tx, row, changes, input);
          for (const k of changed) await relations[k]?.save(tx, id, wanted[k]);
          const columnChanges = Object.fromEntries(changed.filter((k) => !relations[k]).map((k) => [k, wanted[k]]));
          const next = await repo.update(tx, id, toColumns(columnChanges, { id, input, before: row }));
          await hooks.afterUpdate?.(tx, row, next, changed);
          if (auditType) {
            const after = await auditView(tx, next);
            await audit.record(tx, {
              action: `${auditType}.update`,
              targetType: auditType,
              targetId: id,
              ...auditDiff(masked(before, row), masked(after, next), changed),
              details: hooks.updateDetails?.(next, input),
            });
          }
          return current(tx, id);
        });
      } catch (err) {
        throw raceTaken(err);
      }
    },
    async remove(db, actor, id, audit) {
      await db.transaction(async (tx) => {
        const row = await repo.lock(tx, id);
        if (!row) throw notFoundError();
        const view = masked(await auditView(tx, row), row);
        if (def.deletion.mode === 'recycle') {
          const details = await hooks.recycleDetails?.(tx, row, view);
          await repo.markDeleted(tx, id, actor.id, true);
          await moveToRecycleBin(tx, {
            type: def.deletion.type,
            id,
            label: def.deletion.label.map((f) => String((row as Record<string, unknown>)[f] ?? '')).join(' '),
            actorId: actor.id,
            actorLabel: actor.email,
            details,
          });
        } else {
          await repo.purge(tx, id);
        }
        if (auditType) {
          await audit.record(tx, {
            action: `${auditType}.delete`,
            targetType: auditType,
            targetId: id,
            before: view,
            after: null,
            details: def.deletion.mode === 'recycle' ? { recycleBin: true } : undefined,
          });
        }
      });
    },
    async restore(tx, id) {
      const row = (await binned(tx, id)) as Record<string, unknown>;
      const messageKey = (def.messages.restoreTaken ?? 'errors.recycleConflict') as MessageKey;
      for (const f of uniqueFields) {
        const value = row[f];
        if (value != null && (await repo.taken(tx, f, value, id, scopeOf(f, row)))) {
          throw new HttpError(409, 'CONFLICT', messageKey, [{ field: f, messageKey }], { params: { label: String(value) } });
        }
      }
      await repo.markDeleted(tx, id, null, false);
    },
    async purge(tx, id) {
      if (def.messages.notDeleted) await binned(tx, id);
      if (def.deletion.mode === 'recycle') await runPurgeSteps(tx, def.deletion.type, id);
      await repo.purge(tx, id);
    },
  };
  if (def.deletion.mode === 'recycle') registerRecyclable({ type: def.deletion.type, restore: service.restore, purge: service.purge });
  return service;
}
