import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportNames } from '../../../contract/reports.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/factories.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-standin.ts';
import {
  answerItems,
  answersFor,
  content,
  createQuizItems,
} from '../reports/reports.test-support.ts';

/*
 * Payments end to end over real HTTP: Stance listens on a port, talks to the Stripe stand-in
 * through STRIPE_API_BASE with the real SDK, and the stand-in delivers signed webhooks back.
 */

let standIn: StripeStandIn;
let t: TestApp;
let baseUrl: string;
let opinionIds: Map<string, number>;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_API_BASE: standIn.baseUrl,
      PUBLIC_URL: 'http://stance.test',
    },
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  standIn.webhookUrl = `${baseUrl}/api/stripe/webhook`;
  opinionIds = await createQuizItems(t.db);
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a JSON answer, read field by field
/** A call's answer; `body` is {} on a failure, so a test reads it without a check. */
type Answer = {
  status: number;
  json: { success: boolean; body: Body; error?: string };
  /** The answer as sent. */
  raw: unknown;
};

async function call(method: 'GET' | 'POST', path: string, cookie?: string): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify({ body: {} }) } : {}),
  });
  const raw: unknown = await response.json();
  const json = raw as Partial<Answer['json']>;
  return {
    status: response.status,
    json: { success: json.success === true, ...json, body: json.body ?? {} },
    raw,
  };
}

/** A rating for every item of the Big Five, so its scores exist once it unlocks. */
async function memberWithAnswers() {
  const member = await buildMember(t.db);
  await answerItems(
    t.db,
    opinionIds,
    member.user.id,
    answersFor(content.reports.bigfive, (_item, index) => (index % 5) + 1),
  );
  return member;
}

async function statusOf(userId: number): Promise<string> {
  const row = await t.db
    .selectFrom('users')
    .select('subscriptionStatus')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.subscriptionStatus;
}

async function bigFiveScores(cookie: string) {
  const answer = await call('GET', '/api/reports/getuserreports', cookie);
  expect(answer.status).toBe(200);
  return answer.json.body.Reports.bigfive as (number | null)[] | undefined;
}

async function startCheckout(cookie: string) {
  const answer = await call('POST', '/api/create-checkout-session', cookie);
  expect(answer.status, answer.json.error).toBe(200);
  return answer.json.body as { sessionId: string; url: string };
}

/** Clicks Pay on the stand-in's checkout page; returns where the browser is sent. */
async function payOnCheckoutPage(url: string): Promise<string> {
  const page = await fetch(url);
  expect(await page.text()).toContain('<button type="submit">Pay</button>');
  const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
  await paid.text();
  expect(paid.status).toBe(303);
  return paid.headers.get('location')!;
}

async function subscriptionIdOf(sessionId: string): Promise<string> {
  return String(standIn.sessions.get(sessionId)!.subscription);
}

/** A member with an active subscription paid through the stand-in. */
async function subscribedMember() {
  const member = await memberWithAnswers();
  const { sessionId, url } = await startCheckout(member.cookie);
  await payOnCheckoutPage(url);
  expect(await statusOf(member.user.id)).toBe('active');
  return { ...member, sessionId, subscriptionId: await subscriptionIdOf(sessionId) };
}

async function ebook(cookie?: string) {
  return fetch(`${baseUrl}/api/ebook`, { headers: cookie ? { cookie } : {} });
}

/** The ebook's status for this member, its body read (an unread PDF would hold the socket). */
async function ebookStatus(cookie?: string): Promise<number> {
  const response = await ebook(cookie);
  await response.arrayBuffer();
  return response.status;
}

