import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrivacyHasher } from '../../privacy-secret.ts';
import { sessionAbsoluteMs, sessionIdleMs } from '../sessions/sessions.service.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { HttpClient, listen } from '../../test/http-client.ts';
import { hashPassword } from './accounts.passwords.ts';

/** Login, logout and sessions over real HTTP. */
let t: TestApp;
let baseUrl: string;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.test' } });
  baseUrl = await listen(t.app);
});
afterAll(async () => {
  await t.close();
});

async function member(options: { email?: string; password?: string } = {}) {
  n += 1;
  const password = options.password ?? `login pass ${n}`;
  const user = await buildUser(t.db, {
    username: `Login_${n}`,
    email: options.email ?? `login${n}@example.test`,
    passwordHash: await hashPassword(password),
  });
  return { user, email: user.email!, password };
}

function sessionCookieOf(setCookies: string[]) {
  return setCookies.find((line) => line.startsWith('stance_session='));
}

describe('login', () => {
  it('logs in with e-mail and password, with an HttpOnly SameSite=Lax session cookie', async () => {
    const { user, email, password } = await member();
    const client = new HttpClient(baseUrl);
    const answer = await client.post('/api/login', { email: email.toUpperCase(), password });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ success: true, body: {} });
    const cookie = sessionCookieOf(answer.setCookies)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
    // At least 128 random bits, stored only as a hash.
    const token = cookie.split(';')[0]!.split('=')[1]!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('userId', '=', user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(await client.whoAmI()).toBe(user.username);
  });

  it('answers an unknown e-mail and a wrong password alike', async () => {
    const { email } = await member();
    const wrongPassword = await new HttpClient(baseUrl).post('/api/login', {
      email,
      password: 'not the password',
    });
    const unknownEmail = await new HttpClient(baseUrl).post('/api/login', {
      email: 'nobody-here@example.test',
      password: 'not the password',
    });
    const passwordless = await buildUser(t.db, {
      email: `social${n}@example.test`,
      passwordHash: null,
    });
    const noPassword = await new HttpClient(baseUrl).post('/api/login', {
      email: passwordless.email,
      password: 'not the password',
    });
    for (const answer of [wrongPassword, unknownEmail, noPassword]) {
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ success: false, error: 'The e-mail or password is not right' });
      expect(sessionCookieOf(answer.setCookies)).toBeUndefined();
    }
  });

  it('refuses the 11th bad login within 10 minutes for one account with 429 and Retry-After', async () => {
    const { email, password } = await member();
    const attacker = new HttpClient(baseUrl);
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = await attacker.post('/api/login', { email, password: `guess ${attempt}` });
      expect(answer.status, `attempt ${attempt}`).toBe(401);
    }
    const eleventh = await attacker.post('/api/login', { email, password: 'guess 11' });
    expect(eleventh.status).toBe(429);
    expect(eleventh.json?.error).toMatch(
      /^Too many attempts; please try again in \d+ minutes?, or log in with a code sent to your e-mail$/,
    );
    const retryAfter = Number(eleventh.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(540);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Even the right password waits: guessing must not be able to find it by timing the 429.
    expect((await new HttpClient(baseUrl).post('/api/login', { email, password })).status).toBe(
      429,
    );
    // Other accounts are not affected.
    const other = await member();
    expect((await attacker.post('/api/login', other)).status).toBe(200);
  });

  it('counts an unknown address like a real one, so the limit reveals nothing', async () => {
    const client = new HttpClient(baseUrl);
    const email = 'ghost-account@example.test';
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await client.post('/api/login', { email, password: 'guess guess' })).status).toBe(
        401,
      );
    }
    expect((await client.post('/api/login', { email, password: 'guess guess' })).status).toBe(429);
  });

  it('rotates the session on login: the token a browser had before is dead afterwards', async () => {
    const first = await member();
    const second = await member();
    const client = new HttpClient(baseUrl);
    await client.post('/api/login', first);
    const before = client.cookies.get('stance_session')!.value;
    await client.post('/api/login', second);
    const after = client.cookies.get('stance_session')!.value;
    expect(after).not.toBe(before);
    expect(await client.whoAmI()).toBe(second.user.username);
    const replay = new HttpClient(baseUrl);
    replay.cookies.set('stance_session', { value: before, path: '/' });
    expect(await replay.whoAmI()).toBe('');
  });

  it('logs out with GET /logout: 302 to / and the session is dead on the server', async () => {
    const { email, password } = await member();
    const client = new HttpClient(baseUrl);
    await client.post('/api/login', { email, password });
    const token = client.cookies.get('stance_session')!.value;
    const answer = await client.get('/logout');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/');
    expect(client.cookies.has('stance_session')).toBe(false);
    const replay = new HttpClient(baseUrl);
    replay.cookies.set('stance_session', { value: token, path: '/' });
    expect(await replay.whoAmI()).toBe('');
  });

  it('ends a session after 14 idle days and 30 days after login however active', async () => {
    const { user, email, password } = await member();
    const idle = new HttpClient(baseUrl);
    await idle.post('/api/login', { email, password });
    expect(await idle.whoAmI()).toBe(user.username);
    await t.db
      .updateTable('sessions')
      .set({ lastSeenAt: new Date(Date.now() - sessionIdleMs - 1000) })
      .where('userId', '=', user.id)
      .execute();
    const idleAnswer = await idle.post('/api/user/info');
    expect(idleAnswer.json?.body?.Username).toBe('');
    expect(idleAnswer.setCookies.some((line) => line.startsWith('stance_session=;'))).toBe(true);

    const old = new HttpClient(baseUrl);
    await old.post('/api/login', { email, password });
    await t.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', user.id)
      .execute();
    expect(await old.whoAmI()).toBe('');
    expect(sessionAbsoluteMs).toBe(30 * 86_400_000);
  });

  it('refreshes the idle clock of a session in use', async () => {
    const { user, email, password } = await member();
    const client = new HttpClient(baseUrl);
    await client.post('/api/login', { email, password });
    const stale = new Date(Date.now() - 2 * 86_400_000);
    await t.db
      .updateTable('sessions')
      .set({ lastSeenAt: stale })
      .where('userId', '=', user.id)
      .execute();
    await client.whoAmI();
    const session = await t.db
      .selectFrom('sessions')
      .select('lastSeenAt')
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(session.lastSeenAt.getTime()).toBeGreaterThan(stale.getTime() + 86_400_000);
  });

  it('gives ADMIN_EMAILS accounts every staff flag and role admin, on the row too', async () => {
    const { user, password } = await member({ email: 'boss@example.test' });
    const client = new HttpClient(baseUrl);
    await client.post('/api/login', { email: 'boss@example.test', password });
    const info = (await client.post('/api/user/info')).json?.body;
    expect(info).toMatchObject({
      Username: user.username,
      CanDeleteContent: true,
      AdminHub: true,
      CanSeeDetailedOpinionReport: true,
      CanCreateOpinions: true,
      Role: 'admin',
    });
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'admin', adminHub: true, canCreateOpinions: true });
  });

  it('upgrades a hash made with weaker parameters at the next login', async () => {
    const { hash } = await import('@node-rs/argon2');
    const password = 'upgrade me please';
    const user = await buildUser(t.db, {
      email: 'upgrade@example.test',
      passwordHash: await hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 }),
    });
    expect(
      (await new HttpClient(baseUrl).post('/api/login', { email: user.email, password })).status,
    ).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select('passwordHash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/m=65536,t=3,p=1/);
  });
});

