import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { HttpError } from '../http.ts';

/** A limit: at most `limit` events per key in any window of `windowMs` (a sliding window). */
export type RateRule = { name: string; limit: number; windowMs: number };

export type RateDecision = {
  isAllowed: boolean;
  /** When refused: whole seconds until the next event would be allowed. */
  retryAfterSeconds: number;
};

/**
 * Counts events per (rule, key) over a sliding window. `consume` checks and counts one event;
 * `check` only looks (e.g. before verifying a password) and `record` only counts (e.g. a failed
 * login), so a rule can count failures alone.
 */
export interface RateLimiter {
  consume(rule: RateRule, key: string): Promise<RateDecision>;
  check(rule: RateRule, key: string): Promise<RateDecision>;
  record(rule: RateRule, key: string): Promise<void>;
  clear(rule: RateRule, key: string): Promise<void>;
  close(): Promise<void>;
}

type Mode = 'consume' | 'check' | 'record';

const allowed: RateDecision = { isAllowed: true, retryAfterSeconds: 0 };

function refusal(waitMs: number): RateDecision {
  return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * In-process counters: right for one process (the embedded database allows only one). Each key
 * keeps at most `limit` timestamps, and keys whose window has passed are swept, so memory stays
 * bounded by the number of active keys.
 */
export function createMemoryRateLimiter(): RateLimiter {
  const logs = new Map<string, number[]>();
  let operations = 0;

  function sweep(now: number) {
    for (const [key, times] of logs) {
      const windowMs = Number(key.slice(0, key.indexOf(':')));
      if (times.length === 0 || times[times.length - 1]! <= now - windowMs) logs.delete(key);
    }
  }

  async function run(rule: RateRule, key: string, mode: Mode): Promise<RateDecision> {
    const now = Date.now();
    if (++operations % 1000 === 0) sweep(now);
    const mapKey = `${rule.windowMs}:${rule.name}:${key}`;
    const times = (logs.get(mapKey) ?? []).filter((time) => time > now - rule.windowMs);
    if (mode !== 'record' && times.length >= rule.limit) {
      logs.set(mapKey, times);
      return refusal(times[0]! + rule.windowMs - now);
    }
    if (mode !== 'check') {
      times.push(now);
      if (times.length > rule.limit) times.splice(0, times.length - rule.limit);
    }
    logs.set(mapKey, times);
    return allowed;
  }

  return {
    consume: (rule, key) => run(rule, key, 'consume'),
    check: (rule, key) => run(rule, key, 'check'),
    record: async (rule, key) => void (await run(rule, key, 'record')),
    clear: async (rule, key) => void logs.delete(`${rule.windowMs}:${rule.name}:${key}`),
    close: async () => logs.clear(),
  };
}

// One round trip, atomic across every process sharing the Redis server: drop events older than
// the window, refuse when full (saying when the oldest counted event leaves the window),
// otherwise count this one and keep at most `limit` events.
const slidingWindowScript = `
local key, now, window, limit, mode, member = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4], ARGV[5]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if mode ~= 'record' and count >= limit then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + window - now}
end
if mode ~= 'check' then
  redis.call('ZADD', key, now, member)
  redis.call('ZREMRANGEBYRANK', key, 0, -(limit + 1))
  redis.call('PEXPIRE', key, window)
end
return {1, 0}
`;

/**
 * Counters in Redis, shared by every server process. When Redis cannot be reached the limiter
 * falls back to this process's own counters rather than refusing everyone or letting everything
 * through: protection stays, only its scope shrinks to one process until Redis is back.
 */
export function createRedisRateLimiter(
  redisUrl: string,
  options: { keyPrefix?: string; log?: FastifyBaseLogger | undefined } = {},
): RateLimiter {
  const prefix = options.keyPrefix ?? 'stance:rate:';
  const connectTimeoutMs = 2000;
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: connectTimeoutMs,
  });
  redis.on('error', (error: Error) => options.log?.warn({ err: error }, 'redis unavailable'));
  const fallback = createMemoryRateLimiter();
  // The first requests wait for the first connection (briefly); after that a request never
  // waits for Redis: while it is away, the process counts on its own and ioredis reconnects.
  const firstConnection = new Promise<void>((resolve) => {
    redis.once('ready', () => resolve());
    setTimeout(resolve, connectTimeoutMs).unref();
  });

  async function run(rule: RateRule, key: string, mode: Mode): Promise<RateDecision> {
    const member = `${Date.now()}-${randomBytes(6).toString('hex')}`;
    await firstConnection;
    try {
      if (redis.status !== 'ready') throw new Error(`redis is ${redis.status}`);
      const [isAllowed, waitMs] = (await redis.eval(
        slidingWindowScript,
        1,
        `${prefix}${rule.name}:${key}`,
        Date.now(),
        rule.windowMs,
        rule.limit,
        mode,
        member,
      )) as [number, number];
      return isAllowed === 1 ? allowed : refusal(waitMs);
    } catch (error) {
      options.log?.warn({ err: error, rule: rule.name }, 'rate limit fell back to memory');
      return mode === 'check'
        ? fallback.check(rule, key)
        : mode === 'record'
          ? fallback.record(rule, key).then(() => allowed)
          : fallback.consume(rule, key);
    }
  }

  return {
    consume: (rule, key) => run(rule, key, 'consume'),
    check: (rule, key) => run(rule, key, 'check'),
    record: async (rule, key) => void (await run(rule, key, 'record')),
    async clear(rule, key) {
      await fallback.clear(rule, key);
      await redis.del(`${prefix}${rule.name}:${key}`).catch(() => 0);
    },
    async close() {
      await fallback.close();
      redis.disconnect();
    },
  };
}

export function createRateLimiter(
  config: Pick<Config, 'redisUrl'>,
  options: { keyPrefix?: string; log?: FastifyBaseLogger | undefined } = {},
): RateLimiter {
  return config.redisUrl
    ? createRedisRateLimiter(config.redisUrl, options)
    : createMemoryRateLimiter();
}

/** DESIGN.md §2: 429 with Retry-After, and a message that says how long to wait. */
export function tooManyRequests(decision: RateDecision): HttpError {
  const minutes = Math.ceil(decision.retryAfterSeconds / 60);
  const wait =
    decision.retryAfterSeconds < 60
      ? `${decision.retryAfterSeconds} seconds`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new HttpError(429, `Too many attempts; please try again in ${wait}`, {
    'Retry-After': String(decision.retryAfterSeconds),
  });
}

/** Throws 429 unless the rule lets one more event for this key through (and counts it). */
export async function enforceRateLimit(
  limiter: RateLimiter,
  rule: RateRule,
  key: string,
): Promise<void> {
  const decision = await limiter.consume(rule, key);
  if (!decision.isAllowed) throw tooManyRequests(decision);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Rate-limit counters: in memory, or in Redis when REDIS_URL is set. */
    rateLimiter: RateLimiter;
  }
}

/** Decorates the app with its rate limiter: the one given, or one built from the config. */
export function registerRateLimit(app: FastifyInstance, config: Config, given?: RateLimiter) {
  const limiter = given ?? createRateLimiter(config, { log: app.log });
  app.decorate('rateLimiter', limiter);
  // A limiter handed in (tests sharing one across apps) belongs to whoever made it.
  if (!given) app.addHook('onClose', async () => limiter.close());
}
