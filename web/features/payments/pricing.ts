/**
 * The ebook's price when the payment configuration has not given one
 * (docs/product/constants.md#prices).
 */
export const defaultEbookPriceCents = 999;

export function formatPrice(cents: number, currency = 'USD'): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
}

/** An inactive or empty subscription status sees the buy button (docs/product/permissions.md). */
export function hasActiveSubscription(subscriptionStatus: string): boolean {
  return subscriptionStatus !== '' && subscriptionStatus !== 'inactive';
}