describe('cookies under https', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://stance.example' } });
    try {
      const password = 'secure cookie pass';
      await buildUser(secure.db, {
        email: 'secure@example.test',
        passwordHash: await hashPassword(password),
      });
      const answer = await secure.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: { body: { email: 'secure@example.test', password } },
      });
      expect(answer.statusCode).toBe(200);
      const cookie = [answer.headers['set-cookie']]
        .flat()
        .find((line) => line?.startsWith('stance_session='));
      expect(cookie).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});

describe('what a login stores about the e-mail and the address', () => {
  it('keeps only keyed hashes (PRIVACY_SECRET): no e-mail or address, nor their plain hash', async () => {
    const { user, email, password } = await member();
    const client = new HttpClient(baseUrl);
    expect((await client.post('/api/login', { email, password: 'a wrong guess' })).status).toBe(
      401,
    );
    expect((await client.post('/api/login', { email, password })).status).toBe(200);

    const places = (
      await t.db
        .selectFrom('knownSignInPlaces')
        .select('placeHash')
        .where('userId', '=', user.id)
        .execute()
    ).map((row) => row.placeHash);
    const hashPlace = createPrivacyHasher(t.config.privacySecret!, 'sign-in-places');
    expect(places).toContain(hashPlace('address:127.0.0.1'));
    const plainHash = createHash('sha256').update('address:127.0.0.1').digest('hex');
    expect(places).not.toContain(plainHash);

    const buckets = (await t.db.selectFrom('rateLimitWindows').select('bucket').execute()).map(
      (row) => row.bucket,
    );
    const hashKey = createPrivacyHasher(t.config.privacySecret!, 'rate-limit-keys');
    expect(buckets).toContain(`login-ip:${hashKey('127.0.0.1')}`);
    for (const bucket of buckets) {
      expect(bucket).not.toContain(email);
      expect(bucket).not.toContain('127.0.0.1');
    }
  });
});

describe('limits shared through Redis', () => {
  it('counts bad logins across processes: 5 on one server and 5 on another, the 11th is 429', async () => {
    const { randomBytes } = await import('node:crypto');
    const path = await import('node:path');
    const { buildApp } = await import('../../app.ts');
    const { createDatabaseRateLimiter, createRedisRateLimiter } =
      await import('../../plugins/rate-limit.ts');
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const keyPrefix = `stance-test:${randomBytes(4).toString('hex')}:`;
    const webDir = path.resolve(import.meta.dirname, '../../test/fixtures/web');
    const servers = await Promise.all(
      [1, 2].map(async () => {
        const hashKey = createPrivacyHasher(t.config.privacySecret!, 'rate-limit-keys');
        const rateLimiter = createRedisRateLimiter(redisUrl, {
          keyPrefix,
          hashKey,
          fallback: createDatabaseRateLimiter(t.db, hashKey),
        });
        const app = await buildApp({ config: t.config, db: t.db, webDir, rateLimiter });
        return { app, rateLimiter, url: await listen(app) };
      }),
    );
    try {
      const { email } = await member();
      const [first, second] = servers.map((server) => new HttpClient(server.url));
      for (let attempt = 1; attempt <= 10; attempt++) {
        const client = attempt % 2 === 0 ? first! : second!;
        expect((await client.post('/api/login', { email, password: 'wrong guess' })).status).toBe(
          401,
        );
      }
      expect((await first!.post('/api/login', { email, password: 'wrong guess' })).status).toBe(
        429,
      );
      expect((await second!.post('/api/login', { email, password: 'wrong guess' })).status).toBe(
        429,
      );
    } finally {
      for (const server of servers) {
        await server.app.close();
        await server.rateLimiter.close();
      }
    }
  });
});
