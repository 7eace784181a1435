import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../jobs/handlers.ts';
import { startJobWorker, type JobWorker } from '../../jobs/worker.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { HttpClient, listen } from '../../test/http-client.ts';
import { readMimePart, startSmtpServer } from '../../test/smtp.ts';
import { hashPassword } from './accounts.passwords.ts';

/** Password reset over real HTTP, with the link delivered through a real SMTP server. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let baseUrl: string;
let worker: JobWorker;
let n = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://stance.example' },
  });
  baseUrl = await listen(t.app);
  worker = startJobWorker(t.db, jobHandlers, { autoStart: false, config: t.config });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function member() {
  n += 1;
  const password = `old password ${n}`;
  const user = await buildUser(t.db, {
    username: `Reset_${n}`,
    email: `reset${n}@example.test`,
    passwordHash: await hashPassword(password),
  });
  return { user, email: user.email!, password };
}

/** Asks for a reset link and returns the token from the delivered e-mail. */
async function mailedResetToken(email: string): Promise<string> {
  const answer = await new HttpClient(baseUrl).post('/api/passwordreset/request', { email });
  expect(answer.status).toBe(200);
  await worker.drain();
  const mail = smtp.mailsTo(email).at(-1)!;
  const text = readMimePart(mail.raw, 'text/plain');
  const link = /https:\/\/stance\.example\/resetpassword\/set\?t=([\w-]+)/.exec(text);
  expect(link, text).not.toBeNull();
  expect(readMimePart(mail.raw, 'text/html')).toContain(link![0]);
  return link![1]!;
}

describe('password reset', () => {
  it('answers the same whether or not the address has an account, and mails only real ones', async () => {
    const { email } = await member();
    const known = await new HttpClient(baseUrl).post('/api/passwordreset/request', { email });
    const unknown = await new HttpClient(baseUrl).post('/api/passwordreset/request', {
      email: 'no-account@example.test',
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);
    expect(known.json).toEqual({ success: true, body: {} });
    await worker.drain();
    expect(smtp.mailsTo(email)).toHaveLength(1);
    expect(smtp.mailsTo('no-account@example.test')).toHaveLength(0);
  });

  it('sets the new password, ends every other session and logs this browser in', async () => {
    const { user, email, password } = await member();
    const elsewhere = new HttpClient(baseUrl);
    await elsewhere.post('/api/login', { email, password });
    expect(await elsewhere.whoAmI()).toBe(user.username);

    const token = await mailedResetToken(email);
    const browser = new HttpClient(baseUrl);
    const answer = await browser.post('/api/passwordreset/set', {
      tokenValue: token,
      newPassword: 'a brand new secret',
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ success: true, body: {} });
    expect(answer.setCookies.find((line) => line.startsWith('stance_session='))).toMatch(/Secure/);
    expect(await browser.whoAmI()).toBe(user.username);
    expect(await elsewhere.whoAmI()).toBe('');

    const oldLogin = await new HttpClient(baseUrl).post('/api/login', { email, password });
    expect(oldLogin.status).toBe(401);
    const newLogin = await new HttpClient(baseUrl).post('/api/login', {
      email,
      password: 'a brand new secret',
    });
    expect(newLogin.status).toBe(200);
  });

  it('refuses a reused token', async () => {
    const { email } = await member();
    const token = await mailedResetToken(email);
    const first = await new HttpClient(baseUrl).post('/api/passwordreset/set', {
      tokenValue: token,
      newPassword: 'first new password',
    });
    expect(first.status).toBe(200);
    const again = await new HttpClient(baseUrl).post('/api/passwordreset/set', {
      tokenValue: token,
      newPassword: 'second new password',
    });
    expect(again.status).toBe(400);
    expect(again.json?.error).toBe(
      'tokenValue: this reset link has expired or was already used; please ask for a new one',
    );
    expect(
      (await new HttpClient(baseUrl).post('/api/login', { email, password: 'first new password' }))
        .status,
    ).toBe(200);
  });

  it('refuses an expired token, an unknown one, and retires older links once one is used', async () => {
    const { user, email } = await member();
    const older = await mailedResetToken(email);
    const newer = await mailedResetToken(email);
    await t.db
      .updateTable('passwordResetTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', user.id)
      .where('usedAt', 'is', null)
      .execute();
    for (const tokenValue of [older, newer, 'made-up-token']) {
      const answer = await new HttpClient(baseUrl).post('/api/passwordreset/set', {
        tokenValue,
        newPassword: 'whatever new pass',
      });
      expect(answer.status).toBe(400);
      expect(answer.json?.error).toMatch(/^tokenValue: this reset link has expired/);
    }
    const fresh = await mailedResetToken(email);
    const spare = await mailedResetToken(email);
    expect(
      (
        await new HttpClient(baseUrl).post('/api/passwordreset/set', {
          tokenValue: fresh,
          newPassword: 'fresh new password',
        })
      ).status,
    ).toBe(200);
    const spareAnswer = await new HttpClient(baseUrl).post('/api/passwordreset/set', {
      tokenValue: spare,
      newPassword: 'spare new password',
    });
    expect(spareAnswer.status).toBe(400);
  });

  it('checks the new password like a signup password', async () => {
    const { email } = await member();
    const token = await mailedResetToken(email);
    const weak = await new HttpClient(baseUrl).post('/api/passwordreset/set', {
      tokenValue: token,
      newPassword: 'qwerty123',
    });
    expect(weak.status).toBe(400);
    expect(weak.json?.error).toBe(
      'newPassword: this password is among the 10,000 most common; choose another',
    );
    const short = await new HttpClient(baseUrl).post('/api/passwordreset/set', {
      tokenValue: token,
      newPassword: 'short',
    });
    expect(short.json?.error).toBe('newPassword: use at least 8 characters');
    // A refused password leaves the link usable.
    const good = await new HttpClient(baseUrl).post('/api/passwordreset/set', {
      tokenValue: token,
      newPassword: 'a much better one',
    });
    expect(good.status).toBe(200);
  });

  it('limits reset requests per address with 429 and Retry-After, known or not', async () => {
    for (const email of ['limited@example.test', (await member()).email]) {
      const client = new HttpClient(baseUrl);
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await client.post('/api/passwordreset/request', { email })).status).toBe(200);
      }
      const sixth = await client.post('/api/passwordreset/request', { email });
      expect(sixth.status).toBe(429);
      expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(3000);
    }
  });
});
