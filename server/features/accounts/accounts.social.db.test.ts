import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { HttpClient, listen } from '../../test/http-client.ts';
import { startFacebookStandIn, startGoogleStandIn } from '../../test/providers.ts';

/**
 * Google and Facebook sign-in over real HTTP. The verification code is the production one; only
 * the providers' base URLs point at local stand-ins.
 */
const clientId = 'stance-test.apps.googleusercontent.com';
const issuer = 'https://accounts.google.com';
const appId = '1234567890';
const appSecret = 'facebook-app-secret';

let t: TestApp;
let baseUrl: string;
let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
let facebook: Awaited<ReturnType<typeof startFacebookStandIn>>;
let n = 0;

beforeAll(async () => {
  google = await startGoogleStandIn({ clientId, issuer });
  facebook = await startFacebookStandIn({ appId, appSecret });
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_JWKS_URL: google.jwksUrl,
      GOOGLE_ISSUER: issuer,
      FACEBOOK_APP_ID: appId,
      FACEBOOK_APP_SECRET: appSecret,
      FACEBOOK_GRAPH_URL: facebook.graphUrl,
    },
  });
  baseUrl = await listen(t.app);
});
afterAll(async () => {
  await t.close();
  await google.close();
  await facebook.close();
});

const next = () => ++n;

