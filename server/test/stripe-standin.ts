import { randomBytes } from 'node:crypto';
import http from 'node:http';
import qs from 'qs';
import Stripe from 'stripe';
import { subscriptionPrice, subscriptionProductName } from '../../contract/payments.base.ts';
import { stripeApiVersion } from '../features/payments/payments.stripe.ts';
import { escapeHtml } from '../html.ts';

/*
 * A local Stripe for tests and demos: the few endpoints Stance calls, answered over real HTTP in
 * Stripe's shapes for the pinned API version, a checkout page whose Pay button completes the
 * session, a billing portal whose button cancels the subscription, and webhook deliveries signed
 * with the SDK's own test-signature helper. Stance talks to it through STRIPE_API_BASE with the
 * same SDK calls it makes to Stripe (docs/decisions/049-payments-and-the-ebook.md).
 */

type StripeObject = Record<string, unknown> & { id: string; object: string };

export type StandInEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  data: { object: StripeObject };
};

export type Delivery = { eventId: string; type: string; status: number; body: string };

export type StripeStandIn = {
  /** What STRIPE_API_BASE is set to. */
  baseUrl: string;
  secretKey: string;
  webhookSecret: string;
  /** Where events are delivered (Stance's /api/stripe/webhook); null: nowhere. */
  webhookUrl: string | null;
  /** False: events are queued in `pending` for the test to deliver itself. */
  deliversAtOnce: boolean;
  /** Events made while `deliversAtOnce` is false, oldest first. */
  pending: StandInEvent[];
  deliveries: Delivery[];
  customers: Map<string, StripeObject>;
  sessions: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  invoices: Map<string, StripeObject>;
  /** Requests received, as `METHOD /path`. */
  requests: string[];
  /** Pays a checkout session, as the Pay button does; returns its events. */
  pay(sessionId: string): Promise<StandInEvent[]>;
  /** Ends a subscription at once (Stripe's API and dashboard can). */
  cancel(subscriptionId: string): Promise<StandInEvent[]>;
  /**
   * Cancels at the end of the paid period, as the portal's Cancel button does by default: still
   * active, `cancel_at_period_end`, and customer.subscription.updated.
   */
  cancelAtPeriodEnd(subscriptionId: string): Promise<StandInEvent[]>;
  /** The paid period of a subscription set to cancel runs out: canceled, and its deletion. */
  endPeriod(subscriptionId: string): Promise<StandInEvent[]>;
  /** A renewal whose payment failed: past_due and invoice.payment_failed. */
  failRenewal(subscriptionId: string): Promise<StandInEvent[]>;
  /** A renewal paid: a new period, active, and invoice.paid. */
  renew(subscriptionId: string): Promise<StandInEvent[]>;
  /** An event as Stripe writes it, about `object`. */
  makeEvent(type: string, object: StripeObject, created?: number): StandInEvent;
  /** Delivers an event to `webhookUrl`, signed unless the options say otherwise. */
  deliver(event: StandInEvent, options?: SigningOptions): Promise<Delivery>;
  /** The Stripe-Signature header for a payload. */
  sign(payload: string, options?: SigningOptions): string;
  close(): Promise<void>;
};

export type SigningOptions = {
  /** Another secret than the endpoint's. */
  secret?: string;
  /** Seconds since the epoch; default now. */
  timestamp?: number;
  /** A signature to send as it is (a forged one). */
  signature?: string;
};

