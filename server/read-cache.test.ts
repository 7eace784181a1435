import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceChange, type Change } from './cache-changes.ts';
import {
  cachesPerDatabase,
  createReadCache,
  setReadCacheClock,
  setReadCacheTtl,
} from './read-cache.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** A load that finishes when the test says so, counting its calls. */
function manualLoader() {
  const loader = {
    loads: 0,
    finish: (_value: number) => {},
    load: () => {
      loader.loads++;
      return new Promise<number>((resolve) => (loader.finish = resolve));
    },
  };
  return loader;
}

describe('createReadCache', () => {
  it('keeps a value for its lifetime, then loads it again', async () => {
    vi.useFakeTimers();
    const cache = createReadCache<number>({ ttlMs: 1000, maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    vi.advanceTimersByTime(999);
    expect(await cache.get('a', load)).toBe(1);
    expect(cache.has('a')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(cache.has('a')).toBe(false);
    expect(await cache.get('a', load)).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = createReadCache<string>({ ttlMs: 1000, maxEntries: 10 });
    let loads = 0;
    const load = async () => {
      loads++;
      return 'value';
    };
    const values = await Promise.all(Array.from({ length: 50 }, () => cache.get('k', load)));
    expect(values.every((value) => value === 'value')).toBe(true);
    expect(loads).toBe(1);
  });

  it('does not remember a failed load', async () => {
    const cache = createReadCache<string>({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(cache.get('k', async () => 'up')).resolves.toBe('up');
  });

  it('forgets the oldest entry beyond its size, and a deleted one at once', async () => {
    const cache = createReadCache<string>({ ttlMs: 1000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([false, true, true]);
    cache.delete('b');
    expect(cache.has('b')).toBe(false);
  });

  it('keeps what is read while a flood of new keys passes through it', async () => {
    const cache = createReadCache<string>({ ttlMs: 1000, maxEntries: 3 });
    await cache.get('hot', async () => 'hot');
    for (let index = 0; index < 100; index++) {
      await cache.get(`miss-${index}`, async () => 'none');
      await cache.get('hot', () => Promise.reject(new Error('loaded again')));
    }
    expect(cache.has('hot')).toBe(true);
    expect(cache.has('miss-0')).toBe(false);
  });

  it('bounds what its values hold together, measured as they arrive, dropping the least recently read', async () => {
    const cache = createReadCache<string>({
      ttlMs: 1000,
      maxEntries: 100,
      maxSize: { max: 10, sizeOf: (value) => value.length },
    });
    await cache.get('a', async () => 'aaaa');
    await cache.get('b', async () => 'bbbb');
    await cache.get('a', () => Promise.reject(new Error('loaded again'))); // read: b is older
    await cache.get('c', async () => 'cccc'); // 12 > 10: b goes
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true]);
    // One value larger than the bound is answered but not kept.
    expect(await cache.get('huge', async () => 'h'.repeat(11))).toBe('h'.repeat(11));
    expect(cache.has('huge')).toBe(false);
    expect([cache.has('a'), cache.has('c')]).toEqual([true, true]);
  });

  it('peeks only at a value that has arrived and is live, loading nothing', async () => {
    vi.useFakeTimers();
    const cache = createReadCache<number>({ ttlMs: 1000, maxEntries: 10 });
    const loader = manualLoader();
    expect(cache.peek('a')).toBeUndefined();
    const first = cache.get('a', loader.load);
    expect(cache.peek('a')).toBeUndefined();
    loader.finish(1);
    await first;
    expect(cache.peek('a')).toBe(1);
    vi.advanceTimersByTime(999);
    expect(cache.peek('a')).toBe(1);
    vi.advanceTimersByTime(1);
    expect(cache.peek('a')).toBeUndefined();
    expect(loader.loads).toBe(1);
  });

  it('measures ages with the clock it is given', async () => {
    let now = 1_000_000;
    const cache = createReadCache<number>({ ttlMs: 1000, maxEntries: 10, clock: () => now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    now += 999;
    expect(await cache.get('a', load)).toBe(1);
    now += 1;
    expect(cache.has('a')).toBe(false);
    expect(await cache.get('a', load)).toBe(2);
  });

  it('deletes the values that show what changed, and every value still loading', async () => {
    const cache = createReadCache<number[]>({ ttlMs: 1000, maxEntries: 10 });
    await cache.get('shows', async () => [1, 7]);
    await cache.get('other', async () => [2, 3]);
    const loading = manualLoader();
    const pending = cache.get('loading', async () => [await loading.load()]);

    cache.deleteWhere((ids) => ids.includes(7));
    expect(['shows', 'other', 'loading'].map((key) => cache.has(key))).toEqual([
      false,
      true,
      false,
    ]);
    // The load that was in flight is answered to its callers but not kept.
    loading.finish(7);
    expect(await pending).toEqual([7]);
    expect(cache.has('loading')).toBe(false);
  });

  it('keeps a value as long as the value itself says, counted from when its load began', async () => {
    let now = 1_000_000;
    const cache = createReadCache<{ lives: number }>({
      ttlMs: 1000,
      maxEntries: 10,
      clock: () => now,
      expiresAt: (value, loadedAt) => loadedAt + value.lives,
    });
    await cache.get('long', async () => ({ lives: 60_000 }));
    await cache.get('short', async () => ({ lives: 500 }));
    now += 5000;
    expect([cache.has('long'), cache.has('short')]).toEqual([true, false]);
    now += 54_999;
    expect(cache.has('long')).toBe(true);
    now += 1;
    expect(cache.has('long')).toBe(false);
  });

  it('lets the values that show a change, and every value still loading, live until a time at most', async () => {
    let now = 1_000_000;
    const cache = createReadCache<number[]>({
      ttlMs: 1000,
      maxEntries: 10,
      clock: () => now,
      expiresAt: (_value, loadedAt) => loadedAt + 60_000,
    });
    await cache.get('shows', async () => [1, 7]);
    await cache.get('other', async () => [2, 3]);
    const loading = manualLoader();
    const pending = cache.get('loading', async () => [await loading.load()]);

    cache.expireWhere((ids) => ids.includes(7), now + 2000);
    // The load in flight arrives after the change: it keeps the earlier time, not its own.
    loading.finish(9);
    expect(await pending).toEqual([9]);
    now += 1999;
    expect(['shows', 'other', 'loading'].map((key) => cache.has(key))).toEqual([true, true, true]);
    now += 1;
    expect(['shows', 'other', 'loading'].map((key) => cache.has(key))).toEqual([
      false,
      true,
      false,
    ]);
    // A later time never lengthens a life.
    cache.expireWhere(() => true, now + 120_000);
    now += 58_000;
    expect(cache.has('other')).toBe(false);
  });

  it('loads every time when its lifetime is 0', async () => {
    const cache = createReadCache<number>({ ttlMs: 0, maxEntries: 10 });
    let loads = 0;
    await cache.get('a', async () => ++loads);
    await cache.get('a', async () => ++loads);
    expect(loads).toBe(2);
  });
});

describe('cachesPerDatabase', () => {
  it('gives each database handle its own caches, off unless the app turned them on', () => {
    const make = cachesPerDatabase((ttlMs) => ({ ttlMs }));
    const plain = {};
    const served = {};
    setReadCacheTtl(served, 5000);
    expect(make(plain).ttlMs).toBe(0);
    expect(make(served).ttlMs).toBe(5000);
    expect(make(served)).toBe(make(served));
  });

  it('hands the clock set for a database handle to its caches', () => {
    const make = cachesPerDatabase((ttlMs, clock) => ({ ttlMs, clock }));
    const served = {};
    const clock = () => 42;
    setReadCacheTtl(served, 5000);
    setReadCacheClock(served, clock);
    expect(make(served)).toEqual({ ttlMs: 5000, clock });
    expect(make({}).clock).toBe(Date.now);
  });
});

describe('announceChange', () => {
  const opinion = (id: number, what: 'votes' | 'comments' | 'content'): Change => ({
    on: 'opinion',
    id,
    what,
  });

  it('tells each set of caches created for that database handle, and only those', () => {
    const heard: string[] = [];
    const listen = (name: string) =>
      cachesPerDatabase(() => ({ name }), {
        onChange: (caches, change) => heard.push(`${caches.name} ${JSON.stringify(change)}`),
      });
    const [bundles, pages] = [listen('bundles'), listen('pages')];
    const [served, other] = [{}, {}];
    bundles(served);
    pages(served);
    pages(other);
    // Created twice, told once.
    bundles(served);

    announceChange(served, opinion(7, 'comments'));
    expect(heard).toEqual([
      'bundles {"on":"opinion","id":7,"what":"comments"}',
      'pages {"on":"opinion","id":7,"what":"comments"}',
    ]);
    announceChange({}, opinion(8, 'content'));
    expect(heard).toHaveLength(2);
    announceChange(other, { on: 'norms' });
    expect(heard.at(-1)).toBe('pages {"on":"norms"}');
  });
});
