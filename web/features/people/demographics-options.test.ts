import { describe, expect, it } from 'vitest';
import { birthYearOptions } from './demographics-options.ts';

describe('birthYearOptions', () => {
  it('offers the years from the one a member turns 16 in back to 1900, newest first', () => {
    const years = birthYearOptions().map((option) => option.value);
    expect(years[0]).toBe(new Date().getUTCFullYear() - 16);
    expect(years.at(-1)).toBe(1900);
    expect(years).toEqual([...years].sort((a, b) => Number(b) - Number(a)));
  });
});
