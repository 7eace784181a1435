import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http.ts';
import {
  createPrivacyHasher,
  resolvePrivacySecret,
  type PrivacyHasher,
} from '../privacy-secret.ts';

/** A limit: at most `limit` events per key in any window of `windowMs` (a sliding window). */
export type RateRule = { name: string; limit: number; windowMs: number };

export type RateDecision = {
  isAllowed: boolean;
  /** When refused: whole seconds until the next event would be allowed. */
  retryAfterSeconds: number;
};

/**
 * Counts events per (rule, key) over a sliding window, shared by every server process.
 * `consume` decides and counts in one atomic step, before the work it guards: a login attempt is
 * counted before its password is verified, so a burst of parallel requests cannot all pass a
 * check that none of them has counted yet (docs/decisions/034-login-limits-that-hold.md).
 */
export interface RateLimiter {
  consume(rule: RateRule, key: string): Promise<RateDecision>;
  /** Forgets a key's events, e.g. an account's failed logins once its owner got in. */
  clear(rule: RateRule, key: string): Promise<void>;
  close(): Promise<void>;
}

const allowed: RateDecision = { isAllowed: true, retryAfterSeconds: 0 };

function refusal(waitMs: number): RateDecision {
  return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * Keys hold addresses and e-mails: the database and Redis keep only their keyed hash
 * (PRIVACY_SECRET, docs/decisions/083). A plain hash would not do: every IPv4 address, and most
 * e-mails one would look for, can be hashed in turn until one matches.
 */
function bucketOf(rule: RateRule, key: string, hashKey: PrivacyHasher): string {
  return `${rule.name}:${hashKey(key)}`;
}

/** How many events between two sweeps of the windows that have passed. */
const sweepEvery = 500;

/**
 * Counters in the database, the default: every process sharing the database shares them. One
 * statement decides and counts: the upsert locks the key's row, so concurrent events for one key
 * are counted one after the other, and the `where` refuses the event once the window is full.
 */
export function createDatabaseRateLimiter(db: Db, hashKey: PrivacyHasher): RateLimiter {
  let events = 0;

  async function consume(rule: RateRule, key: string): Promise<RateDecision> {
    const bucket = bucketOf(rule, key, hashKey);
    const now = Date.now();
    const windowStart = now - rule.windowMs;
    if (++events % sweepEvery === 0) {
      await db.deleteFrom('rateLimitWindows').where('expiresAt', '<', new Date(now)).execute();
    }
    const counted = await sql<{ bucket: string }>`
      insert into rate_limit_windows as w (bucket, hits, expires_at)
      values (${bucket}, array[${now}::bigint], ${new Date(now + rule.windowMs)})
      on conflict (bucket) do update
        set hits = array(select h from unnest(w.hits) h where h > ${windowStart}::bigint order by h)
              || ${now}::bigint,
            expires_at = excluded.expires_at
        where (select count(*) from unnest(w.hits) h where h > ${windowStart}::bigint) < ${rule.limit}
      returning bucket`.execute(db);
    if (counted.rows.length > 0) return allowed;
    const oldest = await sql<{ oldest: number | null }>`
      select min(h)::float8 as oldest from rate_limit_windows, unnest(hits) h
      where bucket = ${bucket} and h > ${windowStart}::bigint`.execute(db);
    return refusal((oldest.rows[0]?.oldest ?? now) + rule.windowMs - now);
  }

  return {
    consume,
    async clear(rule, key) {
      await db
        .deleteFrom('rateLimitWindows')
        .where('bucket', '=', bucketOf(rule, key, hashKey))
        .execute();
    },
    close: async () => {},
  };
}

// One round trip, atomic across every process sharing the Redis server: drop events older than
// the window, refuse when full (saying when the oldest counted event leaves the window),
// otherwise count this one.
const slidingWindowScript = `
local key, now, window, limit, member = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) >= limit then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + window - now}
end
redis.call('ZADD', key, now, member)
redis.call('PEXPIRE', key, window)
return {1, 0}
`;

/**
 * Counters in Redis (REDIS_URL), off the database's back. When Redis cannot be reached the
 * limiter counts in the fallback (the database) rather than refusing everyone or letting
 * everything through, and ioredis reconnects on its own.
 */
export function createRedisRateLimiter(
  redisUrl: string,
  options: {
    fallback: RateLimiter;
    /** The keyed hash of e-mails and addresses in Redis's keys (the fallback's own, as a rule). */
    hashKey: PrivacyHasher;
    keyPrefix?: string;
    log?: FastifyBaseLogger | undefined;
  },
): RateLimiter {
  const { fallback, hashKey } = options;
  const prefix = options.keyPrefix ?? 'stance:rate:';
  const connectTimeoutMs = 2000;
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: connectTimeoutMs,
  });
  redis.on('error', (error: Error) => options.log?.warn({ err: error }, 'redis unavailable'));
  // The first requests wait for the first connection (briefly); after that a request never
  // waits for Redis: while it is away, the fallback counts.
  const firstConnection = new Promise<void>((resolve) => {
    redis.once('ready', () => resolve());
    setTimeout(resolve, connectTimeoutMs).unref();
  });

  async function consume(rule: RateRule, key: string): Promise<RateDecision> {
    const member = `${Date.now()}-${randomBytes(6).toString('hex')}`;
    await firstConnection;
    try {
      if (redis.status !== 'ready') throw new Error(`redis is ${redis.status}`);
      const [isAllowed, waitMs] = (await redis.eval(
        slidingWindowScript,
        1,
        `${prefix}${bucketOf(rule, key, hashKey)}`,
        Date.now(),
        rule.windowMs,
        rule.limit,
        member,
      )) as [number, number];
      return isAllowed === 1 ? allowed : refusal(waitMs);
    } catch (error) {
      options.log?.warn({ err: error, rule: rule.name }, 'rate limit fell back to the database');
      return fallback.consume(rule, key);
    }
  }

  return {
    consume,
    async clear(rule, key) {
      await fallback.clear(rule, key);
      await redis.del(`${prefix}${bucketOf(rule, key, hashKey)}`).catch(() => 0);
    },
    async close() {
      await fallback.close();
      redis.disconnect();
    },
  };
}