describe('checkout, webhook, unlocked report', () => {
  it('sends the member back to the report they paid from, and never off the site', async () => {
    const { cookie } = await memberWithAnswers();
    const checkoutFrom = async (returnTo: unknown) => {
      const response = await fetch(`${baseUrl}/api/create-checkout-session`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ body: { returnTo } }),
      });
      return { status: response.status, json: (await response.json()) as Body };
    };
    const fromBigFive = await checkoutFrom('/reports/details/bigfive');
    expect(fromBigFive.status).toBe(200);
    const { sessionId } = fromBigFive.json.body as { sessionId: string };
    expect(await payOnCheckoutPage(fromBigFive.json.body.url)).toBe(
      `http://stance.test/reports/my-opinion-dna?session_id=${sessionId}` +
        '&next=%2Freports%2Fdetails%2Fbigfive',
    );

    for (const returnTo of [
      'https://evil.example/reports',
      '//evil.example/reports',
      '/\\evil.example',
      'javascript:alert(1)',
      'reports/details/bigfive',
      '/reports/\ndetails',
      '',
      `/${'a'.repeat(400)}`,
      42,
    ]) {
      const refused = await checkoutFrom(returnTo);
      expect(refused.status, JSON.stringify(returnTo)).toBe(400);
      expect(refused.json).toEqual({
        success: false,
        error: expect.stringMatching(/^returnTo/) as unknown,
      });
    }
  });

  it('takes a member from a locked report to its scores, with one customer and one fulfilment', async () => {
    const { user, cookie } = await memberWithAnswers();
    expect(await bigFiveScores(cookie)).toBeUndefined();

    const config = await call('GET', '/api/stripe-config');
    expect(config.json.body).toEqual({
      enabled: true,
      currency: 'usd',
      unitAmount: 999,
      interval: 'month',
      publicKey: 'pk_test_standin',
    });

    const first = await startCheckout(cookie);
    // A second click in the same minute: the same session, on the same customer.
    const second = await startCheckout(cookie);
    expect(second.sessionId).toBe(first.sessionId);
    expect(first.url).toBe(`${standIn.baseUrl}/c/pay/${first.sessionId}`);
    const session = standIn.sessions.get(first.sessionId)!;
    expect(session.client_reference_id).toBe(String(user.id));
    const customers = [...standIn.customers.values()].filter(
      (customer) =>
        (customer.metadata as Record<string, string>).stance_user_id === String(user.id),
    );
    expect(customers).toHaveLength(1);
    expect(session.customer).toBe(customers[0]!.id);

    const deliveredBefore = standIn.deliveries.length;
    const returnUrl = await payOnCheckoutPage(first.url);
    expect(returnUrl).toBe(
      `http://stance.test/reports/my-opinion-dna?session_id=${first.sessionId}`,
    );
    // Stripe's events reached Stance, signed, before the browser came back.
    expect(
      standIn.deliveries.slice(deliveredBefore).map(({ type, status }) => ({ type, status })),
    ).toEqual([
      { type: 'checkout.session.completed', status: 200 },
      { type: 'invoice.paid', status: 200 },
    ]);

    const scores = await bigFiveScores(cookie);
    expect(scores).toHaveLength(content.reports.bigfive.elements.length);
    expect(scores!.every((score) => typeof score === 'number')).toBe(true);

    const confirmed = await call(
      'GET',
      `/api/checkout-session?session_id=${first.sessionId}`,
      cookie,
    );
    expect(confirmed.json.body).toEqual({ SubscriptionStatus: 'active', Confirmed: true });
    const fulfilments = await t.db
      .selectFrom('stripeFulfilments')
      .selectAll()
      .where('checkoutSessionId', '=', first.sessionId)
      .execute();
    expect(fulfilments).toHaveLength(1);
    expect(fulfilments[0]!.userId).toBe(user.id);

    const subscription = (await call('GET', '/api/subscription', cookie)).json.body;
    expect(subscription.SubscriptionStatus).toBe('active');
    expect(subscription.CancelsAtPeriodEnd).toBe(false);
    expect(subscription.CanManageBilling).toBe(true);
    const renewsIn = Date.parse(subscription.RenewsAt) - Date.now();
    expect(renewsIn).toBeGreaterThan(29 * 86_400_000);
    expect(renewsIn).toBeLessThanOrEqual(30 * 86_400_000);

    // Paying twice is refused before any money moves.
    const again = await call('POST', '/api/create-checkout-session', cookie);
    expect(again.status).toBe(409);
    expect(again.json.error).toMatch(/already have a subscription/);
  });

  it('asks a visitor to log in', async () => {
    const answer = await call('POST', '/api/create-checkout-session');
    expect(answer.status).toBe(401);
    expect(answer.raw).toEqual({ success: false, error: 'Please log in or sign up to subscribe' });
    expect((await call('GET', '/api/checkout-session?session_id=cs_test_x')).status).toBe(401);
  });
});

