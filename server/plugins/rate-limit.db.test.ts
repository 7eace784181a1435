import { createHash, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { createPrivacyHasher } from '../privacy-secret.ts';
import { createTestDatabase } from '../test/database.ts';
import {
  createDatabaseRateLimiter,
  createRedisRateLimiter,
  tooManyRequests,
  type RateLimiter,
  type RateRule,
} from './rate-limit.ts';

/** The Redis server the tests use (a local one runs on these machines). */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const rule: RateRule = { name: 'test', limit: 3, windowMs: 60_000 };

const secret = randomBytes(32).toString('base64url');
const hashKey = createPrivacyHasher(secret, 'rate-limit-keys');

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function behavesAsASlidingWindow(makeLimiter: () => RateLimiter) {
  const limiters: RateLimiter[] = [];
  const make = () => {
    const limiter = makeLimiter();
    limiters.push(limiter);
    return limiter;
  };
  afterAll(async () => {
    for (const limiter of limiters) await limiter.close();
  });
  const key = () => `key-${randomBytes(4).toString('hex')}`;

  it('lets `limit` events through per key, then refuses with the wait in seconds', async () => {
    const limiter = make();
    const k = key();
    for (let i = 0; i < 3; i++) expect((await limiter.consume(rule, k)).isAllowed).toBe(true);
    const refused = await limiter.consume(rule, k);
    expect(refused.isAllowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.consume(rule, key())).isAllowed).toBe(true);
  });

  it('lets exactly `limit` of a parallel burst through: each event is counted as it is decided', async () => {
    const limiter = make();
    const k = key();
    const decisions = await Promise.all(Array.from({ length: 40 }, () => limiter.consume(rule, k)));
    expect(decisions.filter((decision) => decision.isAllowed)).toHaveLength(rule.limit);
  });

  it('forgets a key with clear', async () => {
    const limiter = make();
    const k = key();
    for (let i = 0; i < 3; i++) await limiter.consume(rule, k);
    expect((await limiter.consume(rule, k)).isAllowed).toBe(false);
    await limiter.clear(rule, k);
    expect((await limiter.consume(rule, k)).isAllowed).toBe(true);
  });

  it('forgets events once they leave the window', async () => {
    const limiter = make();
    const short: RateRule = { name: 'short', limit: 1, windowMs: 50 };
    const k = key();
    expect((await limiter.consume(short, k)).isAllowed).toBe(true);
    expect((await limiter.consume(short, k)).isAllowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await limiter.consume(short, k)).isAllowed).toBe(true);
  });
}

describe('the database rate limiter', () => {
  behavesAsASlidingWindow(() => createDatabaseRateLimiter(database.db, hashKey));

  it('keeps only a keyed hash of the key (an address or an e-mail), never the key or its plain hash', async () => {
    const limiter = createDatabaseRateLimiter(database.db, hashKey);
    const key = 'someone@example.test 203.0.113.9';
    await limiter.consume(rule, key);
    const buckets = (
      await database.db.selectFrom('rateLimitWindows').select('bucket').execute()
    ).map((row) => row.bucket);
    expect(buckets).toContain(`test:${hashKey(key)}`);
    const plainHash = createHash('sha256').update(key).digest('base64url');
    for (const bucket of buckets) {
      expect(bucket).not.toMatch(/someone|example|203\.0\.113/);
      expect(bucket).not.toContain(plainHash);
    }
    // Another secret, another bucket: without the secret a guess cannot be checked.
    const otherHashKey = createPrivacyHasher(
      randomBytes(32).toString('base64url'),
      'rate-limit-keys',
    );
    expect(otherHashKey(key)).not.toBe(hashKey(key));
  });
});

describe('the Redis rate limiter', () => {
  const prefix = `stance-test:${randomBytes(4).toString('hex')}:`;
  const redisLimiter = () =>
    createRedisRateLimiter(redisUrl, {
      keyPrefix: prefix,
      fallback: createDatabaseRateLimiter(database.db, hashKey),
      hashKey,
    });
  behavesAsASlidingWindow(redisLimiter);

  it('shares its counters between processes (two clients of one Redis)', async () => {
    const first = redisLimiter();
    const second = redisLimiter();
    try {
      await first.consume(rule, 'shared');
      await second.consume(rule, 'shared');
      await first.consume(rule, 'shared');
      expect((await second.consume(rule, 'shared')).isAllowed).toBe(false);
      expect((await first.consume(rule, 'shared')).isAllowed).toBe(false);
      const observer = new Redis(redisUrl);
      expect(await observer.zcard(`${prefix}${rule.name}:${hashKey('shared')}`)).toBe(3);
      observer.disconnect();
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('keeps no e-mail or address in its keys, only their keyed hash', async () => {
    const limiter = redisLimiter();
    const observer = new Redis(redisUrl);
    try {
      const key = 'redis-someone@example.test 198.51.100.7';
      await limiter.consume(rule, key);
      const keys = await observer.keys(`${prefix}*`);
      expect(keys).toContain(`${prefix}${rule.name}:${hashKey(key)}`);
      for (const stored of keys) expect(stored).not.toMatch(/someone|example|198\.51\.100/);
    } finally {
      observer.disconnect();
      await limiter.close();
    }
  });

  it('falls back to counting in the database when Redis cannot be reached', async () => {
    const unreachable = createRedisRateLimiter('redis://127.0.0.1:1', {
      keyPrefix: prefix,
      fallback: createDatabaseRateLimiter(database.db, hashKey),
      hashKey,
    });
    try {
      for (let i = 0; i < 3; i++)
        expect((await unreachable.consume(rule, 'k')).isAllowed).toBe(true);
      expect((await unreachable.consume(rule, 'k')).isAllowed).toBe(false);
    } finally {
      await unreachable.close();
    }
  });
});

describe('the 429 answer', () => {
  it('carries Retry-After and says how long to wait', () => {
    const error = tooManyRequests({ isAllowed: false, retryAfterSeconds: 125 });
    expect(error.statusCode).toBe(429);
    expect(error.headers).toEqual({ 'Retry-After': '125' });
    expect(error.message).toBe('Too many attempts; please try again in 3 minutes');
    expect(tooManyRequests({ isAllowed: false, retryAfterSeconds: 20 }).message).toBe(
      'Too many attempts; please try again in 20 seconds',
    );
  });
});
