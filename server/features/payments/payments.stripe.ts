import Stripe from 'stripe';
import type { SubscriptionStatus } from '../../../contract/payments.base.ts';
import type { Config } from '../../config.ts';

/*
 * Stripe's side of payments: the SDK client and pure readings of Stripe's objects
 * (docs/decisions/049-payments-and-the-ebook.md). Nothing here touches the database.
 */

/**
 * The API version every request and every webhook payload of this code is written for. The SDK
 * types only its own pinned version, so an SDK upgrade that moves the version fails the typecheck
 * here until someone has read what changed (the 2025 versions moved a subscription's periods onto
 * its items and an invoice's subscription under `parent`).
 */
export const stripeApiVersion = '2026-10-28.endive' satisfies Stripe.StripeConfig['apiVersion'];

/** How long Stripe's signature on a webhook stays acceptable (Stripe's own default, 5 minutes). */
export const webhookToleranceSeconds = 300;

export type StripeClient = Stripe;

/**
 * The SDK client for STRIPE_SECRET_KEY, or null when payments are not configured. With
 * STRIPE_API_BASE it talks to that host through the SDK's own host/port/protocol options, so a
 * local stand-in gets the same requests Stripe would.
 */
export function createStripeClient(config: Config['stripe']): StripeClient | null {
  if (!config.secretKey) return null;
  const base = config.apiBase ? new URL(config.apiBase) : null;
  return new Stripe(config.secretKey, {
    apiVersion: stripeApiVersion,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Stance' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** Verifies a webhook's signature and age, and parses it; throws on any mismatch. */
export function verifyWebhookEvent(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature ?? '', secret, webhookToleranceSeconds);
}

/** An id from a field Stripe sends either as the id or, when expanded, as the object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * The member's status for a subscription's status on Stripe, or null for one that neither grants
 * nor takes away anything yet (`incomplete`: the first payment has not gone through).
 */
export function statusOfSubscription(
  status: Stripe.Subscription.Status,
): SubscriptionStatus | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'incomplete':
      return null;
    default:
      // canceled, unpaid (retries exhausted), incomplete_expired, paused, and any newer state.
      return 'inactive';
  }
}

/** What Stance keeps of a subscription. */
export type SubscriptionSnapshot = {
  subscriptionId: string;
  customerId: string | null;
  /** Null: nothing to apply yet. */
  status: SubscriptionStatus | null;
  /** The end of the current period: since the 2025 API versions, on each subscription item. */
  currentPeriodEnd: Date | null;
  /** The member cancelled; access ends with the period. */
  cancelsAtPeriodEnd: boolean;
};

export function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const periodEnds = subscription.items.data.map((item) => item.current_period_end);
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer),
    status: statusOfSubscription(subscription.status),
    currentPeriodEnd: periodEnds.length > 0 ? new Date(Math.min(...periodEnds) * 1000) : null,
    cancelsAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
  };
}

/** The subscription an invoice bills: since the 2025 API versions, under `parent`. */
export function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/** The events Stance acts on; every other verified event is stored and ignored. */
export const handledEventTypes = [
  'checkout.session.completed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

/** What an event is about: whose subscription, and for a checkout, which session. */
export type EventSubject = {
  customerId: string | null;
  subscriptionId: string | null;
  /** checkout.session.completed only. */
  checkout: { sessionId: string; clientReferenceId: string | null; isPaid: boolean } | null;
};

/** The subject of a handled event, or null for an event Stance does not act on. */
export function subjectOfEvent(event: Stripe.Event): EventSubject | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return null;
      return {
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        checkout: {
          sessionId: session.id,
          clientReferenceId: session.client_reference_id,
          isPaid: isCheckoutPaid(session),
        },
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        customerId: idOf(subscription.customer),
        subscriptionId: subscription.id,
        checkout: null,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return {
        customerId: idOf(invoice.customer),
        subscriptionId: subscriptionOfInvoice(invoice),
        checkout: null,
      };
    }
    default:
      return null;
  }
}

/** Only a complete session whose payment went through counts: never one still open or unpaid. */
export function isCheckoutPaid(session: Stripe.Checkout.Session): boolean {
  return session.status === 'complete' && session.payment_status === 'paid';
}

/** Stripe answered that the object does not exist. */
export function isMissingObject(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
}
