import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../jobs/handlers.ts';
import { startJobWorker, type JobWorker } from '../../jobs/worker.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { HttpClient, listen, type HttpAnswer } from '../../test/http-client.ts';
import { accountLimits } from './accounts.limits.ts';
import { hashPassword } from './accounts.passwords.ts';

/**
 * Login limits under attack, over real HTTP from several loopback addresses (127.0.0.x are all
 * this machine, but the server sees each as another client): attempts are counted before the
 * password is checked, and an attacker elsewhere cannot lock the owner out.
 */
let t: TestApp;
let baseUrl: string;
let worker: JobWorker;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
  worker = startJobWorker(t.db, jobHandlers, { autoStart: false, config: t.config });
});
afterAll(async () => {
  await t.close();
});

async function member() {
  n += 1;
  const password = `limits pass ${n}`;
  const user = await buildUser(t.db, {
    username: `Limits_${n}`,
    email: `limits${n}@example.test`,
    passwordHash: await hashPassword(password),
  });
  return { user, email: user.email!, password };
}

/** A browser on its own machine: 127.0.0.<host>. */
function browserAt(host: number) {
  return new HttpClient(baseUrl, { localAddress: `127.0.0.${host}` });
}

/** Delivers queued mail and returns the newest outbox mail to the address. */
async function newestMailTo(email: string) {
  await worker.drain();
  return t.db
    .selectFrom('mailOutbox')
    .selectAll()
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

function statuses(answers: HttpAnswer[]) {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}

describe('a parallel burst of wrong passwords', () => {
  it('from 20 addresses at once: at most the per-account ceiling is checked, the rest get 429', async () => {
    const { email } = await member();
    const attackers = Array.from({ length: 20 }, (_, index) => browserAt(100 + index));
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, attempt) =>
        attackers[attempt % attackers.length]!.post('/api/login', {
          email,
          password: `wrong guess ${attempt}`,
        }),
      ),
    );
    const counts = statuses(answers);
    // A 401 is a password that was checked; a 429 one that never was.
    expect(counts[401]).toBe(accountLimits.loginPerAccountFromNewPlaces.limit);
    expect(counts[429]).toBe(100 - accountLimits.loginPerAccountFromNewPlaces.limit);
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
  });

  it('from one address at once: at most the per-account-and-address limit is checked', async () => {
    const { email } = await member();
    const attacker = browserAt(60);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, attempt) =>
        attacker.post('/api/login', { email, password: `wrong guess ${attempt}` }),
      ),
    );
    expect(statuses(answers)).toEqual({
      401: accountLimits.loginPerAccountAndIp.limit,
      429: 100 - accountLimits.loginPerAccountAndIp.limit,
    });
  });
});

describe('the owner during an attack', () => {
  it('gets in from an address signed in from before, and with an e-mailed code from a new one', async () => {
    const { email, password } = await member();
    // The owner signed in at home once (127.0.0.2) and logged out; the browser is forgotten.
    const home = browserAt(2);
    expect((await home.post('/api/login', { email, password })).status).toBe(200);
    home.cookies.clear();

    // An attack from 20 other addresses, spread so that each stays under its own limit.
    const attackers = Array.from({ length: 20 }, (_, index) => browserAt(130 + index));
    await Promise.all(
      Array.from({ length: 100 }, (_, attempt) =>
        attackers[attempt % attackers.length]!.post('/api/login', {
          email,
          password: `attack ${attempt}`,
        }),
      ),
    );
    // The attack goes on: still refused.
    const more = await attackers[0]!.post('/api/login', { email, password: 'attack again' });
    expect(more.status).toBe(429);

    // At home, the right password works, while the attack is still held back.
    expect((await home.post('/api/login', { email, password })).status).toBe(200);
    expect(await home.whoAmI()).toBe(`Limits_${n}`);

    // At a café (a new address, a new browser) the password is refused with the way out…
    const cafe = browserAt(3);
    const refused = await cafe.post('/api/login', { email, password });
    expect(refused.status).toBe(429);
    expect(refused.json?.error).toMatch(/or log in with a code sent to your e-mail$/);

    // …and the e-mailed code lets the owner in there.
    expect((await cafe.post('/api/login/requestcode', { email })).status).toBe(200);
    const mail = await newestMailTo(email);
    expect(mail.subject).toMatch(/^\d{6} is your Stance log-in code$/);
    const code = /\b(\d{6})\b/.exec(mail.textBody)![1]!;
    const verified = await cafe.post('/api/login/verifycode', { code });
    expect(verified.status).toBe(200);
    expect(await cafe.whoAmI()).toBe(`Limits_${n}`);
    // The café is now a known place: its password login is not held by the ceiling.
    cafe.cookies.clear();
    expect((await cafe.post('/api/login', { email, password })).status).toBe(200);
  });

  it('gets in from a browser signed in from before, at any address', async () => {
    const { email, password } = await member();
    const laptop = browserAt(4);
    expect((await laptop.post('/api/login', { email, password })).status).toBe(200);
    const device = laptop.cookies.get('stance_device');
    expect(device?.value).toMatch(/^[\w-]{22,}$/);

    const attackers = Array.from({ length: 20 }, (_, index) => browserAt(160 + index));
    await Promise.all(
      Array.from({ length: 60 }, (_, attempt) =>
        attackers[attempt % attackers.length]!.post('/api/login', {
          email,
          password: `attack ${attempt}`,
        }),
      ),
    );
    // The same laptop (its device cookie kept, its session gone) on a train's network.
    const train = browserAt(5);
    train.cookies.set('stance_device', device!);
    expect((await train.post('/api/login', { email, password })).status).toBe(200);
    // Without the device cookie, the same address is a new place.
    expect((await browserAt(6).post('/api/login', { email, password })).status).toBe(429);
  });
});

describe('login by e-mailed code', () => {
  it('answers an address without an account alike, and mails its owner a note instead of a code', async () => {
    const email = `nobody${Date.now()}@example.test`;
    const answer = await browserAt(7).post('/api/login/requestcode', { email });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ success: true, body: {} });
    const mail = await newestMailTo(email);
    expect(mail.subject).toBe('Your Stance log-in code');
    expect(mail.textBody).not.toMatch(/\b\d{6}\b/);
  });

  it('binds the code to the browser that asked, and kills it after 5 wrong tries', async () => {
    const { email } = await member();
    const asker = browserAt(8);
    await asker.post('/api/login/requestcode', { email });
    const code = /\b(\d{6})\b/.exec((await newestMailTo(email)).textBody)![1]!;

    const elsewhere = await browserAt(9).post('/api/login/verifycode', { code });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json?.error).toMatch(/^code: this log-in code has expired or was asked for/);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const tries = await Promise.all(
      Array.from({ length: 8 }, () => asker.post('/api/login/verifycode', { code: wrong })),
    );
    expect(tries.every((answer) => answer.status === 400)).toBe(true);
    const right = await asker.post('/api/login/verifycode', { code });
    expect(right.status).toBe(400);
    expect(right.json?.error).toBe('code: too many wrong tries; please ask for a new code');
    expect(await asker.whoAmI()).toBe('');
  });

  it('limits the codes sent to one address', async () => {
    const { email } = await member();
    const asker = browserAt(10);
    for (let i = 0; i < accountLimits.loginCodePerEmail.limit; i++) {
      expect((await asker.post('/api/login/requestcode', { email })).status).toBe(200);
    }
    const refused = await browserAt(11).post('/api/login/requestcode', { email });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
  });
});