describe('forged webhooks', () => {
  it('refuses a bad signature, an old timestamp and another secret with 400, changing nothing', async () => {
    const { user, subscriptionId } = await subscribedMember();
    // Stripe's side has ended the subscription, but only a genuine event may say so.
    const subscription = standIn.subscriptions.get(subscriptionId)!;
    subscription.status = 'canceled';
    const event = standIn.makeEvent('customer.subscription.deleted', subscription);
    const eventsBefore = await t.db.selectFrom('stripeEvents').select('eventId').execute();

    const forgeries = [
      { signature: 'a'.repeat(64) },
      { timestamp: Math.floor(Date.now() / 1000) - 301 },
      { secret: 'whsec_someone_else' },
    ];
    for (const forgery of forgeries) {
      const delivery = await standIn.deliver(event, forgery);
      expect(delivery.status, JSON.stringify(forgery)).toBe(400);
      expect(JSON.parse(delivery.body)).toEqual({
        success: false,
        error: 'The Stripe-Signature header is missing, wrong or too old',
      });
    }
    const unsigned = await fetch(standIn.webhookUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    await unsigned.text();
    // A body changed after signing: the signature no longer matches.
    const payload = JSON.stringify(event);
    const tampered = await fetch(standIn.webhookUrl!, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': standIn.sign(payload),
      },
      body: payload.replace(subscriptionId, 'sub_other'),
    });
    expect(tampered.status).toBe(400);
    await tampered.text();

    expect(await statusOf(user.id)).toBe('active');
    expect(await t.db.selectFrom('stripeEvents').select('eventId').execute()).toEqual(eventsBefore);

    // The same event, genuinely signed, is what ends it.
    const genuine = await standIn.deliver(event);
    expect(genuine.status).toBe(200);
    expect(await statusOf(user.id)).toBe('inactive');
  });
});

describe('exactly once', () => {
  it('applies the same event delivered 10 times at once a single time, with one fulfilment', async () => {
    const { user, cookie } = await memberWithAnswers();
    const { sessionId, url } = await startCheckout(cookie);
    standIn.deliversAtOnce = false;
    standIn.pending.splice(0);
    try {
      await payOnCheckoutPage(url);
    } finally {
      standIn.deliversAtOnce = true;
    }
    const completed = standIn.pending.find(
      (event) => event.type === 'checkout.session.completed' && event.data.object.id === sessionId,
    )!;
    expect(await statusOf(user.id)).toBe('');

    const deliveries = await Promise.all(
      Array.from({ length: 10 }, () => standIn.deliver(completed)),
    );
    const answers = deliveries.map((delivery) => JSON.parse(delivery.body));
    expect(deliveries.map((delivery) => delivery.status)).toEqual(Array(10).fill(200));
    const applied = answers.filter((answer) => !answer.duplicate);
    expect(applied).toEqual([{ received: true, duplicate: false, outcome: 'applied' }]);
    expect(answers.filter((answer) => answer.duplicate)).toHaveLength(9);

    expect(await statusOf(user.id)).toBe('active');
    const events = await t.db
      .selectFrom('stripeEvents')
      .selectAll()
      .where('eventId', '=', completed.id)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.userId).toBe(user.id);
    const fulfilments = await t.db
      .selectFrom('stripeFulfilments')
      .selectAll()
      .where('checkoutSessionId', '=', sessionId)
      .execute();
    expect(fulfilments).toHaveLength(1);
    expect(fulfilments[0]!.source).toBe('webhook');
    console.info(
      `10 concurrent deliveries of ${completed.type}: ${applied.length} applied, ` +
        `${answers.length - applied.length} duplicates, ${events.length} event row, ` +
        `${fulfilments.length} fulfilment`,
    );

    // A replay later changes nothing either.
    const replay = await standIn.deliver(completed);
    expect(JSON.parse(replay.body).duplicate).toBe(true);
  });

  it('lets the return confirmation and the webhook race: one fulfilment, the member active', async () => {
    const { user, cookie } = await memberWithAnswers();
    const { sessionId, url } = await startCheckout(cookie);
    standIn.deliversAtOnce = false;
    standIn.pending.splice(0);
    try {
      await payOnCheckoutPage(url);
    } finally {
      standIn.deliversAtOnce = true;
    }
    const events = standIn.pending.filter(
      (event) => event.type === 'checkout.session.completed' && event.data.object.id === sessionId,
    );
    const [confirmation, delivery] = await Promise.all([
      call('GET', `/api/checkout-session?session_id=${sessionId}`, cookie),
      standIn.deliver(events[0]!),
    ]);
    expect(confirmation.json.body).toEqual({ SubscriptionStatus: 'active', Confirmed: true });
    expect(delivery.status).toBe(200);
    expect(await statusOf(user.id)).toBe('active');
    const fulfilments = await t.db
      .selectFrom('stripeFulfilments')
      .select('source')
      .where('checkoutSessionId', '=', sessionId)
      .execute();
    expect(fulfilments).toHaveLength(1);
  });

  it('lets an event older than the one applied change nothing', async () => {
    const { user, subscriptionId } = await subscribedMember();
    await standIn.cancel(subscriptionId);
    expect(await statusOf(user.id)).toBe('inactive');
    // An invoice.paid from before the cancellation arrives late; Stripe retries do that.
    const subscription = standIn.subscriptions.get(subscriptionId)!;
    subscription.status = 'active';
    const late = standIn.makeEvent(
      'customer.subscription.updated',
      subscription,
      Math.floor(Date.now() / 1000) - 3600,
    );
    const delivery = await standIn.deliver(late);
    expect(JSON.parse(delivery.body).outcome).toBe('stale');
    expect(await statusOf(user.id)).toBe('inactive');
  });
});

