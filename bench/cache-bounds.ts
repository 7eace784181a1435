/**
 * What the read cache keyed by the most freely chosen input holds at its bound: opinion ids by
 * slug (any 1–200 characters passes validation, and a slug nobody has is kept too, as null),
 * filled past its bound with the largest keys a request can bring. The JavaScript heap it takes,
 * measured after a full collection (docs/decisions/037-memory-bounds-and-fuzzing.md).
 *
 * Usage: node --expose-gc bench/cache-bounds.ts
 */
import { createReadCache } from '../server/read-cache.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('run with node --expose-gc');
  process.exit(2);
}

async function heapTakenBy(fill: () => Promise<unknown>): Promise<number> {
  gc!();
  const before = process.memoryUsage().heapUsed;
  const held = await fill();
  gc!();
  const after = process.memoryUsage().heapUsed;
  // Keeps what was filled reachable until measured.
  if (held === undefined) throw new Error('nothing held');
  return (after - before) / 1_048_576;
}

/** A key of `length` characters, different for every `index`, outside Latin-1 (two bytes each). */
function key(index: number, length: number): string {
  return `${index}-`.padEnd(length, 'ы');
}

const slugEntries = 20_000;
const slugs = await heapTakenBy(async () => {
  const cache = createReadCache<number | null>({ ttlMs: 5000, maxEntries: slugEntries });
  // Twice the bound: the first half is evicted.
  for (let index = 0; index < 2 * slugEntries; index++) {
    await cache.get(key(index, 200), async () => null);
  }
  return cache;
});
console.log(
  `opinion ids by slug: ${slugEntries} entries of 200-character slugs: ${slugs.toFixed(1)} MB`,
);