/** Redis when REDIS_URL is set (with the database behind it), else the database. */
export function createRateLimiter(
  config: Pick<Config, 'redisUrl' | 'privacySecret' | 'dataDir'>,
  db: Db,
  options: { log?: FastifyBaseLogger | undefined } = {},
): RateLimiter {
  const hashKey = createPrivacyHasher(resolvePrivacySecret(config), 'rate-limit-keys');
  const database = createDatabaseRateLimiter(db, hashKey);
  return config.redisUrl
    ? createRedisRateLimiter(config.redisUrl, { fallback: database, hashKey, log: options.log })
    : database;
}

/** docs/decisions/002-wire-format-and-errors.md: 429 with Retry-After, and a message that says how long to wait. */
export function tooManyRequests(decision: RateDecision, alternative = ''): HttpError {
  const minutes = Math.ceil(decision.retryAfterSeconds / 60);
  const wait =
    decision.retryAfterSeconds < 60
      ? `${decision.retryAfterSeconds} seconds`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const or = alternative ? `, or ${alternative}` : '';
  return new HttpError(429, `Too many attempts; please try again in ${wait}${or}`, {
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
    /** Rate-limit counters: in the database, or in Redis when REDIS_URL is set. */
    rateLimiter: RateLimiter;
  }
}

/** Decorates the app with its rate limiter: the one given, or one built from the config. */
export function registerRateLimit(
  app: FastifyInstance,
  config: Config,
  db: Db,
  given?: RateLimiter,
) {
  const limiter = given ?? createRateLimiter(config, db, { log: app.log });
  app.decorate('rateLimiter', limiter);
  // A limiter handed in (tests sharing one across apps) belongs to whoever made it.
  if (!given) app.addHook('onClose', async () => limiter.close());
}
