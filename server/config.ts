import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DATABASE_URL: optionalString,
  DATA_DIR: z.string().default('./data'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  ADMIN_EMAILS: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Stance <no-reply@localhost>'),
  REDIS_URL: optionalString,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
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
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  /** Set: a PostgreSQL server. Unset: the embedded database in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  seed: 'demo' | 'none';
  adminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  isProduction: boolean;
  logLevel: string;
  /**
   * How long reads everyone shares (opinion pages, feed rankings, sidebar cards) are kept in this
   * process's memory; 0 turns the cache off (docs/decisions/014-voting.md).
   */
  readCacheMs: number;
  google: { clientId: string | undefined; jwksUrl: string; issuer: string };
  facebook: { appId: string | undefined; appSecret: string | undefined; graphUrl: string };
  stripe: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    apiBase: string | undefined;
  };
};

/** Reads the environment into a typed Config, failing with every problem named at once. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
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
    publicUrl: env.PUBLIC_URL.replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    seed: env.SEED,
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    redisUrl: env.REDIS_URL,
    isProduction: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    // Tests write rows behind the app's back through factories, which a cache would not see.
    readCacheMs: env.READ_CACHE_MS ?? (env.NODE_ENV === 'test' ? 0 : 5000),
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
  };
}