describe('Google sign-in', () => {
  it('answers no_user for a new person, then the username step creates the account', async () => {
    const id = next();
    const idToken = await google.idToken({
      sub: `google-${id}`,
      email: `g${id}@gmail.test`,
      email_verified: true,
    });
    const client = new HttpClient(baseUrl);
    const first = await client.post('/api/google/login', { idToken });
    expect(first.json).toEqual({ success: true, body: { Status: 'no_user' } });
    expect(await client.whoAmI()).toBe('');

    const signup = await client.post('/api/google/signup', {
      idToken,
      username: `Googler_${id}`,
      rid: 'panel-7',
    });
    expect(signup.status).toBe(200);
    expect(await client.whoAmI()).toBe(`Googler_${id}`);
    const info = (await client.post('/api/user/info')).json?.body;
    expect(info?.ExternalID).toBe('panel-7');
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', `Googler_${id}`)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: `g${id}@gmail.test`, passwordHash: null });

    const again = new HttpClient(baseUrl);
    const relogin = await again.post('/api/google/login', { idToken });
    expect(relogin.json).toEqual({ success: true, body: { Status: 'logged_in' } });
    expect(await again.whoAmI()).toBe(`Googler_${id}`);
  });

  it('links a verified e-mail to the existing account with that address', async () => {
    const id = next();
    const owner = await buildUser(t.db, {
      username: `Owner_${id}`,
      email: `owner${id}@example.test`,
    });
    const idToken = await google.idToken({
      sub: `google-${id}`,
      email: `Owner${id}@Example.test`,
      email_verified: true,
    });
    const client = new HttpClient(baseUrl);
    expect((await client.post('/api/google/login', { idToken })).json?.body?.Status).toBe(
      'logged_in',
    );
    expect(await client.whoAmI()).toBe(owner.username);
    const link = await t.db
      .selectFrom('externalIdentities')
      .selectAll()
      .where('subject', '=', `google-${id}`)
      .executeTakeFirstOrThrow();
    expect(link).toMatchObject({ provider: 'google', userId: owner.id });
  });

  it('never links an unverified e-mail: the person gets a new account without that address', async () => {
    const id = next();
    const owner = await buildUser(t.db, {
      username: `Victim_${id}`,
      email: `victim${id}@example.test`,
    });
    const idToken = await google.idToken({
      sub: `google-${id}`,
      email: owner.email!,
      email_verified: false,
    });
    const client = new HttpClient(baseUrl);
    expect((await client.post('/api/google/login', { idToken })).json?.body?.Status).toBe(
      'no_user',
    );
    await client.post('/api/google/signup', { idToken, username: `Other_${id}`, rid: '' });
    expect(await client.whoAmI()).toBe(`Other_${id}`);
    const created = await t.db
      .selectFrom('users')
      .select('email')
      .where('username', '=', `Other_${id}`)
      .executeTakeFirstOrThrow();
    expect(created.email).toBeNull();
  });

  it('refuses a forged signature, an expired token, a wrong audience or issuer, and garbage', async () => {
    const id = next();
    const claims = { sub: `google-${id}`, email: `f${id}@gmail.test`, email_verified: true };
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, string, string][] = [
      ['forged', await google.forge(claims), 'idToken: the Google sign-in could not be verified'],
      [
        'expired',
        await google.idToken({ ...claims, iat: now - 7200, exp: now - 3600 }),
        'idToken: the Google sign-in has expired; please try again',
      ],
      [
        'wrong audience',
        await google.idToken({ ...claims, aud: 'someone-else.apps.googleusercontent.com' }),
        'idToken: the Google sign-in could not be verified',
      ],
      [
        'wrong issuer',
        await google.idToken({ ...claims, iss: 'https://evil.example' }),
        'idToken: the Google sign-in could not be verified',
      ],
      ['garbage', 'not.a.jwt', 'idToken: the Google sign-in could not be verified'],
    ];
    for (const [name, idToken, message] of cases) {
      const client = new HttpClient(baseUrl);
      const login = await client.post('/api/google/login', { idToken });
      expect(login.status, name).toBe(401);
      expect(login.json, name).toEqual({ success: false, error: message });
      const signup = await client.post('/api/google/signup', {
        idToken,
        username: `Bad_${id}`,
        rid: '',
      });
      expect(signup.status, name).toBe(401);
      expect(await client.whoAmI()).toBe('');
    }
    const users = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', `Bad_${id}`)
      .execute();
    expect(users).toEqual([]);
  });

  it('accepts the issuer written without its scheme, as Google also issues it', async () => {
    const id = next();
    const idToken = await google.idToken({ sub: `google-${id}`, iss: 'accounts.google.com' });
    const answer = await new HttpClient(baseUrl).post('/api/google/login', { idToken });
    expect(answer.json).toEqual({ success: true, body: { Status: 'no_user' } });
  });

  it('checks the chosen username', async () => {
    const id = next();
    await buildUser(t.db, { username: `Taken_${id}` });
    const idToken = await google.idToken({ sub: `google-${id}` });
    const client = new HttpClient(baseUrl);
    const taken = await client.post('/api/google/signup', {
      idToken,
      username: `TAKEN_${id}`,
      rid: '',
    });
    expect(taken.status).toBe(400);
    expect(taken.json?.error).toBe('username: that username is taken; please choose another');
    const invalid = await client.post('/api/google/signup', { idToken, username: 'a b', rid: '' });
    expect(invalid.json?.error).toBe('username: use 3 to 30 letters, digits, _ or -');
  });
});

