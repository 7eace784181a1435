import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import {
  checkoutNextParameter,
  checkoutSessionParameter,
  sameSitePath,
  isSubscriptionOpen,
  subscriptionPrice,
  subscriptionProductName,
  type SubscriptionStatus,
} from '../../../contract/payments.base.ts';
import type { Config } from '../../config.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import type { SessionUser } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { getEbook } from './payments.ebook.ts';
import * as paymentsRepository from './payments.repository.ts';
import {
  createStripeClient,
  idOf,
  isCheckoutPaid,
  isMissingObject,
  snapshotOf,
  subjectOfEvent,
  verifyWebhookEvent,
  type StripeClient,
  type SubscriptionSnapshot,
} from './payments.stripe.ts';

/*
 * Payments (docs/decisions/049-payments-and-the-ebook.md). The member's SubscriptionStatus is
 * Stripe's word: it changes only through a verified webhook event or a checkout session Stance
 * fetched from Stripe itself, and what changes it is applied in one transaction on the member's
 * locked customer row, in the order Stripe's events happened.
 */

export type Payments = {
  db: Db;
  /** Null when STRIPE_SECRET_KEY is unset: every Stripe call answers "not configured". */
  stripe: StripeClient | null;
  publishableKey: string;
  webhookSecret: string | null;
  publicUrl: string;
};

export function createPayments(db: Db, config: Config): Payments {
  return {
    db,
    stripe: createStripeClient(config.stripe),
    publishableKey: config.stripe.publishableKey ?? '',
    webhookSecret: config.stripe.webhookSecret ?? null,
    publicUrl: config.publicUrl,
  };
}

const notConfiguredMessage = 'Payments are not configured on this server';
const loginMessage = 'Please log in or sign up to subscribe';
/** Said for a session that is not this member's as for one that does not exist. */
const notYourSessionMessage = 'No checkout session of yours has this id';

/** Payments off is a state of this server, not a fault: 409, never a 5xx. */
function requireStripe(payments: Payments): StripeClient {
  if (!payments.stripe) throw new HttpError(409, notConfiguredMessage);
  return payments.stripe;
}

function requireMember(user: SessionUser | null): SessionUser {
  if (!user) throw new HttpError(401, loginMessage);
  return user;
}

/** Stripe could not be asked: the member may try again, and a webhook will be retried by Stripe. */
function stripeUnavailable(error: unknown): HttpError {
  return Object.assign(
    new HttpError(502, 'Stripe could not be reached; please try again shortly'),
    {
      cause: error,
    },
  );
}

async function askStripe<T>(question: () => Promise<T>): Promise<T> {
  try {
    return await question();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw stripeUnavailable(error);
  }
}

// ---------------------------------------------------------------------------------------------
// The calls.

export function getStripeConfig(payments: Payments) {
  return {
    enabled: payments.stripe !== null,
    currency: subscriptionPrice.currency,
    unitAmount: subscriptionPrice.unitAmount,
    interval: subscriptionPrice.interval,
    publicKey: payments.publishableKey,
  };
}

/**
 * A Checkout Session in subscription mode for the member, on their one Stripe customer. A member
 * whose subscription is open is refused (409): paying twice for the same thing is never useful.
 */
