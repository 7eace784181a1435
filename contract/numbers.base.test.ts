import { describe, expect, it } from 'vitest';
import { formatCount, formatPercent } from './numbers.base.ts';

const intlCount = new Intl.NumberFormat('en-US');
const intlPercent = new Intl.NumberFormat('en-US', { style: 'percent' });

describe('formatCount', () => {
  it('writes every whole number as Intl en-US does', () => {
    const values = [0, 1, 9, 10, 999, 1000, 1204, 12_000, 999_999, 1_000_000, 123_456_789];
    for (const magnitude of [1e12, 9_007_199_254_740_991, 1e20]) values.push(magnitude);
    for (const value of [...values, ...values.map((value) => -value).filter(Boolean)]) {
      expect(formatCount(value), String(value)).toBe(intlCount.format(value));
    }
    // Intl writes '-0'; a count is never below nothing.
    expect(formatCount(-0)).toBe('0');
  });

  it('leaves fractions and numbers too large to write out to Intl', () => {
    for (const value of [1234.5678, 0.1, 1e21, -3e25, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatCount(value), String(value)).toBe(intlCount.format(value));
    }
  });
});

describe('formatPercent', () => {
  it('writes a whole percentage as Intl does for exact shares', () => {
    for (const percent of [0, 1, 12.5, 33.333, 50, 62.4, 66.667, 87.5, 99.6, 100]) {
      expect(formatPercent(percent), String(percent)).toBe(intlPercent.format(percent / 100));
    }
  });

  it('rounds a half away from zero', () => {
    expect(formatPercent(28.5)).toBe('29%');
    expect(formatPercent(0.5)).toBe('1%');
    expect(formatPercent(0.4)).toBe('0%');
    expect(formatPercent(-0.4)).toBe('0%');
    expect(formatPercent(-2.5)).toBe('-3%');
  });
});
