import { LRUCache } from 'lru-cache';
import { listenForChanges, type Change } from './cache-changes.ts';

/**
 * A short-lived, per-process cache for reads that every visitor shares: opinion pages, feed
 * rankings, the sidebar cards (docs/decisions/014-voting.md). Each process keeps its own copy and
 * rebuilds it from the database, so nothing here is state another process would need; a value
 * is at most `ttlMs` old, counted from when its load began. Concurrent misses for one key share a
 * single load, so a burst of requests after expiry costs one query, not one per request.
 * (Values were once refreshed ahead of expiry; re-measured, that gained nothing beyond the noise
 * and was retired: docs/decisions/023-performance-machinery.md#batching.)
 */
export type ReadCache<Value> = {
  get(key: string, load: () => Promise<Value>): Promise<Value>;
  /**
   * The live value for the key if its load has finished, else undefined (and nothing is loaded):
   * for a caller that can answer without waiting.
   */
  peek(key: string): Value | undefined;
  /** Whether a live entry for the key is held (always false while caching is off). */
  has(key: string): boolean;
  delete(key: string): void;
  /**
   * Deletes every entry whose value `shows` says holds what changed, and every entry whose value
   * is still being loaded, first or again: that load may have read it before the change.
   */
  deleteWhere(shows: (value: Value) => boolean): void;
  /**
   * Lets every entry whose value `shows` says holds what changed, and every entry still being
   * loaded, live until `at` at most: for a change a value may lag behind for a while (a vote).
   */
  expireWhere(shows: (value: Value) => boolean, at: number): void;
  clear(): void;
};

/** Milliseconds since the epoch, as `Date.now()` tells them: what a cache measures ages with. */
export type Clock = () => number;

type Entry<Value> = {
  /** When its load began. */
  loadedAt: number;
  expiresAt: number;
  /** The latest time expireWhere allowed it while it was loading. */
  deadline?: number;
  value: Promise<Value>;
  /** The value once its load has finished (for peek). */
  arrived?: { value: Value };
};

export function createReadCache<Value>(options: {
  ttlMs: number;
  /**
   * Entries held at most; beyond it the least recently read goes. Keys come from requests (a
   * slug, a cursor's time), so this bounds what a client sending new ones can make it hold
   * (docs/decisions/037-memory-bounds-and-fuzzing.md); an expired entry stays until then.
   */
  maxEntries: number;
  /**
   * A bound on what the values hold together, for values whose size varies a thousandfold (a
   * rendered page): `sizeOf` measures a value once it arrives (in any unit, the same as `max`),
   * and beyond `max` the least recently read go, so that a client sending new keys cannot make
   * the cache hold `maxEntries` of its largest values (docs/decisions/037).
   */
  maxSize?: { max: number; sizeOf: (value: Value) => number };
  /** Date.now unless a test sets the time. */
  clock?: Clock;
  /**
   * When a value that arrived expires, if not `ttlMs` after its load began: for values that can
   * say themselves how long they stay true (an opinion's page, kept until it changes).
   */
  expiresAt?: (value: Value, loadedAt: number) => number;
}): ReadCache<Value> {
  const clock = options.clock ?? Date.now;
  const entries = new LRUCache<string, Entry<Value>>({
    max: options.maxEntries,
    // A value still loading counts 1 until it arrives and is measured.
    ...(options.maxSize ? { maxSize: options.maxSize.max, sizeCalculation: () => 1 } : {}),
  });

  /** The entry for the key while it lives. */
  function liveEntry(key: string, now: number) {
    const hit = entries.get(key);
    return hit && hit.expiresAt > now ? hit : undefined;
  }

  return {
    get(key, load) {
      if (options.ttlMs <= 0) return load();
      const now = clock();
      const hit = liveEntry(key, now);
      if (hit) return hit.value;
      const entry: Entry<Value> = { loadedAt: now, expiresAt: now + options.ttlMs, value: load() };
      entries.set(key, entry);
      entry.value.then(
        (value) => {
          entry.arrived = { value };
          if (options.maxSize && entries.peek(key) === entry) {
            // Put back with its size (lru-cache measures a value when it is set, and setting the
            // same value again keeps its old size): beyond the bound the least recently read go,
            // and a value larger than the bound alone is not kept.
            entries.delete(key);
            entries.set(key, entry, { size: Math.max(1, options.maxSize.sizeOf(value)) });
          }
          if (options.expiresAt) {
            entry.expiresAt = Math.min(
              options.expiresAt(value, entry.loadedAt),
              entry.deadline ?? Infinity,
            );
          }
        },
        // A failed load is not remembered: the next request tries again.
        () => {
          if (entries.peek(key) === entry) entries.delete(key);
        },
      );
      return entry.value;
    },
    peek(key) {
      if (options.ttlMs <= 0) return undefined;
      return liveEntry(key, clock())?.arrived?.value;
    },
    has(key) {
      const hit = entries.peek(key);
      return hit !== undefined && hit.expiresAt > clock();
    },
    delete(key) {
      entries.delete(key);
    },
    deleteWhere(shows) {
      const stale: string[] = [];
      entries.forEach((entry, key) => {
        if (!entry.arrived || shows(entry.arrived.value)) stale.push(key);
      });
      for (const key of stale) entries.delete(key);
    },
    expireWhere(shows, at) {
      entries.forEach((entry) => {
        if (!entry.arrived) entry.deadline = Math.min(entry.deadline ?? Infinity, at);
        if (!entry.arrived || shows(entry.arrived.value)) {
          entry.expiresAt = Math.min(entry.expiresAt, at);
        }
      });
    },
    clear() {
      entries.clear();
    },
  };
}

type ReadCacheSettings = { ttlMs: number; clock: Clock };

const settingsByDatabase = new WeakMap<object, Partial<ReadCacheSettings>>();

/** Turns the shared-read caches of this database handle on (ttlMs > 0) or off; buildApp calls it. */
export function setReadCacheTtl(db: object, ttlMs: number) {
  settingsByDatabase.set(db, { ...settingsByDatabase.get(db), ttlMs });
}

/** Sets the clock the shared-read caches of this database handle measure ages with (tests). */
export function setReadCacheClock(db: object, clock: Clock) {
  settingsByDatabase.set(db, { ...settingsByDatabase.get(db), clock });
}

/**
 * One set of caches per database handle, created on first use with the handle's TTL (0, no
 * caching, unless the app turned it on) and clock: a test app, the CLI and the server never share
 * entries. `onChange` drops what the set holds of a change announced on the handle, by this
 * process or, on a PostgreSQL server, by another (announceChange, docs/decisions/062); when
 * changes may have gone unheard, the whole set is replaced by an empty one.
 */
export function cachesPerDatabase<Caches>(
  create: (ttlMs: number, clock: Clock) => Caches,
  options: { onChange?: (caches: Caches, change: Change) => void } = {},
) {
  const byDatabase = new WeakMap<object, Caches>();
  function createFor(db: object): Caches {
    const settings = settingsByDatabase.get(db);
    const caches = create(settings?.ttlMs ?? 0, settings?.clock ?? Date.now);
    byDatabase.set(db, caches);
    return caches;
  }
  return (db: object): Caches => {
    const held = byDatabase.get(db);
    if (held) return held;
    const caches = createFor(db);
    listenForChanges(db, {
      changed: (change) => options.onChange?.(byDatabase.get(db)!, change),
      missed: () => void createFor(db),
    });
    return caches;
  };
}