describe('Facebook login', () => {
  it('answers no_user, then the username step creates the account; later logins log in', async () => {
    const id = next();
    const token = facebook.issue(`fb-token-${id}`, {
      userId: `fb-${id}`,
      email: `fb${id}@example.test`,
    });
    const client = new HttpClient(baseUrl);
    const first = await client.post('/api/facebook/login', { access_token: token, email: '' });
    expect(first.json).toEqual({ success: true, body: { Status: 'no_user' } });
    const signup = await client.post('/api/facebook/signup', {
      access_token: token,
      email: `fb${id}@example.test`,
      username: `Facebooker_${id}`,
      rid: '',
    });
    expect(signup.status).toBe(200);
    expect(await client.whoAmI()).toBe(`Facebooker_${id}`);
    const again = new HttpClient(baseUrl);
    expect(
      (await again.post('/api/facebook/login', { access_token: token })).json?.body?.Status,
    ).toBe('logged_in');
    expect(await again.whoAmI()).toBe(`Facebooker_${id}`);
  });

  it('answers expired for an expired token', async () => {
    const id = next();
    const token = facebook.issue(`fb-expired-${id}`, { userId: `fb-${id}`, isExpired: true });
    const answer = await new HttpClient(baseUrl).post('/api/facebook/login', {
      access_token: token,
    });
    expect(answer.json).toEqual({ success: true, body: { Status: 'expired' } });
  });

  it('refuses a revoked token, an unknown one and one issued to another app', async () => {
    const id = next();
    const revoked = facebook.issue(`fb-revoked-${id}`, { userId: `fb-${id}`, isRevoked: true });
    const otherApp = facebook.issue(`fb-other-${id}`, { userId: `fb-${id}`, appId: '999' });
    for (const token of [revoked, otherApp, 'never-issued']) {
      const client = new HttpClient(baseUrl);
      const answer = await client.post('/api/facebook/login', { access_token: token });
      expect(answer.status, token).toBe(401);
      expect(answer.json?.error).toBe('access_token: the Facebook login could not be verified');
      expect(await client.whoAmI()).toBe('');
    }
  });

  it('trusts the e-mail from the Graph API, never the one the browser sends', async () => {
    const id = next();
    const owner = await buildUser(t.db, {
      username: `FbOwner_${id}`,
      email: `fbowner${id}@example.test`,
    });
    const noEmail = facebook.issue(`fb-noemail-${id}`, { userId: `fb-a-${id}` });
    const claimed = await new HttpClient(baseUrl).post('/api/facebook/login', {
      access_token: noEmail,
      email: owner.email,
    });
    expect(claimed.json?.body?.Status).toBe('no_user');

    const withEmail = facebook.issue(`fb-email-${id}`, {
      userId: `fb-b-${id}`,
      email: owner.email!,
    });
    const client = new HttpClient(baseUrl);
    const linked = await client.post('/api/facebook/login', { access_token: withEmail, email: '' });
    expect(linked.json?.body?.Status).toBe('logged_in');
    expect(await client.whoAmI()).toBe(owner.username);
  });
});

describe('the providers the client may show', () => {
  it('tells the client which providers are configured', async () => {
    const answer = await new HttpClient(baseUrl).get('/api/accounts/config');
    expect(answer.json).toEqual({
      success: true,
      body: { GoogleClientID: clientId, FacebookAppID: appId, ContactEmail: '' },
    });
  });

  it("lets the providers' scripts through the Content-Security-Policy only when configured", async () => {
    const configured = await fetch(`${baseUrl}/login`);
    const policy = configured.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(
      /script-src 'self' https:\/\/accounts\.google\.com\/gsi\/client https:\/\/connect\.facebook\.net/,
    );
    expect(configured.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    const plain = await createTestApp();
    try {
      const page = await plain.app.inject({ method: 'GET', url: '/login' });
      expect(page.headers['content-security-policy']).toMatch(/script-src 'self';/);
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    } finally {
      await plain.close();
    }
  });

  it('hides and refuses providers that are not configured', async () => {
    const plain = await createTestApp({ env: { CONTACT_EMAIL: 'privacy@stance.example' } });
    try {
      const config = await plain.app.inject({ method: 'GET', url: '/api/accounts/config' });
      expect(config.json()).toEqual({
        success: true,
        body: { GoogleClientID: '', FacebookAppID: '', ContactEmail: 'privacy@stance.example' },
      });
      for (const [url, body] of [
        ['/api/google/login', { idToken: 'x' }],
        ['/api/facebook/login', { access_token: 'x' }],
      ] as const) {
        const answer = await plain.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: { body },
        });
        expect(answer.statusCode).toBe(404);
        expect(answer.json().success).toBe(false);
      }
    } finally {
      await plain.close();
    }
  });
});
