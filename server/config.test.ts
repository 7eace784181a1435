import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('has the documented defaults (README, Configuration)', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      seed: 'demo',
      mailFrom: 'Stance <no-reply@localhost>',
      isProduction: false,
      trustProxy: false,
      http: {
        requestTimeoutMs: 30_000,
        headersTimeoutMs: 10_000,
        keepAliveTimeoutMs: 72_000,
        maxConnections: 10_000,
      },
    });
  });

  it('reads CONTACT_EMAIL, an e-mail address (unset by default)', () => {
    expect(loadConfig({}).contactEmail).toBeUndefined();
    expect(loadConfig({ CONTACT_EMAIL: ' privacy@stance.example ' }).contactEmail).toBe(
      'privacy@stance.example',
    );
    expect(() => loadConfig({ CONTACT_EMAIL: 'privacy desk' })).toThrow(/CONTACT_EMAIL/);
  });

  it('reads MIN_GROUP_SIZE, a positive whole number of members (default 10)', () => {
    expect(loadConfig({}).minGroupSize).toBe(10);
    expect(loadConfig({ MIN_GROUP_SIZE: '25' }).minGroupSize).toBe(25);
    expect(loadConfig({ MIN_GROUP_SIZE: '1' }).minGroupSize).toBe(1);
    for (const value of ['0', '-3', '2.5', 'ten']) {
      expect(() => loadConfig({ MIN_GROUP_SIZE: value }), value).toThrow(
        /MIN_GROUP_SIZE: expected a positive whole number of members/,
      );
    }
  });

  it('reads DP_EPSILON and DP_DAILY_BUDGET, positive numbers (defaults 0.5 and 10)', () => {
    expect(loadConfig({}).dpEpsilon).toBe(0.5);
    expect(loadConfig({}).dpDailyBudget).toBe(10);
    expect(loadConfig({ DP_EPSILON: '0.25', DP_DAILY_BUDGET: '4' })).toMatchObject({
      dpEpsilon: 0.25,
      dpDailyBudget: 4,
    });
    for (const value of ['0', '-1', 'half']) {
      expect(() => loadConfig({ DP_EPSILON: value }), value).toThrow(/DP_EPSILON/);
      expect(() => loadConfig({ DP_DAILY_BUDGET: value }), value).toThrow(/DP_DAILY_BUDGET/);
    }
  });

  it('derives the default PUBLIC_URL from PORT and HOST', () => {
    expect(loadConfig({ PORT: '3201' }).publicUrl).toBe('http://localhost:3201');
    expect(loadConfig({ PORT: '3201', HOST: '0.0.0.0' }).publicUrl).toBe('http://localhost:3201');
    expect(loadConfig({ PORT: '8080', HOST: '192.0.2.7' }).publicUrl).toBe('http://192.0.2.7:8080');
    expect(loadConfig({ PORT: '8080', HOST: 'fd00::7' }).publicUrl).toBe('http://[fd00::7]:8080');
    expect(loadConfig({ PORT: '3201', PUBLIC_URL: 'http://stance.test' }).publicUrl).toBe(
      'http://stance.test',
    );
  });

  it('reads lists and trims', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' Ada@Example.com, bob@example.com ,',
      PUBLIC_URL: 'https://stance.example/',
      NODE_ENV: 'production',
    });
    expect(config.adminEmails).toEqual(['ada@example.com', 'bob@example.com']);
    expect(config.publicUrl).toBe('https://stance.example');
  });

  it('names every invalid variable at once', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', SEED: 'everything', PUBLIC_URL: 'not a url' }),
    ).toThrow(/PORT[\s\S]*PUBLIC_URL[\s\S]*SEED|PORT[\s\S]*SEED[\s\S]*PUBLIC_URL/);
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,loopback,192.0.2.7' }).trustProxy).toEqual({
      addresses: ['10.0.0.0/8', '::1', 'loopback', '192.0.2.7'],
    });
    expect(loadConfig({ TRUST_PROXY: 'fd00::/8' }).trustProxy).toEqual({ addresses: ['fd00::/8'] });
  });

  it('refuses a TRUST_PROXY that is neither a number of proxies nor their addresses', () => {
    for (const value of [
      'true',
      'proxy.example',
      '10.0.0.0/33',
      '10.0.0.1/8/1',
      '1.2.3.4,',
      '-1',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: expected how many proxies/,
      );
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/any client choose its own address/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,,proxy' })).toThrow(/address: "", "proxy"/);
  });

  it('refuses development mode for a site with an https address', () => {
    for (const environment of [
      { PUBLIC_URL: 'https://stance.example' },
      { PUBLIC_URL: 'https://stance.example', NODE_ENV: 'development' },
    ]) {
      expect(() => loadConfig(environment)).toThrow(/NODE_ENV: .*set NODE_ENV=production/);
    }
    for (const mode of ['production', 'test']) {
      const config = loadConfig({ PUBLIC_URL: 'https://stance.example', NODE_ENV: mode });
      expect(config.publicUrl).toBe('https://stance.example');
    }
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:3000' }).isProduction).toBe(false);
  });

  it('reads the HTTP server limits, a header timeout no longer than the request timeout', () => {
    const config = loadConfig({
      REQUEST_TIMEOUT_MS: '20000',
      HEADERS_TIMEOUT_MS: '5000',
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      MAX_CONNECTIONS: '500',
    });
    expect(config.http).toEqual({
      requestTimeoutMs: 20_000,
      headersTimeoutMs: 5000,
      keepAliveTimeoutMs: 65_000,
      maxConnections: 500,
    });
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS \(5000\)/,
    );
    expect(() =>
      loadConfig({ REQUEST_TIMEOUT_MS: '0', KEEP_ALIVE_TIMEOUT_MS: 'soon', MAX_CONNECTIONS: '0' }),
    ).toThrow(/REQUEST_TIMEOUT_MS[\s\S]*KEEP_ALIVE_TIMEOUT_MS[\s\S]*MAX_CONNECTIONS/);
  });
});
