/**
 * The resource kit's repository factory (docs/resource-kit.md "Server"): the SQL of a plain CRUD
 * resource over its drizzle table, driven by its definition (contracts/resource.ts).
 *
 * The table has `id` (uuid), `created_at`, `updated_at`, one column per stored field named as the
 * field, and — by the definition — `deleted_at`/`deleted_by` (recycle bin) and `version`
 * (optimistic versions). Fields that are not columns (links kept in another table) are the
 * module's: it reads them through `extras` (SQL expressions selected beside the row) and filters
 * on them through `filters`.
 *
 * Reads leave out soft-deleted rows. Text sorts compare `lower(…)` (the same order on PGlite's C
 * collation and PostgreSQL's locale ones), nulls last, then the default sort field, then id.
 */
import { and, asc, count, eq, ilike, isNull, ne, or, sql, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { filterableFields, searchableFields, type ResourceDef, type ResourceFilterQuery, type ResourceListQuery } from '../../../../contracts/resource';
import type { Executor } from '../../db/client';
import { likePattern, offsetOf } from '../../lib/paging';
import { afterCursor, cursorText, decodeCursor, encodeCursor, keyTypeOf, orderSql, type OrderKey } from './keyset';

/** A table the kit can drive: `id`, `createdAt`, `updatedAt` and the field columns. */
export type ResourceTable = PgTable & { id: PgColumn; createdAt: PgColumn; updatedAt: PgColumn };

/** A row with the module's extra selections (e.g. linked applications as JSON). */
export interface RowWith<Row, Extras> {
  row: Row;
  extras: Extras;
}

/** What a module adds to the generated SQL. */
export interface RepositoryOptions<Extras extends Record<string, unknown>> {
  /** SQL selected beside each row (its value parsed by `parseExtras`): links, counts… */
  extras?: { [K in keyof Extras]: SQL };
  /** Turns the extras as the driver answers them (JSON may arrive as text) into their values. */
  parseExtras?: (raw: Record<string, unknown>) => Extras;
  /**
   * Filters on what is not a column: query parameter → condition (the parameter's value is parsed
   * already). A parameter the definition does not declare (resourceSchemas' `query` option) is
   * applied too when the query has it.
   */
  filters?: Record<string, (value: unknown) => SQL | undefined>;
  /** Sort expressions that differ from the default (`lower(col)` for text, the column otherwise). */
  sortColumns?: Record<string, SQL>;
}

/** The SQL of one resource (every read skips deleted rows unless it says otherwise). */
export interface ResourceRepository<Row, Extras> {
  /** One page (`current`/`pageSize`) of the rows matching the query's `q` and filters, in its sort, with the total. */
  list(db: Executor, query: ResourceListQuery): Promise<{ rows: RowWith<Row, Extras>[]; total: number }>;
  /**
   * Keyset paging (`paging: 'cursor'`, keyset.ts): the `pageSize` rows after the query's `cursor`
   * matching its `q` and filters, in its sort, and the cursor of the next page (null on the last).
   * @throws HttpError 400 naming `cursor` for a tampered cursor or one of another sort.
   */
  listByCursor(db: Executor, query: ResourceListQuery): Promise<{ rows: RowWith<Row, Extras>[]; nextCursor: string | null }>;
  /** How many rows match the query's `q` and filters. */
  count(db: Executor, query: ResourceFilterQuery): Promise<number>;
  /** The matching rows in sort order, in batches of `batch`, at most `max` in all (the export). */
  batches(db: Executor, query: ResourceFilterQuery, max: number, batch?: number): AsyncGenerator<RowWith<Row, Extras>[]>;
  /** The live row `id` with its extras, or undefined. */
  find(db: Executor, id: string): Promise<RowWith<Row, Extras> | undefined>;
  /** Locks the row until the transaction ends (deleted ones too when `withDeleted`). */
  lock(db: Executor, id: string, withDeleted?: boolean): Promise<Row | undefined>;
  /**
   * True when a live row other than `exceptId` has `value` in `field` (`ci`: ignoring case) and,
   * for a field `uniqueWithin` a scope, the same `within` values (null matches null).
   */
  taken(db: Executor, field: string, value: unknown, exceptId?: string, within?: Record<string, unknown>): Promise<boolean>;
  /** Inserts a row. @throws 23505 on a unique clash. */
  insert(db: Executor, values: Record<string, unknown>): Promise<Row>;
  /** Updates columns, `updated_at` (and bumps `version`). @throws 23505 on a unique clash. */
  update(db: Executor, id: string, changes: Record<string, unknown>): Promise<Row>;
  /** Sets or clears the soft-delete mark. */
  markDeleted(db: Executor, id: string, actorId: string | null, deleted: boolean): Promise<void>;
  /** Deletes the row for good (relations cascade). */
  purge(db: Executor, id: string): Promise<void>;
  /** The table's columns by field name. */
  columns: Record<string, PgColumn>;
}

/**
 * Builds the repository of `def` over `table`.
 * @param options extras, non-column filters and sort expressions of the module.
 */
export function createResourceRepository<T extends ResourceTable, Extras extends Record<string, unknown> = Record<string, never>>(
  def: ResourceDef,
  table: T,
  options: RepositoryOptions<Extras> = {},
): ResourceRepository<T['$inferSelect'], Extras> {
  type Row = T['$inferSelect'];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const soft = def.deletion.mode === 'recycle';
  const deletedAt = columns.deletedAt;
  if (soft && !deletedAt) throw new Error(`${def.name}: a recycle-bin resource needs deletedAt/deletedBy columns`);
  if (def.versioned && !columns.version) throw new Error(`${def.name}: a versioned resource needs a version column`);
  const live = () => (soft ? isNull(deletedAt) : undefined);
  const searchable = searchableFields(def).map((f) => columns[f]);
  const filters = filterableFields(def);
  const extraSql = options.extras ?? ({} as { [K in keyof Extras]: SQL });
  const parse = options.parseExtras ?? ((raw: Record<string, unknown>) => raw as Extras);
  const isText = (field: string) => ['text', 'longText', 'email', 'url', 'phone'].includes(def.fields[field]?.kind ?? '');

  const sortExpr = (field: string): SQL => {
    const own = options.sortColumns?.[field];
    if (own) return own;
    const col = columns[field];
    if (!col) throw new Error(`${def.name}: no column to sort ${field} by`);
    return isText(field) ? sql`lower(${col})` : sql`${col}`;
  };
  const [defaultField, defaultDir] = def.defaultSort.split(':');

  function whereOf(query: ResourceFilterQuery): SQL | undefined {
    const pattern = likePattern(typeof query.q === 'string' ? query.q : undefined);
    const conds: (SQL | undefined)[] = [live()];
    if (pattern && searchable.length > 0) conds.push(or(...searchable.map((c) => ilike(c, pattern))));
    for (const { field, param, mode } of filters) {
      const value = query[param];
      if (value === undefined || value === '' || value === null) continue;
      const own = options.filters?.[param];
      if (own) {
        conds.push(own(value));
        continue;
      }
      const col = columns[field];
      if (!col) throw new Error(`${def.name}: filter ${param} has no column; give options.filters.${param}`);
      if (mode === 'ieq') conds.push(sql`lower(${col}) = lower(${String(value)})`);
      else if (mode === 'has') conds.push(sql`${value} = any(${col})`);
      else conds.push(eq(col, value));
    }
    const declared = new Set(filters.map((f) => f.param));
    for (const [param, own] of Object.entries(options.filters ?? {})) {
      const value = query[param];
      if (!declared.has(param) && value !== undefined && value !== '' && value !== null) conds.push(own(value));
    }
    return and(...conds);
  }

  function orderOf(sort: ResourceListQuery['sort']): SQL[] {
    const s = sort ?? { field: defaultField, desc: defaultDir === 'desc' };
    const expr = sortExpr(s.field);
    return [s.desc ? sql`${expr} desc nulls last` : sql`${expr} asc nulls last`, asc(sortExpr(defaultField)), asc(table.id)];
  }

  /** The keys of the order (the sort, the default sort, the id) and the sort's signature, for keyset paging. */
  function keysOf(sort: ResourceListQuery['sort']): { keys: OrderKey[]; signature: string } {
    const s = sort ?? { field: defaultField, desc: defaultDir === 'desc' };
    const typeOf = (field: string) => keyTypeOf(def.fields[field]?.kind ?? 'system');
    const keys: OrderKey[] = [{ expr: sortExpr(s.field), desc: s.desc, type: typeOf(s.field) }];
    if (s.field !== defaultField) keys.push({ expr: sortExpr(defaultField), desc: false, type: typeOf(defaultField) });
    keys.push({ expr: sql`${table.id}`, desc: false, type: 'uuid' });
    return { keys, signature: `${s.field}:${s.desc ? 'desc' : 'asc'}` };
  }

  const selection = () => ({ row: table, ...(extraSql as Record<string, SQL>) });
  const split = (r: Record<string, unknown>): RowWith<Row, Extras> => {
    const { row, ...raw } = r;
    return { row: row as Row, extras: parse(raw) };
  };

  async function slice(db: Executor, query: ResourceFilterQuery, limit: number, offset: number) {
    const where = whereOf(query);
    const rows = await db
      .select(selection())
      .from(table as PgTable)
      .where(where)
      .orderBy(...orderOf(query.sort))
      .limit(limit)
      .offset(offset);
    const [{ n }] = await db.select({ n: count() }).from(table as PgTable).where(where);
    return { rows: rows.map((r) => split(r as Record<string, unknown>)), total: n };
  }

  return {
    columns,
    list: (db, query) => slice(db, query, query.pageSize, offsetOf(query)),
    async listByCursor(db, query) {
      const { keys, signature } = keysOf(query.sort);
      const after = query.cursor ? afterCursor(keys, decodeCursor(query.cursor, signature, keys)) : undefined;
      const keyColumns = Object.fromEntries(keys.map((k, i) => [`__key${i}`, cursorText(k)]));
      const found = (await db
        .select({ ...selection(), ...keyColumns })
        .from(table as PgTable)
        .where(and(whereOf(query), after))
        .orderBy(...orderSql(keys))
        .limit(query.pageSize + 1)) as Record<string, unknown>[];
      const rows = found.slice(0, query.pageSize);
      const last = rows[rows.length - 1];
      const nextCursor = found.length > query.pageSize && last ? encodeCursor(signature, keys.map((_, i) => (last[`__key${i}`] as string | null) ?? null)) : null;
      return {
        rows: rows.map((r) => split(Object.fromEntries(Object.entries(r).filter(([k]) => !k.startsWith('__key'))))),
        nextCursor,
      };
    },
    async count(db, query) {
      const [{ n }] = await db.select({ n: count() }).from(table as PgTable).where(whereOf(query));
      return n;
    },
    async *batches(db, query, max, batch = 2000) {
      for (let offset = 0; offset < max; offset += batch) {
        const size = Math.min(batch, max - offset);
        const { rows } = await slice(db, query, size, offset);
        if (rows.length === 0) return;
        yield rows;
        if (rows.length < size) return;
      }
    },
    async find(db, id) {
      const [r] = await db
        .select(selection())
        .from(table as PgTable)
        .where(and(eq(table.id, id), live()))
        .limit(1);
      return r && split(r as Record<string, unknown>);
    },
    async lock(db, id, withDeleted = false) {
      const [row] = await db
        .select()
        .from(table as PgTable)
        .where(and(eq(table.id, id), withDeleted ? undefined : live()))
        .for('update');
      return row as Row | undefined;
    },
    async taken(db, field, value, exceptId, within = {}) {
      const col = columns[field];
      const same = def.fields[field]?.unique === 'ci' ? sql`lower(${col}) = lower(${String(value)})` : eq(col, value);
      const scope = (def.fields[field]?.uniqueWithin ?? []).map((w) => (within[w] == null ? isNull(columns[w]) : eq(columns[w], within[w])));
      const [row] = await db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(and(live(), same, ...scope, exceptId ? ne(table.id, exceptId) : undefined))
        .limit(1);
      return Boolean(row);
    },
    async insert(db, values) {
      const [row] = (await db.insert(table).values(values as T['$inferInsert']).returning()) as Row[];
      return row;
    },
    async update(db, id, changes) {
      const set: Record<string, unknown> = { ...changes, updatedAt: new Date() };
      if (def.versioned) set.version = sql`${columns.version} + 1`;
      const [row] = (await db
        .update(table)
        .set(set as never)
        .where(eq(table.id, id))
        .returning()) as Row[];
      return row;
    },
    async markDeleted(db, id, actorId, deleted) {
      const set = deleted ? { deletedAt: new Date(), deletedBy: actorId } : { deletedAt: null, deletedBy: null };
      await db
        .update(table)
        .set(set as never)
        .where(eq(table.id, id));
    },
    async purge(db, id) {
      await db.delete(table).where(eq(table.id, id));
    },
  };
}
