import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/**
 * Whose word to take for the client's address (docs/decisions/035-http-edge-hardening.md):
 * nobody (`false`, the socket's address), the last `hops` proxies, or the proxies at these
 * addresses and ranges (Fastify's trustProxy list).
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** proxy-addr's names for private ranges, which Fastify's trustProxy list accepts too. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const trustProxySchema = optionalString.transform((value, context): TrustProxy => {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : { hops: Number(value) };
  const entries = value.split(',').map((entry) => entry.trim());
  const unknown = entries.filter((entry) => !isAddressOrRange(entry));
  if (unknown.length === 0) return { addresses: entries };
  context.addIssue({
    code: 'custom',
    message:
      'expected how many proxies stand in front (e.g. 1), or their addresses or ranges ' +
      `separated by commas (e.g. 10.0.0.0/8,::1); not an address: ${unknown.map((entry) => `"${entry}"`).join(', ')}` +
      (value === 'true' ? ' (true would let any client choose its own address)' : ''),
  });
  return z.NEVER;
});

/** A duration in milliseconds for the HTTP server: at least 1 ms, at most an hour. */
const serverMs = (fallback: number) =>
  z.coerce.number().int().min(1).max(3_600_000).default(fallback);

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  DATABASE_URL: optionalString,
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  DATA_DIR: z.string().default('./data'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  ADMIN_EMAILS: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Stance <no-reply@localhost>'),
  CONTACT_EMAIL: optionalString.pipe(
    z.email({ error: 'CONTACT_EMAIL must be an e-mail address' }).optional(),
  ),
  REDIS_URL: optionalString,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  JOBS_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  INSIGHTS_SETTLE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  METRICS_TOKEN: optionalString.refine((token) => token === undefined || token.length >= 24, {
    error: 'METRICS_TOKEN must be at least 24 characters (a secret a scraper sends)',
  }),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  FACEBOOK_APP_ID: optionalString,
  FACEBOOK_APP_SECRET: optionalString,
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString,
  TRUST_PROXY: trustProxySchema,
  REQUEST_TIMEOUT_MS: serverMs(30_000),
  HEADERS_TIMEOUT_MS: serverMs(10_000),
  KEEP_ALIVE_TIMEOUT_MS: serverMs(72_000),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  PRIVACY_SECRET: optionalString.refine((secret) => secret === undefined || secret.length >= 32, {
    error: 'PRIVACY_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)',
  }),
  MIN_GROUP_SIZE: z.coerce
    .number({ error: 'expected a positive whole number of members' })
    .int('expected a positive whole number of members')
    .min(1, 'expected a positive whole number of members')
    .max(1_000_000, 'expected at most 1000000 members')
    .default(10),
  DP_EPSILON: z.coerce
    .number({ error: 'expected a positive number (ε spent per staff answer)' })
    .min(0.000001, 'expected a positive number (ε spent per staff answer)')
    .max(1_000_000, 'expected at most 1000000')
    .default(0.5),
  DP_DAILY_BUDGET: z.coerce
    .number({ error: 'expected a positive number (ε per staff member per UTC day)' })
    .min(0.000001, 'expected a positive number (ε per staff member per UTC day)')
    .max(1_000_000_000, 'expected at most 1000000000')
    .default(10),
});