describe('GET /api/checkout-session', () => {
  it("unlocks nothing with another member's session id", async () => {
    const owner = await subscribedMember();
    const other = await memberWithAnswers();
    // The other member has a customer of their own, and asks about the owner's session.
    await startCheckout(other.cookie);
    const answer = await call(
      'GET',
      `/api/checkout-session?session_id=${owner.sessionId}`,
      other.cookie,
    );
    expect(answer.status).toBe(404);
    expect(answer.json.error).toBe('No checkout session of yours has this id');
    expect(await statusOf(other.user.id)).toBe('');
    expect(await bigFiveScores(other.cookie)).toBeUndefined();
    // A member who never started a checkout gets the same answer.
    const stranger = await buildMember(t.db);
    const strangers = await call(
      'GET',
      `/api/checkout-session?session_id=${owner.sessionId}`,
      stranger.cookie,
    );
    expect(strangers.status).toBe(404);
    expect(await statusOf(stranger.user.id)).toBe('');
  });

  it('unlocks nothing with an unpaid session, and names a malformed or unknown id', async () => {
    const { user, cookie } = await memberWithAnswers();
    const { sessionId } = await startCheckout(cookie);
    const unpaid = await call('GET', `/api/checkout-session?session_id=${sessionId}`, cookie);
    expect(unpaid.status).toBe(200);
    expect(unpaid.json.body).toEqual({ SubscriptionStatus: '', Confirmed: false });
    expect(await statusOf(user.id)).toBe('');
    expect(await bigFiveScores(cookie)).toBeUndefined();
    expect(
      await t.db
        .selectFrom('stripeFulfilments')
        .select('checkoutSessionId')
        .where('checkoutSessionId', '=', sessionId)
        .execute(),
    ).toEqual([]);

    const malformed = await call('GET', '/api/checkout-session?session_id=x%27%20or%201', cookie);
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toMatch(/session_id/);
    const unknown = await call('GET', '/api/checkout-session?session_id=cs_test_nothing', cookie);
    expect(unknown.status).toBe(404);
  });
});

