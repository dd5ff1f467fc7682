/**
 * An in-process cache of hot reads (the session of a cookie, an application by slug, a user's role
 * in it, an application's detail) so a signed-in GET need not touch the database at all
 * (bench/api-throughput.mjs: ≥ 50 % of bare Fastify's requests/s).
 *
 * Correctness rests on one generation counter:
 *  - every cached value remembers the generation it was read under (taken BEFORE the read, so a
 *    change that lands during the read makes the value stale at once);
 *  - `bump()` moves the generation: it is called (a) when this process finishes a mutating request,
 *    before the response leaves (db/cache-invalidation.ts: the client's next request cannot see an
 *    older value), and (b) when PostgreSQL/PGlite notifies channel `assay_cache` (migration 0004:
 *    triggers on the cached tables), which covers other API processes and shell commands;
 *  - a value is also dropped after `maxAgeMs` (default 10,000 ms) whatever happens, bounding any
 *    staleness if a notification is lost (e.g. while the listener reconnects).
 * Values are LRU-bounded (lru-cache) to `max` entries per namespace.
 */
import { LRUCache } from 'lru-cache';
import { ResultCache } from './result-cache';

interface Entry<V> {
  value: V;
  generation: number;
}

/** A namespace of cached reads (one per kind of read). Keys are strings; values must not be undefined. */
export interface CachedRead<V> {
  /**
   * The cached value of `key`, or `load()`'s (then cached). Concurrent misses of one key each load
   * (no coalescing: loads are single indexed queries).
   */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** The cached value of `key` when fresh, else undefined: no load, no await (a hot path's fast lane). */
  peek(key: string): V | undefined;
  /** Replaces a cached value in place (e.g. a session's refreshed `last_seen_at`); no-op when absent or stale. */
  patch(key: string, update: (value: V) => V): void;
  /** Drops one key. */
  delete(key: string): void;
}

/** The cache of one API process. */
export class ReadCache {
  private generation = 0;
  private readonly namespaces = new Map<string, { lru: LRUCache<string, Entry<unknown>>; read: CachedRead<unknown> }>();
  /** Cached reads served / loaded, for the benchmark and tests. */
  readonly stats = { hits: 0, misses: 0, bumps: 0 };

  /**
   * Analytics results (lib/result-cache.ts), invalidated by data versions rather than by this
   * cache's generation: a card's run is a POST, which must not flush the cached results.
   */
  readonly results: ResultCache<object>;

  constructor(private readonly opts: { maxAgeMs?: number; enabled?: boolean } = {}) {
    this.results = new ResultCache<object>({ sizeOf: estimatedBytes, enabled: opts.enabled });
  }

  /** Invalidates every cached value (cheap: moves a counter; stale entries are replaced lazily). */
  bump(): void {
    this.generation += 1;
    this.stats.bumps += 1;
  }

  /**
   * The namespace `name` (created on first use with at most `max` entries, default 10,000; the same
   * object afterwards, so modules can ask for it per request).
   */
  namespace<V>(name: string, max = 10_000): CachedRead<V> {
    const existing = this.namespaces.get(name);
    if (existing) return existing.read as CachedRead<V>;
    const lru = new LRUCache<string, Entry<V>>({ max, ttl: this.opts.maxAgeMs ?? 10_000, ttlAutopurge: false });
    const enabled = this.opts.enabled !== false;
    const read: CachedRead<V> = {
      get: async (key, load) => {
        if (!enabled) return load();
        const hit = lru.get(key);
        if (hit && hit.generation === this.generation) {
          this.stats.hits += 1;
          return hit.value;
        }
        this.stats.misses += 1;
        const generation = this.generation;
        const value = await load();
        if (generation === this.generation) lru.set(key, { value, generation });
        return value;
      },
      peek: (key) => {
        if (!enabled) return undefined;
        const hit = lru.get(key);
        if (hit && hit.generation === this.generation) {
          this.stats.hits += 1;
          return hit.value;
        }
        return undefined;
      },
      patch: (key, update) => {
        const hit = lru.get(key);
        if (hit && hit.generation === this.generation) lru.set(key, { value: update(hit.value), generation: hit.generation }, { noUpdateTTL: true });
      },
      delete: (key) => {
        lru.delete(key);
      },
    };
    this.namespaces.set(name, { lru: lru as unknown as LRUCache<string, Entry<unknown>>, read: read as CachedRead<unknown> });
    return read;
  }

  /** Drops every entry now (tests). */
  clear(): void {
    for (const ns of this.namespaces.values()) ns.lru.clear();
    this.bump();
    this.results.bumpAll();
  }
}

/**
 * A result's size in bytes, estimated without serialising it: 32 bytes a cell of its `rows`
 * (an array of arrays) and 4 KiB for the rest (columns, labels).
 */
function estimatedBytes(value: object): number {
  const rows = (value as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) return 4096;
  const width = Array.isArray(rows[0]) ? (rows[0] as unknown[]).length : 1;
  return 4096 + rows.length * width * 32;
}