const checkedEnvironmentSchema = environmentSchema.superRefine((env, context) => {
  // Development mode serves the outbox (every sign-up code and reset link) at /dev/mail; a site
  // with an https address is public, so NODE_ENV=production was forgotten.
  if (env.NODE_ENV === 'development' && env.PUBLIC_URL?.startsWith('https://')) {
    context.addIssue({
      code: 'custom',
      path: ['NODE_ENV'],
      message:
        'PUBLIC_URL is an https address, so the site is public, but NODE_ENV is development ' +
        '(also when unset): set NODE_ENV=production',
    });
  }
  // Processes on several machines share one database and must share the key of its hashed
  // identifiers, which must not live in it (docs/decisions/083): a data directory cannot give it.
  if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.PRIVACY_SECRET) {
    context.addIssue({
      code: 'custom',
      path: ['PRIVACY_SECRET'],
      message:
        'is required in production on PostgreSQL (DATABASE_URL): the key of the hashed e-mails ' +
        'and addresses, the same for every process and kept apart from the database ' +
        '(generate one with: openssl rand -base64 32)',
    });
  }
  // Node refuses a server whose headers may take longer than the whole request.
  if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
    context.addIssue({
      code: 'custom',
      path: ['HEADERS_TIMEOUT_MS'],
      message: `must not be longer than REQUEST_TIMEOUT_MS (${env.REQUEST_TIMEOUT_MS})`,
    });
  }
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  /** Set: a PostgreSQL server. Unset: the embedded database in dataDir. */
  databaseUrl: string | undefined;
  /**
   * On a PostgreSQL server: the longest wait for a connection, new or free in the pool, before a
   * request gets 503; 0 waits for ever (docs/decisions/036-database-outages.md).
   */
  databaseConnectTimeoutMs: number;
  /**
   * On a PostgreSQL server: the longest a request's statement may run (statement_timeout); a
   * server that does not answer at all is given up a second later. 0: no limit (decision 036).
   */
  databaseQueryTimeoutMs: number;
  dataDir: string;
  seed: 'demo' | 'none';
  adminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where members write to the people who run the site (the privacy policy and terms name it). */
  contactEmail: string | undefined;
  redisUrl: string | undefined;
  isProduction: boolean;
  logLevel: string;
  /**
   * How the log is written: `pretty`, one readable line per entry (development's default), or
   * `json`, one JSON object per line for a log collector (production's default).
   */
  logFormat: 'pretty' | 'json';
  /**
   * How long reads everyone shares (opinion pages, feed rankings, sidebar cards) are kept in this
   * process's memory; 0 turns the cache off (docs/decisions/014-voting.md).
   */
  readCacheMs: number;
  /** How often this process's job worker looks for due jobs (mail, derived figures). */
  jobsPollMs: number;
  /**
   * How long after a vote its opinion's tidbit and its topics' groupings are refreshed, so that
   * the votes arriving meanwhile share one refresh (docs/decisions/075-insights-by-difference.md).
   */
  insightsSettleMs: number;
  /**
   * After SIGTERM, how long the process keeps serving while /readyz answers 503, so that a load
   * balancer sends its requests elsewhere before it stops taking them (docs/decisions/063).
   */
  shutdownDrainMs: number;
  /** Lets a scraper elsewhere read GET /metrics as `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  google: { clientId: string | undefined; jwksUrl: string; issuer: string };
  facebook: { appId: string | undefined; appSecret: string | undefined; graphUrl: string };
  stripe: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    apiBase: string | undefined;
  };
  /** Which proxies' X-Forwarded-For names the client (by default none: the socket's address). */
  trustProxy: TrustProxy;
  /** The HTTP server's limits on slow and numerous clients (docs/decisions/035). */
  http: {
    /** Time to receive a whole request, body included; slower ones get 408 and are closed. */
    requestTimeoutMs: number;
    /** Time to receive a request's headers (from the connection's or the request's first byte). */
    headersTimeoutMs: number;
    /** How long an idle keep-alive connection stays open. */
    keepAliveTimeoutMs: number;
    /** Connections open at once; further ones are closed as they arrive. */
    maxConnections: number;
  };
  /**
   * The fewest members a figure about a group may describe: smaller groups' averages are withheld
   * (the report cards' community averages, staff analytics; docs/decisions/041).
   */
  minGroupSize: number;
  /**
   * PRIVACY_SECRET: the key of hashed identifiers in the database and Redis (server/privacy-secret.ts).
   * Unset: the embedded default's generated file in dataDir; tests get one per process.
   */
  privacySecret: string | undefined;
  /** ε each noisy staff answer spends (docs/decisions/082-differentially-private-staff-figures.md). */
  dpEpsilon: number;
  /** ε each staff member may spend per UTC day, summed over their answers (sequential composition). */
  dpDailyBudget: number;
};

/** Tests' secret when they set none: one per process, so that nothing is written to a data directory. */
const testPrivacySecret = randomBytes(32).toString('base64url');

/**
 * The address the server is reached at when PUBLIC_URL is unset: where it listens, with the
 * loopback and wildcard addresses shown as `localhost`, so that `PORT=3201 npm start` says and
 * links http://localhost:3201.
 */
function localUrl(host: string, port: number): string {
  const isLocal = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost', ''].includes(host);
  const name = isLocal ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** Reads the environment into a typed Config, failing with every problem named at once. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnvironmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? localUrl(env.HOST, env.PORT)).replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL,
    databaseConnectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    databaseQueryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
    dataDir: path.resolve(env.DATA_DIR),
    seed: env.SEED,
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    contactEmail: env.CONTACT_EMAIL,
    redisUrl: env.REDIS_URL,
    isProduction: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'production' ? 'json' : 'pretty'),
    // Tests write rows behind the app's back through factories, which a cache would not see.
    readCacheMs: env.READ_CACHE_MS ?? (env.NODE_ENV === 'test' ? 0 : 5000),
    jobsPollMs: env.JOBS_POLL_MS,
    // Tests drain the jobs queue right after voting and expect the refresh to be due.
    insightsSettleMs: env.INSIGHTS_SETTLE_MS ?? (env.NODE_ENV === 'test' ? 0 : 10_000),
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    metricsToken: env.METRICS_TOKEN,
    google: {
      clientId: env.GOOGLE_CLIENT_ID,
      jwksUrl: env.GOOGLE_JWKS_URL,
      issuer: env.GOOGLE_ISSUER,
    },
    facebook: {
      appId: env.FACEBOOK_APP_ID,
      appSecret: env.FACEBOOK_APP_SECRET,
      graphUrl: env.FACEBOOK_GRAPH_URL.replace(/\/+$/, ''),
    },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE,
    },
    trustProxy: env.TRUST_PROXY,
    http: {
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: env.MAX_CONNECTIONS,
    },
    minGroupSize: env.MIN_GROUP_SIZE,
    privacySecret: env.PRIVACY_SECRET ?? (env.NODE_ENV === 'test' ? testPrivacySecret : undefined),
    dpEpsilon: env.DP_EPSILON,
    dpDailyBudget: env.DP_DAILY_BUDGET,
  };
}