export async function createCheckoutSession(
  payments: Payments,
  user: SessionUser | null,
  input: { returnTo?: string | undefined } = {},
) {
  const member = requireMember(user);
  // Validated by the contract too: only a path on this site goes into Stripe's return address.
  const returnTo = sameSitePath(input.returnTo);
  const stripe = requireStripe(payments);
  if (isSubscriptionOpen(member.subscriptionStatus)) {
    throw new HttpError(
      409,
      'You already have a subscription; manage it from the subscription panel',
    );
  }
  const customerId = await ensureCustomer(payments, stripe, member);
  const session = await askStripe(() =>
    stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: customerId,
        client_reference_id: String(member.id),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: subscriptionPrice.currency,
              unit_amount: subscriptionPrice.unitAmount,
              recurring: { interval: subscriptionPrice.interval },
              product_data: { name: subscriptionProductName },
            },
          },
        ],
        // Stripe puts the session's id where the template is; the return confirms it with Stripe.
        success_url:
          `${payments.publicUrl}/reports/my-opinion-dna?${checkoutSessionParameter}={CHECKOUT_SESSION_ID}` +
          (returnTo ? `&${checkoutNextParameter}=${encodeURIComponent(returnTo)}` : ''),
        cancel_url: `${payments.publicUrl}/reports/my-opinion-dna?checkout=cancelled`,
        metadata: { stance_user_id: String(member.id) },
        subscription_data: { metadata: { stance_user_id: String(member.id) } },
      },
      // A double click (or a retried request) within the same minute gets the same session. Stripe
      // refuses a key reused with other parameters, so the return path is part of it.
      {
        idempotencyKey:
          `stance-checkout-${member.id}-${Math.floor(Date.now() / 60_000)}` +
          (returnTo ? `-${createHash('sha256').update(returnTo).digest('hex').slice(0, 16)}` : ''),
      },
    ),
  );
  if (!session.url) throw stripeUnavailable(new Error('Stripe answered a session without a url'));
  return { sessionId: session.id, url: session.url };
}

/** The member's Stripe customer: made once (concurrent first checkouts share it), then reused. */
async function ensureCustomer(payments: Payments, stripe: StripeClient, member: SessionUser) {
  const existing = await paymentsRepository.findCustomerOfMember(payments.db, member.id);
  if (existing) return existing.customerId;
  const customer = await askStripe(() =>
    stripe.customers.create(
      { email: member.email ?? undefined, metadata: { stance_user_id: String(member.id) } },
      // Stripe answers a repeated key with the same customer, so a race makes one customer.
      { idempotencyKey: `stance-customer-${member.id}` },
    ),
  );
  const row = await paymentsRepository.insertCustomer(payments.db, member.id, customer.id);
  return row.customerId;
}

/**
 * The return from Checkout: asks Stripe for the session and applies it only when it is complete,
 * paid, made for this member and on their customer. Racing the webhook is safe: the fulfilment is
 * recorded once, and the status follows whichever of the two saw the newer state.
 */
export async function confirmCheckoutSession(
  payments: Payments,
  user: SessionUser | null,
  sessionId: string,
) {
  const member = requireMember(user);
  const stripe = requireStripe(payments);
  const customer = await paymentsRepository.findCustomerOfMember(payments.db, member.id);
  if (!customer) throw new HttpError(404, notYourSessionMessage);
  const session = await askStripe(async () => {
    try {
      return await stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] });
    } catch (error) {
      if (isMissingObject(error)) throw new HttpError(404, notYourSessionMessage);
      throw error;
    }
  });
  const isMembers =
    session.client_reference_id === String(member.id) &&
    idOf(session.customer) === customer.customerId;
  if (!isMembers) throw new HttpError(404, notYourSessionMessage);
  const subscription = session.subscription;
  if (!isCheckoutPaid(session) || !subscription || typeof subscription === 'string') {
    return {
      SubscriptionStatus: statusOf(member.subscriptionStatus),
      Confirmed: false,
    };
  }
  const status = await inTransaction(payments.db, async (trx) => {
    const locked = await paymentsRepository.lockCustomer(trx, customer.customerId);
    if (!locked) throw new HttpError(404, notYourSessionMessage);
    await paymentsRepository.insertFulfilment(trx, {
      checkoutSessionId: session.id,
      userId: member.id,
      subscriptionId: subscription.id,
      source: 'return',
    });
    // The session's creation is the oldest moment this answer can speak for: any event Stripe
    // sent about it came later and, if already applied, wins.
    await applySnapshot(trx, locked, snapshotOf(subscription), new Date(session.created * 1000));
    return paymentsRepository.readSubscriptionStatus(trx, member.id);
  });
  return { SubscriptionStatus: statusOf(status), Confirmed: true };
}

