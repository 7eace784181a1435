/*
 * The payments calls' methods and paths, and the values both sides share: no zod, so the browser
 * can import them (docs/decisions/044-a-lighter-client.md). The schemas are in payments.ts; how
 * money flows is docs/decisions/049-payments-and-the-ebook.md.
 */

/**
 * What a member's `SubscriptionStatus` may be: `''` never subscribed, `active`, `past_due` (a
 * renewal failed and Stripe is retrying) or `inactive` (ended).
 */
export const subscriptionStatuses = ['', 'active', 'past_due', 'inactive'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** The statuses that open the paid reports and the ebook: a late payment does not close them. */
export function isSubscriptionOpen(status: string): boolean {
  return status === 'active' || status === 'past_due';
}

/**
 * The one product: the subscription that unlocks every Opinion DNA report and the ebook. Its
 * price is set here, in the smallest unit of its currency, and sent to Stripe with each Checkout
 * Session, so an operator needs no product set up in Stripe's dashboard.
 */
export const subscriptionPrice = {
  currency: 'usd',
  unitAmount: 999,
  interval: 'month',
} as const;

/** The product's name on Stripe's checkout page, receipts and invoices. */
export const subscriptionProductName = 'Stance Opinion DNA: every report and the manual';

/** The ebook's file name when downloaded. */
export const ebookFileName = 'stance-opinion-dna-manual.pdf';

/** The query parameter that carries the checkout session id back to Stance (docs/product/behaviour.md). */
export const checkoutSessionParameter = 'session_id';

/**
 * The query parameter of Stripe's return address that names where the member goes once the
 * payment is confirmed: the report they paid from (docs/decisions/069-honest-labels.md).
 */
export const checkoutNextParameter = 'next';

/** The longest return path a checkout carries. */
export const returnPathMaxLength = 300;

/**
 * A path on this site, as `returnTo` and the return's `next` must be: one leading `/` (not `//`,
 * not `/\`, which browsers read as another host), no backslash, space or control character,
 * nothing that parses to another origin. The path and query it names, or null. It never leaves
 * the site, so it cannot send a member elsewhere (no open redirect).
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value || value.length > returnPathMaxLength) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (/[\\\s]/.test(value)) return null;
  for (const character of value) {
    const code = character.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return null;
  }
  const base = 'https://stance.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}`;
}

export const getStripeConfig = { method: 'GET', path: '/api/stripe-config' } as const;
export const createCheckoutSession = {
  method: 'POST',
  path: '/api/create-checkout-session',
} as const;
export const getCheckoutSession = { method: 'GET', path: '/api/checkout-session' } as const;
export const getSubscription = { method: 'GET', path: '/api/subscription' } as const;
export const createBillingPortalSession = { method: 'POST', path: '/api/billing-portal' } as const;
export const resumeSubscription = { method: 'POST', path: '/api/subscription/resume' } as const;
/** Not a JSON call: the ebook's PDF, or the wire format's error. */
export const downloadEbook = { method: 'GET', path: '/api/ebook' } as const;
/** Not a JSON call: Stripe's signed events. */
export const stripeWebhook = { method: 'POST', path: '/api/stripe/webhook' } as const;
