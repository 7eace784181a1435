import { describe, expect, it } from 'vitest';
import {
  defaultPrice,
  formatBillingDate,
  formatPrice,
  hasActiveSubscription,
  priceText,
} from './pricing.ts';

describe('formatPrice', () => {
  it('writes the smallest unit in the visitor’s locale and currency', () => {
    expect(formatPrice(999, 'usd', 'en-US')).toBe('$9.99');
    expect(formatPrice(999, 'eur', 'de-DE')).toBe('9,99\u00a0€');
    expect(formatPrice(999, 'eur', 'fr-FR')).toBe('9,99\u00a0€');
    expect(formatPrice(123456, 'gbp', 'en-GB')).toBe('£1,234.56');
    expect(formatPrice(999, 'usd', 'en-GB')).toBe('US$9.99');
  });

  it('divides by the currency’s own minor unit, as Stripe counts amounts', () => {
    // Yen have no minor unit: Stripe's 999 is ¥999, not ¥9.99.
    expect(formatPrice(999, 'jpy', 'ja-JP')).toBe('￥999');
    expect(formatPrice(999, 'jpy', 'en-US')).toBe('¥999');
    expect(formatPrice(0, 'usd', 'en-US')).toBe('$0.00');
  });

  it('defaults to the product’s price, $9.99 a month', () => {
    expect(priceText(defaultPrice, 'en-US')).toBe('$9.99 a month');
    expect(priceText({ currency: 'eur', unitAmount: 9900, interval: 'year' }, 'de-DE')).toBe(
      '99,00\u00a0€ a year',
    );
  });
});

describe('hasActiveSubscription', () => {
  it('opens for active and past_due, and shows the buy button to inactive and empty', () => {
    expect(hasActiveSubscription('active')).toBe(true);
    expect(hasActiveSubscription('past_due')).toBe(true);
    expect(hasActiveSubscription('inactive')).toBe(false);
    expect(hasActiveSubscription('')).toBe(false);
    expect(hasActiveSubscription('gold')).toBe(false);
  });
});

describe('formatBillingDate', () => {
  it('writes the renewal date in the visitor’s locale', () => {
    expect(formatBillingDate('2026-12-26T12:00:00.000Z', 'en-US')).toBe('December 26, 2026');
    expect(formatBillingDate('2026-12-26T12:00:00.000Z', 'en-GB')).toBe('26 December 2026');
  });
});
