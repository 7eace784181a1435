import { isSubscriptionOpen, subscriptionPrice } from '../../../contract/payments.base.ts';

/*
 * The subscription's price as the visitor reads it (docs/decisions/050-payments-screens.md): the
 * payment configuration's amount in its currency's smallest unit, written in the visitor's locale.
 */

/** What the price text needs from `stripe-config`. */
export type Price = { currency: string; unitAmount: number; interval: 'month' | 'year' };

/**
 * The price until the payment configuration answers, and when it cannot
 * (docs/product/constants.md#prices): the product's own, $9.99 a month.
 */
export const defaultPrice: Price = {
  currency: subscriptionPrice.currency,
  unitAmount: subscriptionPrice.unitAmount,
  interval: subscriptionPrice.interval,
};

/**
 * An amount in the currency's smallest unit (Stripe's `unit_amount`), formatted for `locale`
 * (the browser's when undefined). The currency's own number of minor digits divides it: cents for
 * USD and EUR, none for JPY, as Stripe counts them.
 */
export function formatPrice(
  unitAmount: number,
  currency: string = defaultPrice.currency,
  locale?: string | readonly string[],
): string {
  const format = new Intl.NumberFormat(locale as string | string[] | undefined, {
    style: 'currency',
    currency: currency.toUpperCase(),
  });
  const minorDigits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(unitAmount / 10 ** minorDigits);
}

/** '$9.99 a month' (or 'a year'). */
export function priceText(price: Price, locale?: string | readonly string[]): string {
  return `${formatPrice(price.unitAmount, price.currency, locale)} a ${price.interval}`;
}

/**
 * True for the statuses the subscription opens things for (`active`, `past_due`): they see the
 * reports and the download; an inactive or empty status sees the buy button
 * (docs/product/permissions.md#subscription).
 */
export function hasActiveSubscription(subscriptionStatus: string): boolean {
  return isSubscriptionOpen(subscriptionStatus);
}

/** A date the subscription panel shows (the renewal or the end), in the visitor's locale. */
export function formatBillingDate(iso: string, locale?: string | readonly string[]): string {
  return new Intl.DateTimeFormat(locale as string | string[] | undefined, {
    dateStyle: 'long',
  }).format(new Date(iso));
}
