import { z } from 'zod';
import { defineCall, emptyPayload } from './api.ts';
import * as base from './payments.base.ts';
import { sameSitePath, subscriptionStatuses } from './payments.base.ts';

export {
  subscriptionStatuses,
  isSubscriptionOpen,
  subscriptionPrice,
  subscriptionProductName,
  ebookFileName,
  checkoutSessionParameter,
  checkoutNextParameter,
  sameSitePath,
  downloadEbook,
  stripeWebhook,
  type SubscriptionStatus,
} from './payments.base.ts';

/*
 * Payments through Stripe Checkout (docs/decisions/049-payments-and-the-ebook.md). One product,
 * the subscription, unlocks the paid Opinion DNA reports and the ebook. The member's status is
 * what Stripe says: it changes only through a verified webhook event or a checkout session Stance
 * asked Stripe about itself, never through what a URL claims.
 */

const subscriptionStatus = z.enum(subscriptionStatuses);

/** A GET that takes nothing ignores whatever else its query string carries. */
const noQuery = z.object({});

export const getStripeConfig = defineCall({
  ...base.getStripeConfig,
  payload: noQuery,
  response: z.object({
    /** False when the server has no Stripe key: the web hides the buy buttons. */
    enabled: z.boolean(),
    /** ISO 4217, lower case as Stripe writes it (`usd`). */
    currency: z.string(),
    /** The subscription's price in the currency's smallest unit (cents). */
    unitAmount: z.number().int().nonnegative(),
    /** How often the price is charged. */
    interval: z.enum(['month', 'year']),
    /** Stripe's publishable key, '' when none is set. */
    publicKey: z.string(),
  }),
});

export const createCheckoutSession = defineCall({
  ...base.createCheckoutSession,
  payload: z
    .object({
      /**
       * Where the member lands once the payment is confirmed: a path on this site (the report
       * they paid from). Without it, the detailed Opinion DNA report.
       */
      returnTo: z
        .string()
        .refine(
          (value) => sameSitePath(value) !== null,
          'returnTo must be a path on this site, such as /reports/details/bigfive',
        )
        .optional(),
    })
    .strict(),
  response: z.object({
    /** Stripe's Checkout Session id (`cs_…`). */
    sessionId: z.string(),
    /** Stripe's checkout page: the client goes there. */
    url: z.string(),
  }),
});

export const getCheckoutSession = defineCall({
  ...base.getCheckoutSession,
  payload: z.object({
    session_id: z
      .string({ error: 'session_id is required' })
      .trim()
      .regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'session_id is not a checkout session id'),
  }),
  response: z.object({
    /** The member's status after the confirmation. */
    SubscriptionStatus: subscriptionStatus,
    /**
     * True when Stripe says the session is complete and paid: the subscription is the member's.
     * False while the payment is still being processed; the status then stays as it was.
     */
    Confirmed: z.boolean(),
  }),
});

const subscriptionAnswer = z.object({
  SubscriptionStatus: subscriptionStatus,
  /** When the current period ends (ISO 8601): the next charge, or the end of access. */
  RenewsAt: z.string().nullable(),
  /** True when the member cancelled and access ends at `RenewsAt` without a new charge. */
  CancelsAtPeriodEnd: z.boolean(),
  /** True when Stripe's billing portal can be opened for this member. */
  CanManageBilling: z.boolean(),
});

export const getSubscription = defineCall({
  ...base.getSubscription,
  payload: noQuery,
  response: subscriptionAnswer,
});

/**
 * Takes back a cancellation while the paid period runs: the subscription renews again at
 * `RenewsAt`. 409 when there is nothing to resume (no subscription, ended, not cancelled).
 */
export const resumeSubscription = defineCall({
  ...base.resumeSubscription,
  payload: emptyPayload,
  response: subscriptionAnswer,
});

export const createBillingPortalSession = defineCall({
  ...base.createBillingPortalSession,
  payload: emptyPayload,
  response: z.object({
    /** Stripe's customer portal (cancel, card, invoices); it links back to Stance. */
    url: z.string(),
  }),
});