const periodSeconds = 30 * 24 * 60 * 60;
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startStripeStandIn(
  options: {
    secretKey?: string;
    webhookSecret?: string;
    webhookUrl?: string | null;
    deliversAtOnce?: boolean;
    port?: number;
    host?: string;
    /** Told of each delivery (status 0: Stance could not be reached). */
    onDelivery?: (delivery: Delivery) => void;
  } = {},
): Promise<StripeStandIn> {
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const portalSessions = new Map<string, StripeObject>();

  const standIn: StripeStandIn = {
    baseUrl: '',
    secretKey: options.secretKey ?? `sk_test_standin_${randomBytes(8).toString('hex')}`,
    webhookSecret: options.webhookSecret ?? `whsec_standin${randomBytes(16).toString('hex')}`,
    webhookUrl: options.webhookUrl ?? null,
    deliversAtOnce: options.deliversAtOnce ?? true,
    pending: [],
    deliveries: [],
    customers: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    requests: [],
    pay,
    cancel,
    cancelAtPeriodEnd,
    endPeriod,
    failRenewal,
    renew,
    makeEvent,
    deliver,
    sign,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The SDK keeps its connections alive; a stand-in that stops ends them.
        server.closeAllConnections();
      }),
  };

  function makeEvent(type: string, object: StripeObject, created = now()): StandInEvent {
    return {
      id: newId('evt'),
      object: 'event',
      api_version: stripeApiVersion,
      created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
  }

  function sign(payload: string, signing: SigningOptions = {}): string {
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: signing.secret ?? standIn.webhookSecret,
      ...(signing.timestamp === undefined ? {} : { timestamp: signing.timestamp }),
      ...(signing.signature === undefined ? {} : { signature: signing.signature }),
    });
  }

  async function deliver(event: StandInEvent, signing: SigningOptions = {}): Promise<Delivery> {
    if (!standIn.webhookUrl) throw new Error('the stand-in has no webhook url');
    // Stripe sends its events pretty-printed; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    const response = await fetch(standIn.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': sign(payload, signing),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    const delivery = {
      eventId: event.id,
      type: event.type,
      status: response.status,
      body: await response.text(),
    };
    standIn.deliveries.push(delivery);
    options.onDelivery?.(delivery);
    return delivery;
  }

  /** Delivers at once, one after another, or queues for the test. */
  async function emit(events: StandInEvent[]): Promise<StandInEvent[]> {
    if (!standIn.deliversAtOnce || !standIn.webhookUrl) {
      standIn.pending.push(...events);
      return events;
    }
    for (const event of events) {
      // Like Stripe, a failed delivery does not undo the payment (Stripe would retry it).
      await deliver(event).catch((error: unknown) => {
        const failed = { eventId: event.id, type: event.type, status: 0, body: String(error) };
        standIn.deliveries.push(failed);
        options.onDelivery?.(failed);
      });
    }
    return events;
  }

  function newPeriodItems(start: number) {
    return {
      object: 'list',
      has_more: false,
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          quantity: 1,
          current_period_start: start,
          current_period_end: start + periodSeconds,
          price: {
            id: newId('price'),
            object: 'price',
            currency: subscriptionPrice.currency,
            unit_amount: subscriptionPrice.unitAmount,
            recurring: { interval: subscriptionPrice.interval, interval_count: 1 },
          },
        },
      ],
      url: '/v1/subscription_items',
    };
  }

  function newInvoice(subscription: StripeObject, paid: boolean): StripeObject {
    const invoice: StripeObject = {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: paid ? 'paid' : 'open',
      amount_due: subscriptionPrice.unitAmount,
      amount_paid: paid ? subscriptionPrice.unitAmount : 0,
      currency: subscriptionPrice.currency,
      created: now(),
      // Since the 2025 API versions an invoice names its subscription here, not at the top level.
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
    standIn.invoices.set(invoice.id, invoice);
    return invoice;
  }

  async function pay(sessionId: string): Promise<StandInEvent[]> {
    const session = standIn.sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    if (session.status !== 'open') return [];
    const start = now();
    const subscription: StripeObject = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      created: start,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      metadata: (session.subscription_data as { metadata?: unknown } | undefined)?.metadata ?? {},
      items: newPeriodItems(start),
    };
    standIn.subscriptions.set(subscription.id, subscription);
    const invoice = newInvoice(subscription, true);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      subscription: subscription.id,
      invoice: invoice.id,
    });
    return emit([
      makeEvent('checkout.session.completed', session),
      makeEvent('invoice.paid', invoice),
    ]);
  }

  function subscriptionOrThrow(subscriptionId: string) {
    const subscription = standIn.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    return subscription;
  }

  async function cancel(subscriptionId: string): Promise<StandInEvent[]> {
    const subscription = subscriptionOrThrow(subscriptionId);
    Object.assign(subscription, { status: 'canceled', canceled_at: now() });
    return emit([makeEvent('customer.subscription.deleted', subscription)]);
  }

  async function cancelAtPeriodEnd(subscriptionId: string): Promise<StandInEvent[]> {
    const subscription = subscriptionOrThrow(subscriptionId);
    Object.assign(subscription, { cancel_at_period_end: true, canceled_at: now() });
    return emit([makeEvent('customer.subscription.updated', subscription)]);
  }

  async function endPeriod(subscriptionId: string): Promise<StandInEvent[]> {
    const subscription = subscriptionOrThrow(subscriptionId);
    Object.assign(subscription, { status: 'canceled', ended_at: now() });
    return emit([makeEvent('customer.subscription.deleted', subscription)]);
  }

  /** POST /v1/subscriptions/:id: what Stance changes, taking back a cancellation. */
  function updateSubscription(subscription: StripeObject, params: Record<string, unknown>) {
    if (subscription.status === 'canceled') {
      return stripeError(400, 'A canceled subscription can only update its cancellation reason.');
    }
    if (params.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
    }
    // The form encoding sends an empty string to unset a field.
    if (params.cancel_at === '') subscription.cancel_at = null;
    if (!subscription.cancel_at_period_end && subscription.cancel_at === null) {
      subscription.canceled_at = null;
    }
    void emit([makeEvent('customer.subscription.updated', subscription)]);
    return { status: 200, body: subscription };
  }

  async function failRenewal(subscriptionId: string): Promise<StandInEvent[]> {
    const subscription = subscriptionOrThrow(subscriptionId);
    const invoice = newInvoice(subscription, false);
    subscription.status = 'past_due';
    return emit([
      makeEvent('invoice.payment_failed', invoice),
      makeEvent('customer.subscription.updated', subscription),
    ]);
  }

  async function renew(subscriptionId: string): Promise<StandInEvent[]> {
    const subscription = subscriptionOrThrow(subscriptionId);
    Object.assign(subscription, { status: 'active', items: newPeriodItems(now()) });
    const invoice = newInvoice(subscription, true);
    return emit([
      makeEvent('invoice.paid', invoice),
      makeEvent('customer.subscription.updated', subscription),
    ]);
  }

  // -------------------------------------------------------------------------------------------
  // The API.

  type Answer = { status: number; body: unknown };
  const stripeError = (status: number, message: string, type = 'invalid_request_error') => ({
    status,
    body: { error: { type, message } },
  });
  const noSuch = (what: string, id: string) =>
    stripeError(404, `No such ${what}: '${id}'`, 'invalid_request_error');

  function createCustomer(params: Record<string, unknown>): Answer {
    const customer: StripeObject = {
      id: newId('cus'),
      object: 'customer',
      email: typeof params.email === 'string' ? params.email : null,
      metadata: params.metadata ?? {},
      created: now(),
    };
    standIn.customers.set(customer.id, customer);
    return { status: 200, body: customer };
  }

  function createSession(params: Record<string, unknown>): Answer {
    if (params.mode !== 'subscription') return stripeError(400, 'Only subscription mode is here');
    const customer = typeof params.customer === 'string' ? params.customer : '';
    if (!standIn.customers.has(customer)) return noSuch('customer', customer);
    if (typeof params.success_url !== 'string') {
      return stripeError(400, 'Missing required param: success_url.');
    }
    const lineItems = params.line_items as { price_data?: { unit_amount?: string } }[] | undefined;
    const amount = Number(lineItems?.[0]?.price_data?.unit_amount ?? Number.NaN);
    if (!Number.isInteger(amount)) return stripeError(400, 'Missing required param: line_items.');
    const id = `cs_test_${randomBytes(24).toString('hex')}`;
    const session: StripeObject = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      customer,
      client_reference_id:
        typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      invoice: null,
      amount_total: amount,
      currency: subscriptionPrice.currency,
      created: now(),
      expires_at: now() + 24 * 60 * 60,
      metadata: params.metadata ?? {},
      subscription_data: params.subscription_data,
      success_url: String(params.success_url).replaceAll('{CHECKOUT_SESSION_ID}', id),
      cancel_url: typeof params.cancel_url === 'string' ? params.cancel_url : null,
      url: `${standIn.baseUrl}/c/pay/${id}`,
    };
    standIn.sessions.set(id, session);
    return { status: 200, body: session };
  }

  function expanded(session: StripeObject, expand: unknown): StripeObject {
    const fields = Array.isArray(expand) ? expand : [];
    if (!fields.includes('subscription') || typeof session.subscription !== 'string') {
      return session;
    }
    return { ...session, subscription: standIn.subscriptions.get(session.subscription) ?? null };
  }

  function createPortalSession(params: Record<string, unknown>): Answer {
    const customer = typeof params.customer === 'string' ? params.customer : '';
    if (!standIn.customers.has(customer)) return noSuch('customer', customer);
    const portal: StripeObject = {
      id: newId('bps'),
      object: 'billing_portal.session',
      customer,
      return_url: typeof params.return_url === 'string' ? params.return_url : null,
      created: now(),
      url: '',
    };
    portal.url = `${standIn.baseUrl}/p/session/${portal.id}`;
    portalSessions.set(portal.id, portal);
    return { status: 200, body: portal };
  }

  function answerApi(method: string, path: string, params: Record<string, unknown>): Answer {
    const parts = path.split('/').filter(Boolean);
    if (method === 'POST' && path === '/v1/customers') return createCustomer(params);
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(params);
    if (method === 'GET' && parts.length === 4 && path.startsWith('/v1/checkout/sessions/')) {
      const session = standIn.sessions.get(parts[3]!);
      return session
        ? { status: 200, body: expanded(session, params.expand) }
        : noSuch('checkout.session', parts[3]!);
    }
    if (method === 'GET' && parts.length === 3 && path.startsWith('/v1/subscriptions/')) {
      const subscription = standIn.subscriptions.get(parts[2]!);
      return subscription ? { status: 200, body: subscription } : noSuch('subscription', parts[2]!);
    }
    if (method === 'POST' && parts.length === 3 && path.startsWith('/v1/subscriptions/')) {
      const subscription = standIn.subscriptions.get(parts[2]!);
      return subscription
        ? updateSubscription(subscription, params)
        : noSuch('subscription', parts[2]!);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return createPortalSession(params);
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handleApi(request: http.IncomingMessage, url: URL, rawBody: string) {
    const method = request.method ?? 'GET';
    if (request.headers.authorization !== `Bearer ${standIn.secretKey}`) {
      return stripeError(401, 'Invalid API Key provided', 'invalid_request_error');
    }
    const params = qs.parse(method === 'GET' ? url.search.slice(1) : rawBody, {
      depth: 10,
      arrayLimit: 100,
    }) as Record<string, unknown>;
    const key = request.headers['idempotency-key'];
    if (method === 'POST' && typeof key === 'string') {
      // Stripe answers a repeated key with the first answer, whatever the second request says.
      const scoped = `${url.pathname} ${key}`;
      const earlier = idempotent.get(scoped);
      if (earlier) return earlier;
      const answer = answerApi(method, url.pathname, params);
      if (answer.status < 500) idempotent.set(scoped, answer);
      return answer;
    }
    return answerApi(method, url.pathname, params);
  }

  // -------------------------------------------------------------------------------------------
  // The pages a browser sees.

  function page(title: string, body: string) {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
.card{border:1px solid #ddd;border-radius:8px;padding:1.5rem}.note{color:#666;font-size:.875rem}
button{font:inherit;background:#635bff;color:#fff;border:0;border-radius:6px;padding:.75rem 1.5rem;cursor:pointer;width:100%}
a{color:#635bff}</style></head><body><p class="note">Stripe stand-in (test mode): no card is charged.</p>${body}</body></html>`;
  }

  function price() {
    return new Intl.NumberFormat('en', {
      style: 'currency',
      currency: subscriptionPrice.currency.toUpperCase(),
    }).format(subscriptionPrice.unitAmount / 100);
  }

  async function handlePage(
    method: string,
    url: URL,
    response: http.ServerResponse,
  ): Promise<boolean> {
    const pay = /^\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(url.pathname);
    if (pay) {
      const session = standIn.sessions.get(pay[1]!);
      if (!session) return false;
      if (method === 'POST') {
        await standIn.pay(session.id);
        redirect(response, String(session.success_url));
        return true;
      }
      const cancelLink = session.cancel_url
        ? `<p><a href="${escapeHtml(String(session.cancel_url))}">Cancel and go back</a></p>`
        : '';
      const body =
        session.status === 'open'
          ? `<div class="card"><h1>Subscribe to Stance</h1><p>${escapeHtml(subscriptionProductName)}</p>
<p><strong>${escapeHtml(price())}</strong> per ${subscriptionPrice.interval}</p>
<form method="post"><button type="submit">Pay</button></form>${cancelLink}</div>`
          : `<div class="card"><h1>This checkout is ${escapeHtml(String(session.status))}</h1>
<p><a href="${escapeHtml(String(session.success_url))}">Back to Stance</a></p></div>`;
      sendHtml(response, page('Checkout', body));
      return true;
    }
    const portal = /^\/p\/session\/(bps_[0-9a-f]+)(\/cancel)?$/.exec(url.pathname);
    if (portal) {
      const session = portalSessions.get(portal[1]!);
      if (!session) return false;
      const live = [...standIn.subscriptions.values()].find(
        (subscription) =>
          subscription.customer === session.customer && subscription.status !== 'canceled',
      );
      if (method === 'POST' && portal[2]) {
        // Stripe's portal cancels at the end of the paid period unless told otherwise.
        if (live && !live.cancel_at_period_end) await standIn.cancelAtPeriodEnd(live.id);
        redirect(response, String(session.return_url ?? standIn.baseUrl));
        return true;
      }
      const body = live
        ? `<div class="card"><h1>Your subscription</h1><p>${escapeHtml(subscriptionProductName)}: ${escapeHtml(String(live.status))}${live.cancel_at_period_end ? ', cancels at the end of the period' : ''}</p>
${live.cancel_at_period_end ? '' : `<form method="post" action="${escapeHtml(url.pathname)}/cancel"><button type="submit">Cancel subscription</button></form>`}
<p><a href="${escapeHtml(String(session.return_url))}">Return to Stance</a></p></div>`
        : `<div class="card"><h1>No live subscription</h1><p><a href="${escapeHtml(String(session.return_url))}">Return to Stance</a></p></div>`;
      sendHtml(response, page('Billing', body));
      return true;
    }
    return false;
  }

  function redirect(response: http.ServerResponse, location: string) {
    response.writeHead(303, { location });
    response.end();
  }

  function sendHtml(response: http.ServerResponse, html: string) {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const method = request.method ?? 'GET';
      standIn.requests.push(`${method} ${url.pathname}`);
      void (async () => {
        if (url.pathname.startsWith('/v1/')) {
          const answer = await handleApi(request, url, Buffer.concat(chunks).toString('utf8'));
          response.writeHead(answer.status, {
            'content-type': 'application/json',
            'request-id': newId('req'),
            'stripe-version': stripeApiVersion,
          });
          response.end(JSON.stringify(answer.body));
          return;
        }
        if (await handlePage(method, url, response)) return;
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('Not found');
      })().catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the stand-in has no address');
  standIn.baseUrl = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  return standIn;
}
