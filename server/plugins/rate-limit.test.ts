import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  tooManyRequests,
  type RateLimiter,
  type RateRule,
} from './rate-limit.ts';

/** The Redis server the tests use (a local one runs on these machines). */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const rule: RateRule = { name: 'test', limit: 3, windowMs: 60_000 };

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

  it('counts only recorded events with check/record (failures only), and clear forgets them', async () => {
    const limiter = make();
    const k = key();
    for (let i = 0; i < 5; i++) expect((await limiter.check(rule, k)).isAllowed).toBe(true);
    for (let i = 0; i < 3; i++) await limiter.record(rule, k);
    expect((await limiter.check(rule, k)).isAllowed).toBe(false);
    await limiter.clear(rule, k);
    expect((await limiter.check(rule, k)).isAllowed).toBe(true);
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

describe('the in-memory rate limiter', () => {
  behavesAsASlidingWindow(() => createMemoryRateLimiter());
});

describe('the Redis rate limiter', () => {
  const prefix = `stance-test:${randomBytes(4).toString('hex')}:`;
  behavesAsASlidingWindow(() => createRedisRateLimiter(redisUrl, { keyPrefix: prefix }));

  it('shares its counters between processes (two clients of one Redis)', async () => {
    const first = createRedisRateLimiter(redisUrl, { keyPrefix: prefix });
    const second = createRedisRateLimiter(redisUrl, { keyPrefix: prefix });
    try {
      await first.consume(rule, 'shared');
      await second.consume(rule, 'shared');
      await first.consume(rule, 'shared');
      expect((await second.consume(rule, 'shared')).isAllowed).toBe(false);
      expect((await first.consume(rule, 'shared')).isAllowed).toBe(false);
      const observer = new Redis(redisUrl);
      expect(await observer.zcard(`${prefix}${rule.name}:shared`)).toBe(3);
      observer.disconnect();
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('falls back to counting in this process when Redis cannot be reached', async () => {
    const unreachable = createRedisRateLimiter('redis://127.0.0.1:1', { keyPrefix: prefix });
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
