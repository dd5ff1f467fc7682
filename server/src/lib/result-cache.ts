/**
 * A cache of analytics results (docs/queries.md "Result cache"): a dashboard's cards, opened by
 * many viewers and refreshed on a timer, run the same statements over data that has not changed.
 *
 * An entry is the result of one statement (its SQL text and parameters, which hold everything the
 * rows depend on but the data: the definition, the shared filters, the time zone, the row cap) and
 * the data versions it was read under:
 *  - each table a result reads (the subjects' `rec_…` tables, `record_links`) has a version,
 *    moved by `bumpTable(name)` when PostgreSQL/PGlite notifies channel `assay_rows` (migration
 *    0024: a statement-level trigger on every subject table and on record_links, created with the
 *    table by subjects/ddl.ts) — one notification per writing statement, at commit;
 *  - one epoch covers everything else a result depends on (subject definitions and which import
 *    batches are running, users' names, memberships: the tables of channel `assay_cache`, whose
 *    notifications call `bumpAll()`), and on PostgreSQL every audited request this process
 *    answers, before its response leaves (db/cache-invalidation.ts), so a user who has just
 *    written never reads an older result while the notification is on its way;
 *  - versions are taken BEFORE the statement runs, so a write that lands meanwhile makes the new
 *    entry stale at once.
 * Entries live at most `maxAgeMs` (default 600,000 ms: a notification lost while the listener
 * reconnects, which bumps the epoch anyway, costs at most that), are LRU-bounded by their size
 * (default 64 MiB in all; a result over an eighth of it is not kept), and concurrent misses of one
 * key share one run (the statement runs once for ten viewers opening the same dashboard).
 */
import { LRUCache } from 'lru-cache';

interface Entry<V> {
  value: V;
  epoch: number;
  tables: string[];
  versions: number[];
}

/** The data versions a result is read under. */
export interface Snapshot {
  epoch: number;
  tables: string[];
  versions: number[];
}

export class ResultCache<V extends object> {
  private epoch = 0;
  private readonly versions = new Map<string, number>();
  private readonly lru: LRUCache<string, Entry<V>>;
  private readonly inflight = new Map<string, { promise: Promise<V>; snap: Snapshot }>();
  /** Results served from the cache / run, for tests and the benchmark. */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly opts: {
      /** bytes of all entries together (estimated by `sizeOf`) */
      maxBytes?: number;
      maxAgeMs?: number;
      /** an entry's estimated size in bytes */
      sizeOf: (value: V) => number;
      enabled?: boolean;
    },
  ) {
    const maxSize = opts.maxBytes ?? 64 * 1024 * 1024;
    this.lru = new LRUCache<string, Entry<V>>({
      maxSize,
      maxEntrySize: Math.floor(maxSize / 8),
      sizeCalculation: (e) => Math.max(1, this.opts.sizeOf(e.value)),
      ttl: opts.maxAgeMs ?? 600_000,
    });
  }

  /** Everything cached so far is stale. */
  bumpAll(): void {
    this.epoch += 1;
  }

  /** Results that read `table` are stale. */
  bumpTable(table: string): void {
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
  }

  /** The versions of `tables` now. */
  snapshot(tables: string[]): Snapshot {
    return { epoch: this.epoch, tables, versions: tables.map((t) => this.versions.get(t) ?? 0) };
  }

  private fresh(e: { epoch: number; tables: string[]; versions: number[] }): boolean {
    return e.epoch === this.epoch && e.tables.every((t, i) => (this.versions.get(t) ?? 0) === e.versions[i]);
  }

  /**
   * The cached value of `key` when it was read under the current versions of `tables`; otherwise
   * `run()`'s (then kept). A run of the same key already under way is shared while no write has
   * landed since it started. `hit` says whether this call ran the statement. Errors of `run` are
   * not kept (each waiting caller gets it).
   */
  async get(key: string, tables: string[], run: () => Promise<V>): Promise<{ value: V; hit: boolean }> {
    if (this.opts.enabled === false) return { value: await run(), hit: false };
    const cached = this.lru.get(key);
    if (cached && this.fresh(cached)) {
      this.stats.hits += 1;
      return { value: cached.value, hit: true };
    }
    const pending = this.inflight.get(key);
    if (pending && this.fresh(pending.snap)) {
      this.stats.hits += 1;
      return { value: await pending.promise, hit: true };
    }
    this.stats.misses += 1;
    const snap = this.snapshot(tables);
    const promise = run();
    const mine = { promise, snap };
    this.inflight.set(key, mine);
    try {
      const value = await promise;
      if (this.fresh(snap)) this.lru.set(key, { value, ...snap });
      return { value, hit: false };
    } finally {
      if (this.inflight.get(key) === mine) this.inflight.delete(key);
    }
  }
}
