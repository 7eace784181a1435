import { LRUCache } from 'lru-cache';

/**
 * A short-lived, per-process cache for reads that every visitor shares: opinion pages, feed
 * rankings, the sidebar cards (docs/decisions/014-voting.md). Each process keeps its own copy and
 * rebuilds it from the database, so nothing here is state another process would need; a value
 * is at most `ttlMs` old, counted from when its load began. Concurrent misses for one key share a
 * single load, so a burst of requests after expiry costs one query, not one per request.
 *
 * With `refreshesAhead`, a value read in the last fifth of its lifetime is loaded again in the
 * background while readers keep getting it, and the new one takes its place when it arrives: a
 * key read steadily never expires in front of its readers, so no request waits for a slow load
 * (a feed ranking takes ~50 ms on the embedded database). A delete or clear while such a load is
 * in flight discards it: it may have read what the delete was for.
 */
export type ReadCache<Value> = {
  get(key: string, load: () => Promise<Value>): Promise<Value>;
  /**
   * The live value for the key if its load has finished, else undefined (and nothing is loaded):
   * for a caller that can answer without waiting. Like `get`, a read in the last fifth of the
   * value's lifetime starts its refresh (refreshesAhead), with `load`.
   */
  peek(key: string, load: () => Promise<Value>): Value | undefined;
  /** Whether a live entry for the key is held (always false while caching is off). */
  has(key: string): boolean;
  delete(key: string): void;
  clear(): void;
};

type Entry<Value> = {
  loadedAt: number;
  expiresAt: number;
  value: Promise<Value>;
  /** The value once its load has finished (for peek). */
  arrived?: { value: Value };
  /** Whether a load to replace it is in flight (refreshesAhead). */
  isRefreshing: boolean;
};

export function createReadCache<Value>(options: {
  ttlMs: number;
  /**
   * Entries held at most; beyond it the least recently read goes. Keys come from requests (a
   * slug, a cursor's time), so this bounds what a client sending new ones can make it hold
   * (docs/decisions/037-memory-bounds-and-fuzzing.md); an expired entry stays until then.
   */
  maxEntries: number;
  refreshesAhead?: boolean;
}): ReadCache<Value> {
  const entries = new LRUCache<string, Entry<Value>>({ max: options.maxEntries });
  const refreshAfterMs = options.ttlMs - options.ttlMs / 5;

  function store(key: string, entry: Entry<Value>) {
    entries.set(key, entry);
  }

  function refresh(key: string, stale: Entry<Value>, load: () => Promise<Value>, now: number) {
    stale.isRefreshing = true;
    load().then(
      (value) => {
        // Deleted, replaced or expired meanwhile: what it read may be what the delete was for.
        if (entries.peek(key) !== stale) return;
        const fresh = { loadedAt: now, expiresAt: now + options.ttlMs, isRefreshing: false };
        store(key, { ...fresh, value: Promise.resolve(value), arrived: { value } });
      },
      // The stale value stays until it expires; the next read tries again.
      () => (stale.isRefreshing = false),
    );
  }

  /** The live entry for the key, starting its refresh when it is due. */
  function liveEntry(key: string, load: () => Promise<Value>, now: number) {
    const hit = entries.get(key);
    if (!hit || hit.expiresAt <= now) return undefined;
    if (options.refreshesAhead && !hit.isRefreshing && now - hit.loadedAt >= refreshAfterMs) {
      refresh(key, hit, load, now);
    }
    return hit;
  }

  return {
    get(key, load) {
      if (options.ttlMs <= 0) return load();
      const now = Date.now();
      const hit = liveEntry(key, load, now);
      if (hit) return hit.value;
      const entry: Entry<Value> = {
        loadedAt: now,
        expiresAt: now + options.ttlMs,
        value: load(),
        isRefreshing: false,
      };
      store(key, entry);
      entry.value.then(
        (value) => (entry.arrived = { value }),
        // A failed load is not remembered: the next request tries again.
        () => {
          if (entries.peek(key) === entry) entries.delete(key);
        },
      );
      return entry.value;
    },
    peek(key, load) {
      if (options.ttlMs <= 0) return undefined;
      return liveEntry(key, load, Date.now())?.arrived?.value;
    },
    has(key) {
      const hit = entries.peek(key);
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