/** What the subscription panel shows. */
export async function getSubscription(payments: Payments, user: SessionUser | null) {
  const member = requireMember(user);
  const customer = await paymentsRepository.findCustomerOfMember(payments.db, member.id);
  return {
    SubscriptionStatus: statusOf(member.subscriptionStatus),
    RenewsAt: customer?.currentPeriodEnd?.toISOString() ?? null,
    CancelsAtPeriodEnd: customer?.cancelAtPeriodEnd ?? false,
    CanManageBilling: payments.stripe !== null && customer !== undefined,
  };
}

/**
 * Takes back the member's cancellation while the paid period runs (docs/decisions/069): Stripe
 * is told not to end the subscription, and Stripe's answer is applied at once, so the panel says
 * "renews" without waiting for the webhook. The state is applied without moving the row's
 * `status_as_of` (Stripe's answer carries no time of its own): the webhook that follows, which
 * fetches Stripe's state again, still applies; and if any event was applied while Stripe was
 * being asked, this answer is left to the webhooks rather than risk writing an older state.
 */
export async function resumeSubscription(payments: Payments, user: SessionUser | null) {
  const member = requireMember(user);
  const stripe = requireStripe(payments);
  const customer = await paymentsRepository.findCustomerOfMember(payments.db, member.id);
  const subscriptionId = customer?.subscriptionId;
  if (!customer || !subscriptionId || !isSubscriptionOpen(member.subscriptionStatus)) {
    throw new HttpError(409, 'You have no running subscription to resume');
  }
  const current = await askStripe(() => stripe.subscriptions.retrieve(subscriptionId));
  const isEnding = current.cancel_at_period_end || current.cancel_at !== null;
  if (!isEnding) throw new HttpError(409, 'Your subscription is not set to end');
  const resumed = await askStripe(() =>
    stripe.subscriptions.update(
      subscriptionId,
      // A cancellation at the period's end, or at a date (the portal may set either).
      // Idempotent by nature (a second call unsets what is already unset), so no key of ours: the
      // SDK's own key covers its retries.
      current.cancel_at_period_end ? { cancel_at_period_end: false } : { cancel_at: '' },
    ),
  );
  await inTransaction(payments.db, async (trx) => {
    const locked = await paymentsRepository.lockCustomer(trx, customer.customerId);
    if (!locked || locked.statusAsOf.getTime() !== customer.statusAsOf.getTime()) return;
    await applySnapshot(trx, locked, snapshotOf(resumed), locked.statusAsOf);
  });
  return getSubscription(payments, member);
}

/** Stripe's customer portal for the member: cancel, change the card, read invoices. */
export async function createBillingPortalSession(payments: Payments, user: SessionUser | null) {
  const member = requireMember(user);
  const stripe = requireStripe(payments);
  const customer = await paymentsRepository.findCustomerOfMember(payments.db, member.id);
  if (!customer) throw new HttpError(409, 'You have no subscription to manage yet');
  const portal = await askStripe(() =>
    stripe.billingPortal.sessions.create({
      customer: customer.customerId,
      return_url: `${payments.publicUrl}/reports/my-opinion-dna`,
    }),
  );
  return { url: portal.url };
}

// ---------------------------------------------------------------------------------------------
// The webhook.

export type WebhookAnswer = { received: true; duplicate: boolean; outcome: string };

/**
 * One webhook delivery: verified, then applied once. The subscription is fetched from Stripe
 * before the transaction (no transaction waits on the network), so the status written is Stripe's
 * current one, not the event's snapshot; the event's time orders the writes.
 */
