/** SPEC.md §9: the ebook's price when the payment configuration has not given one. */
export const defaultEbookPriceCents = 999;

export function formatPrice(cents: number, currency = 'USD'): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
}

/** SPEC.md §6: inactive or empty subscription status sees the buy button. */
export function hasActiveSubscription(subscriptionStatus: string): boolean {
  return subscriptionStatus !== '' && subscriptionStatus !== 'inactive';
}
