/**
 * A short-lived, per-process cache for reads that every visitor shares: opinion pages, feed
 * rankings, the sidebar cards (docs/decisions/014-voting.md). Each process keeps its own copy and
 * rebuilds it from the database, so nothing here is state another process would need; a value
 * is at most `ttlMs` old. Concurrent misses for one key share a single load, so a burst of
 * requests after expiry costs one query, not one per request.
 */
export type ReadCache<Value> = {
  get(key: string, load: () => Promise<Value>): Promise<Value>;
  /** Whether a live entry for the key is held (always false while caching is off). */
  has(key: string): boolean;
  delete(key: string): void;
  clear(): void;
};

type Entry<Value> = { expiresAt: number; value: Promise<Value> };

export function createReadCache<Value>(options: {
  ttlMs: number;
  maxEntries: number;
}): ReadCache<Value> {
  const entries = new Map<string, Entry<Value>>();
  return {
    get(key, load) {
      if (options.ttlMs <= 0) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      const entry: Entry<Value> = { expiresAt: now + options.ttlMs, value: load() };
      entries.delete(key);
      entries.set(key, entry);
      // A failed load is not remembered: the next request tries again.
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      // Maps iterate in insertion order, so the first key is the oldest entry.
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
      return entry.value;
    },
    has(key) {
      const hit = entries.get(key);
      return hit !== undefined && hit.expiresAt > Date.now();
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}

const ttlByDatabase = new WeakMap<object, number>();

/** Turns the shared-read caches of this database handle on (ttlMs > 0) or off; buildApp calls it. */
export function setReadCacheTtl(db: object, ttlMs: number) {
  ttlByDatabase.set(db, ttlMs);
}

/**
 * One set of caches per database handle, created on first use with the handle's TTL (0, no
 * caching, unless the app turned it on): a test app, the CLI and the server never share entries.
 */
export function cachesPerDatabase<Caches>(create: (ttlMs: number) => Caches) {
  const byDatabase = new WeakMap<object, Caches>();
  return (db: object): Caches => {
    let caches = byDatabase.get(db);
    if (!caches) {
      caches = create(ttlByDatabase.get(db) ?? 0);
      byDatabase.set(db, caches);
    }
    return caches;
  };
}
