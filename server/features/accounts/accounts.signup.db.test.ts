import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../jobs/handlers.ts';
import { startJobWorker, type JobWorker } from '../../jobs/worker.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { HttpClient, listen } from '../../test/http-client.ts';
import { readMimePart, startSmtpServer } from '../../test/smtp.ts';

/** E-mail signup over real HTTP, with the code delivered through a real SMTP server. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let baseUrl: string;
let worker: JobWorker;
let n = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Stance <hello@stance.test>' } });
  baseUrl = await listen(t.app);
  worker = startJobWorker(t.db, jobHandlers, { autoStart: false, config: t.config });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let client: HttpClient;
beforeEach(() => {
  client = new HttpClient(baseUrl);
});

function newAccount() {
  n += 1;
  return {
    email: `signup${n}@example.test`,
    username: `Signer_${n}`,
    password: `a fine pass ${n}`,
  };
}

/** Delivers queued mail and returns the code in the newest mail to the address. */
async function deliveredCode(email: string): Promise<string> {
  await worker.drain();
  const mail = smtp.mailsTo(email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const code = /\b(\d{6})\b/.exec(readMimePart(mail.raw, 'text/plain'))?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
}

function wrongCodeFor(code: string) {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

describe('e-mail signup with a code', () => {
  it('mails a 6-digit code (plain text and HTML) and the code creates the account, logged in', async () => {
    const account = newAccount();
    const requested = await client.post('/api/signup/requestcode', account);
    expect(requested.status).toBe(200);
    expect(requested.json).toEqual({ success: true, body: {} });
    const signupCookie = requested.setCookies.find((line) => line.startsWith('stance_signup='));
    expect(signupCookie).toMatch(/HttpOnly/i);
    expect(signupCookie).toMatch(/SameSite=Lax/i);
    expect(signupCookie).toMatch(/Path=\/api\/signup/);

    await worker.drain();
    const [mail] = smtp.mailsTo(account.email);
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('hello@stance.test');
    expect(mail!.raw).toMatch(/multipart\/alternative/);
    const text = readMimePart(mail!.raw, 'text/plain');
    const html = readMimePart(mail!.raw, 'text/html');
    const code = /\b(\d{6})\b/.exec(text)![1]!;
    expect(html).toContain(code);
    expect(mail!.raw).toMatch(new RegExp(`Subject: ${code} is your Stance code`));
    // Delivered mail bodies leave the jobs table: they carry the code.
    const jobs = await t.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'send-mail')
      .execute();
    expect(JSON.stringify(jobs)).not.toContain(code);

    expect(await client.whoAmI()).toBe('');
    const verified = await client.post('/api/signup/verifycode', { code });
    expect(verified.status).toBe(200);
    expect(verified.json).toEqual({ success: true, body: {} });
    expect(await client.whoAmI()).toBe(account.username);
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', account.email)
      .executeTakeFirstOrThrow();
    expect(user.username).toBe(account.username);
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    expect(await t.db.selectFrom('pendingSignups').selectAll().execute()).toHaveLength(0);
  });

  it('refuses a wrong code, telling how many tries are left, and still takes the right one', async () => {
    const account = newAccount();
    await client.post('/api/signup/requestcode', account);
    const code = await deliveredCode(account.email);
    const wrong = await client.post('/api/signup/verifycode', { code: wrongCodeFor(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({
      success: false,
      error: 'code: that code is not right; 4 tries left',
    });
    expect(await client.whoAmI()).toBe('');
    expect((await client.post('/api/signup/verifycode', { code })).status).toBe(200);
    expect(await client.whoAmI()).toBe(account.username);
  });

  it('kills the code after 5 wrong tries: the 6th try fails even with the right code', async () => {
    const account = newAccount();
    await client.post('/api/signup/requestcode', account);
    const code = await deliveredCode(account.email);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await client.post('/api/signup/verifycode', { code: wrongCodeFor(code) });
      expect(answer.status).toBe(400);
    }
    const sixth = await client.post('/api/signup/verifycode', { code });
    expect(sixth.status).toBe(400);
    expect(sixth.json?.error).toBe('code: too many wrong tries; please ask for a new code');
    expect(await client.whoAmI()).toBe('');
    // A new code starts over.
    await client.post('/api/signup/requestcode', account);
    const fresh = await deliveredCode(account.email);
    expect((await client.post('/api/signup/verifycode', { code: fresh })).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const account = newAccount();
    await client.post('/api/signup/requestcode', account);
    const code = await deliveredCode(account.email);
    await t.db
      .updateTable('pendingSignups')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('email', '=', account.email)
      .execute();
    const answer = await client.post('/api/signup/verifycode', { code });
    expect(answer.status).toBe(400);
    expect(answer.json?.error).toBe('code: this code has expired; please ask for a new one');
    expect(await client.whoAmI()).toBe('');
  });

  it('binds the code to the browser that asked for it', async () => {
    const account = newAccount();
    await client.post('/api/signup/requestcode', account);
    const code = await deliveredCode(account.email);
    const otherBrowser = new HttpClient(baseUrl);
    const answer = await otherBrowser.post('/api/signup/verifycode', { code });
    expect(answer.status).toBe(400);
    expect(answer.json?.error).toMatch(/^code: this sign-up has expired or was started in another/);
  });

  it('names the field of every invalid input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { email: 'not-an-email', username: 'valid_name', password: 'long enough pass' },
        'email: enter a valid e-mail address',
      ],
      [
        { email: 'a@example.test', username: 'ab', password: 'long enough pass' },
        'username: use 3 to 30 letters, digits, _ or -',
      ],
      [
        { email: 'a@example.test', username: 'has space', password: 'long enough pass' },
        'username: use 3 to 30 letters, digits, _ or -',
      ],
      [
        { email: 'a@example.test', username: 'x'.repeat(31), password: 'long enough pass' },
        'username: use 3 to 30 letters, digits, _ or -',
      ],
      [
        { email: 'a@example.test', username: 'valid_name', password: 'short' },
        'password: use at least 8 characters',
      ],
      [
        { email: 'a@example.test', username: 'valid_name', password: 'p'.repeat(257) },
        'password: use at most 256 characters',
      ],
      [
        { email: 'a@example.test', username: 'valid_name', password: 'Password1' },
        'password: this password is among the 10,000 most common; choose another',
      ],
      [
        { email: 'a@example.test', username: 'valid_name', password: 'sunshine' },
        'password: this password is among the 10,000 most common; choose another',
      ],
      [{ username: 'valid_name', password: 'long enough pass' }, 'email is required'],
    ];
    for (const [payload, message] of cases) {
      const answer = await client.post('/api/signup/requestcode', payload);
      expect(answer.status, message).toBe(400);
      expect(answer.json).toEqual({ success: false, error: message });
    }
    expect((await client.post('/api/signup/verifycode', { code: '12345' })).json?.error).toBe(
      'code: enter the 6-digit code from the e-mail',
    );
  });

  it('keeps usernames unique without regard to case, and stores them as typed', async () => {
    await buildUser(t.db, { username: 'TakenName', email: 'taken@example.test' });
    const answer = await client.post('/api/signup/requestcode', {
      email: 'other@example.test',
      username: 'takenNAME',
      password: 'long enough pass',
    });
    expect(answer.status).toBe(400);
    expect(answer.json?.error).toBe('username: that username is taken; please choose another');
  });

  it('never reveals that an address has an account: same answer, and the owner gets a note', async () => {
    await buildUser(t.db, { username: 'OwnerOfAddress', email: 'owner@example.test' });
    const fresh = newAccount();
    const forNew = await client.post('/api/signup/requestcode', fresh);
    const forExisting = await new HttpClient(baseUrl).post('/api/signup/requestcode', {
      email: 'Owner@Example.test',
      username: 'Impostor_1',
      password: 'long enough pass',
    });
    expect(forExisting.status).toBe(forNew.status);
    expect(forExisting.json).toEqual(forNew.json);
    expect(forExisting.setCookies.map((line) => line.split('=')[0])).toEqual(
      forNew.setCookies.map((line) => line.split('=')[0]),
    );
    await worker.drain();
    const [note] = smtp.mailsTo('owner@example.test');
    expect(note!.raw).toMatch(/Subject: You already have a Stance account/);
    expect(readMimePart(note!.raw, 'text/plain')).not.toMatch(/\b\d{6}\b/);
  });

  it('records the referrer id for the signup in this browser', async () => {
    const account = newAccount();
    await client.post('/api/signup/requestcode', account);
    expect(
      (await client.post('/api/signup/externalid', { email: account.email, rid: 'panel-42' }))
        .status,
    ).toBe(200);
    // Another browser naming the same address changes nothing.
    await new HttpClient(baseUrl).post('/api/signup/externalid', {
      email: account.email,
      rid: 'intruder',
    });
    await client.post('/api/signup/verifycode', { code: await deliveredCode(account.email) });
    const info = await client.post('/api/user/info');
    expect(info.json?.body?.ExternalID).toBe('panel-42');
    expect((await client.post('/api/user/setexternalid', { rid: 'panel-43' })).status).toBe(200);
    expect((await client.post('/api/user/info')).json?.body?.ExternalID).toBe('panel-43');
    const anonymous = await new HttpClient(baseUrl).post('/api/user/setexternalid', { rid: 'x' });
    expect(anonymous.status).toBe(401);
  });
});