export async function handleWebhook(
  payments: Payments,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookAnswer> {
  const stripe = requireStripe(payments);
  if (!payments.webhookSecret) throw new HttpError(409, 'Stripe webhooks are not configured');
  const webhookSecret = payments.webhookSecret;
  let event: Stripe.Event;
  try {
    event = verifyWebhookEvent(rawBody, signature, webhookSecret);
  } catch {
    throw new HttpError(400, 'The Stripe-Signature header is missing, wrong or too old');
  }
  const subject = subjectOfEvent(event);
  const snapshot =
    subject?.subscriptionId && !(subject.checkout && !subject.checkout.isPaid)
      ? await askStripe(() => fetchSnapshot(stripe, subject.subscriptionId!))
      : null;
  return inTransaction(payments.db, async (trx) => {
    if (!(await paymentsRepository.claimEvent(trx, event.id, event.type))) {
      return { received: true, duplicate: true, outcome: 'duplicate' };
    }
    const { outcome, userId } = await applyEvent(trx, event, subject, snapshot);
    await paymentsRepository.recordEventOutcome(trx, event.id, outcome, userId);
    return { received: true, duplicate: false, outcome };
  });
}

async function fetchSnapshot(stripe: StripeClient, subscriptionId: string) {
  try {
    return snapshotOf(await stripe.subscriptions.retrieve(subscriptionId));
  } catch (error) {
    // A subscription Stripe does not know of changes nothing here.
    if (isMissingObject(error)) return null;
    throw error;
  }
}

/** The named steps of one event, in order; each may end it with its outcome. */
async function applyEvent(
  trx: Db,
  event: Stripe.Event,
  subject: ReturnType<typeof subjectOfEvent>,
  snapshot: SubscriptionSnapshot | null,
): Promise<{ outcome: string; userId: number | null }> {
  if (!subject) return { outcome: 'ignored', userId: null };
  if (!subject.customerId) return { outcome: 'no-customer', userId: null };
  const customer = await paymentsRepository.lockCustomer(trx, subject.customerId);
  if (!customer) return { outcome: 'unknown-customer', userId: null };
  const userId = customer.userId;
  if (subject.checkout) {
    if (subject.checkout.clientReferenceId !== String(userId)) {
      return { outcome: 'other-member', userId };
    }
    if (!subject.checkout.isPaid) return { outcome: 'unpaid', userId };
    await paymentsRepository.insertFulfilment(trx, {
      checkoutSessionId: subject.checkout.sessionId,
      userId,
      subscriptionId: subject.subscriptionId,
      source: 'webhook',
    });
  }
  if (!snapshot) return { outcome: 'no-subscription', userId };
  const outcome = await applySnapshot(trx, customer, snapshot, new Date(event.created * 1000));
  return { outcome, userId };
}

type LockedCustomer = NonNullable<Awaited<ReturnType<typeof paymentsRepository.lockCustomer>>>;

/**
 * Writes a subscription's state as of `asOf` (Stripe's time), unless the member's row already
 * holds a newer one, or the subscription is not theirs, or it is an old subscription ending while
 * another one is the member's.
 */
async function applySnapshot(
  trx: Db,
  customer: LockedCustomer,
  snapshot: SubscriptionSnapshot,
  asOf: Date,
): Promise<string> {
  if (snapshot.customerId !== customer.customerId) return 'other-customer';
  if (asOf.getTime() < customer.statusAsOf.getTime()) return 'stale';
  if (snapshot.status === null) return 'incomplete';
  const isOtherSubscription =
    customer.subscriptionId !== null && customer.subscriptionId !== snapshot.subscriptionId;
  if (isOtherSubscription && !isSubscriptionOpen(snapshot.status)) return 'old-subscription';
  await paymentsRepository.updateSubscription(trx, customer.userId, {
    subscriptionId: snapshot.subscriptionId,
    status: snapshot.status,
    statusAsOf: asOf,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelsAtPeriodEnd,
  });
  return 'applied';
}

/** A stored status as the contract's type ('' for anything unknown). */
function statusOf(status: string): SubscriptionStatus {
  return status === 'active' || status === 'past_due' || status === 'inactive' ? status : '';
}

// ---------------------------------------------------------------------------------------------
// The ebook.

/** The manual's PDF, for members whose subscription is open (the reports' own rule). */
export async function getEbookFor(user: SessionUser | null): Promise<Buffer> {
  if (!user) throw new HttpError(401, 'Please log in to download the ebook');
  if (!isSubscriptionOpen(user.subscriptionStatus)) {
    throw new HttpError(403, 'The ebook comes with the subscription: subscribe to download it');
  }
  return getEbook();
}