describe('the subscription ending, lapsing and the billing portal', () => {
  it('locks the reports and the ebook again on customer.subscription.deleted', async () => {
    const { user, cookie, subscriptionId } = await subscribedMember();
    expect(await bigFiveScores(cookie)).toBeDefined();
    expect(await ebookStatus(cookie)).toBe(200);

    await standIn.cancel(subscriptionId);
    expect(standIn.deliveries.at(-1)).toMatchObject({
      type: 'customer.subscription.deleted',
      status: 200,
    });
    expect(await statusOf(user.id)).toBe('inactive');
    expect(await bigFiveScores(cookie)).toBeUndefined();
    const refused = await ebook(cookie);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Body).error).toBe(
      'The ebook comes with the subscription: subscribe to download it',
    );
    // Ended: buying again is allowed.
    expect((await call('POST', '/api/create-checkout-session', cookie)).status).toBe(200);
  });

  it('keeps a late payment open (past_due) and a paid renewal active', async () => {
    const { user, cookie, subscriptionId } = await subscribedMember();
    await standIn.failRenewal(subscriptionId);
    expect(await statusOf(user.id)).toBe('past_due');
    expect(await bigFiveScores(cookie)).toBeDefined();
    expect(await ebookStatus(cookie)).toBe(200);
    await standIn.renew(subscriptionId);
    expect(await statusOf(user.id)).toBe('active');
  });

  it('opens the billing portal, whose cancellation reaches Stance by webhook', async () => {
    const { user, cookie } = await subscribedMember();
    const portal = await call('POST', '/api/billing-portal', cookie);
    expect(portal.status).toBe(200);
    expect(portal.json.body.url).toMatch(new RegExp(`^${standIn.baseUrl}/p/session/bps_`));
    const page = await (await fetch(portal.json.body.url)).text();
    expect(page).toContain('Cancel subscription');
    const cancelled = await fetch(`${portal.json.body.url}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(303);
    await cancelled.text();
    expect(cancelled.headers.get('location')).toBe('http://stance.test/reports/my-opinion-dna');
    // As Stripe's portal does by default: open until the paid period ends, then no renewal.
    expect(await statusOf(user.id)).toBe('active');
    const ending = (await call('GET', '/api/subscription', cookie)).json.body;
    expect(ending).toMatchObject({ SubscriptionStatus: 'active', CancelsAtPeriodEnd: true });
    expect(Date.parse(ending.RenewsAt as string)).toBeGreaterThan(Date.now());

    const newcomer = await buildMember(t.db);
    const none = await call('POST', '/api/billing-portal', newcomer.cookie);
    expect(none.status).toBe(409);
    expect(none.json.error).toBe('You have no subscription to manage yet');
  });
});

describe('POST /api/subscription/resume', () => {
  it('takes back a cancellation while the period runs, at once, and the period then ends', async () => {
    const { user, cookie, subscriptionId } = await subscribedMember();
    const notEnding = await call('POST', '/api/subscription/resume', cookie);
    expect(notEnding.status).toBe(409);
    expect(notEnding.json.error).toBe('Your subscription is not set to end');

    await standIn.cancelAtPeriodEnd(subscriptionId);
    const ending = (await call('GET', '/api/subscription', cookie)).json.body;
    expect(ending.CancelsAtPeriodEnd).toBe(true);

    // The answer already says it renews: the panel does not wait for Stripe's webhook.
    standIn.deliversAtOnce = false;
    standIn.pending.splice(0);
    try {
      const resumed = await call('POST', '/api/subscription/resume', cookie);
      expect(resumed.status, resumed.json.error).toBe(200);
      expect(resumed.json.body).toEqual({ ...ending, CancelsAtPeriodEnd: false });
      expect(standIn.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);
      // The webhook that follows changes nothing more, and is not refused as stale.
      const events = standIn.pending.splice(0);
      expect(events.map((event) => event.type)).toEqual(['customer.subscription.updated']);
      for (const event of events) {
        const delivery = await standIn.deliver(event);
        expect(JSON.parse(delivery.body)).toMatchObject({ outcome: 'applied' });
      }
    } finally {
      standIn.deliversAtOnce = true;
    }
    expect((await call('GET', '/api/subscription', cookie)).json.body.CancelsAtPeriodEnd).toBe(
      false,
    );

    // Cancelled again at once and resumed again: the second resume is done, not an echo of the
    // first.
    await standIn.cancelAtPeriodEnd(subscriptionId);
    expect((await call('POST', '/api/subscription/resume', cookie)).status).toBe(200);
    expect(standIn.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);

    // Cancelled again and the period over: ended, nothing left to resume.
    await standIn.cancelAtPeriodEnd(subscriptionId);
    await standIn.endPeriod(subscriptionId);
    expect(await statusOf(user.id)).toBe('inactive');
    const ended = await call('POST', '/api/subscription/resume', cookie);
    expect(ended.status).toBe(409);
    expect(ended.json.error).toBe('You have no running subscription to resume');

    const visitor = await call('POST', '/api/subscription/resume');
    expect(visitor.status).toBe(401);
    const newcomer = await buildMember(t.db);
    expect((await call('POST', '/api/subscription/resume', newcomer.cookie)).status).toBe(409);
  });
});

describe('GET /api/ebook', () => {
  it('asks a visitor to log in and refuses a member without a subscription', async () => {
    const visitor = await ebook();
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({
      success: false,
      error: 'Please log in to download the ebook',
    });
    const { cookie } = await buildMember(t.db);
    expect(await ebookStatus(cookie)).toBe(403);
    const lapsed = await buildMember(t.db, { subscriptionStatus: 'inactive' });
    expect(await ebookStatus(lapsed.cookie)).toBe(403);
  });

  it('sends subscribers a PDF that parses and names every report', async () => {
    const { cookie } = await buildMember(t.db, { subscriptionStatus: 'active' });
    const response = await ebook(cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="stance-opinion-dna-manual.pdf"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    const size = bytes.length;
    const pdf = await getDocument({ data: bytes }).promise;
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const text = await (await pdf.getPage(number)).getTextContent();
      pages.push(
        text.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : ''))
          .join(''),
      );
    }
    const text = pages.join(' ').replace(/\s+/g, ' ');
    for (const name of reportNames) {
      expect(text, name).toContain(content.reports[name].title);
    }
    // Every statement is there with its keying, and the scoring formula.
    const someItem = content.reports.climate.elements[0]!.items[0]!;
    expect(text).toContain(someItem.text);
    expect(text).toContain('100 × (5 − r) / 4');
    const outline = await pdf.getOutline();
    expect(outline.map((entry) => entry.title)).toEqual([
      'How to read this manual',
      ...reportNames.map((name) => content.reports[name].title),
    ]);
    console.info(`ebook: ${pdf.numPages} pages, ${size} bytes`);
  });
});

describe('payments not configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => {
    await bare.close();
  });

  it('says so in stripe-config and answers every payment call with a clear 409', async () => {
    const config = await bare.app.inject({ method: 'GET', url: '/api/stripe-config' });
    expect(config.json().body).toEqual({
      enabled: false,
      currency: 'usd',
      unitAmount: 999,
      interval: 'month',
      publicKey: '',
    });
    const { cookie } = await buildMember(bare.db);
    const refusals = [
      { method: 'POST' as const, url: '/api/create-checkout-session' },
      { method: 'POST' as const, url: '/api/billing-portal' },
      { method: 'GET' as const, url: '/api/checkout-session?session_id=cs_test_abc' },
    ];
    for (const refusal of refusals) {
      const answer = await bare.app.inject({
        ...refusal,
        headers: { cookie, 'content-type': 'application/json' },
        ...(refusal.method === 'POST' ? { payload: { body: {} } } : {}),
      });
      expect(answer.statusCode, refusal.url).toBe(409);
      expect(answer.json(), refusal.url).toEqual({
        success: false,
        error: 'Payments are not configured on this server',
      });
    }
    const webhook = await bare.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(409);
    const subscription = await bare.app.inject({
      method: 'GET',
      url: '/api/subscription',
      headers: { cookie },
    });
    expect(subscription.json().body).toEqual({
      SubscriptionStatus: '',
      RenewsAt: null,
      CancelsAtPeriodEnd: false,
      CanManageBilling: false,
    });
  });
});
