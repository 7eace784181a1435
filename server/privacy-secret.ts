import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

/**
 * PRIVACY_SECRET: the key of every keyed hash that stands for a person in storage (rate-limit keys
 * in the database and in Redis, the places members sign in from), kept out of the database it
 * protects (docs/decisions/083-your-data-and-the-privacy-secret.md). Whoever reads a copy of the
 * database, or of Redis, without this key cannot tell whose e-mail or address a row stands for by
 * hashing guesses: a plain SHA-256 of an IPv4 address is reversed by hashing all 2^32 of them.
 */

/** Where the embedded default keeps the secret it generated: beside the database, not in it. */
export const privacySecretFileName = 'privacy-secret';

/** A secret must carry at least this many characters (32 random bytes are 43 in base64url). */
export const privacySecretMinimumLength = 32;

/**
 * The secret of this process: PRIVACY_SECRET when set (loadConfig gives tests one of their own),
 * else the one in DATA_DIR, generated there on first start and reused after (mode 0600). A
 * production server on PostgreSQL without PRIVACY_SECRET never gets here: loadConfig refuses it,
 * since processes on several machines must share one secret that a data directory cannot give.
 */
export function resolvePrivacySecret(config: Pick<Config, 'privacySecret' | 'dataDir'>): string {
  if (config.privacySecret) return config.privacySecret;
  const file = path.join(config.dataDir, privacySecretFileName);
  try {
    return readSecretFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx': two processes starting at once keep the first one's secret.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readSecretFile(file);
  }
}

function readSecretFile(file: string): string {
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < privacySecretMinimumLength) {
    throw new Error(
      `${file} holds no privacy secret of at least ${privacySecretMinimumLength} characters; ` +
        'delete it to have a new one generated (rate-limit counts and known sign-in places start afresh)',
    );
  }
  return secret;
}

/** What a keyed hash is for: each use gets its own key, so that one use's hashes say nothing of another's. */
export type PrivacyPurpose = 'rate-limit-keys' | 'sign-in-places';

/** A keyed hash of a person's identifier (an e-mail, an address) for one purpose. */
export type PrivacyHasher = (value: string) => string;

/**
 * The keyed hash for one purpose: HMAC-SHA-256 under a key derived from the secret by HKDF with
 * the purpose as its info, as base64url.
 */
export function createPrivacyHasher(secret: string, purpose: PrivacyPurpose): PrivacyHasher {
  const key = Buffer.from(hkdfSync('sha256', secret, 'stance', purpose, 32));
  return (value) => createHmac('sha256', key).update(value).digest('base64url');
}
