import { describe, expect, it } from 'vitest';
import { genderOptions, religionOptions } from '../../../contract/demographics.base.ts';
import { birthYearOptions, demographicsOptions } from './demographics-options.ts';

describe('birthYearOptions', () => {
  it('offers the years from the one a member turns 16 in back to 1900, newest first', () => {
    const years = birthYearOptions().map((option) => option.value);
    expect(years[0]).toBe(new Date().getUTCFullYear() - 16);
    expect(years.at(-1)).toBe(1900);
    expect(years).toEqual([...years].sort((a, b) => Number(b) - Number(a)));
  });
});

describe('demographicsOptions', () => {
  it("offers every field the contract's choices, and the political scale without its 'not set'", () => {
    expect(demographicsOptions.gender().map((option) => option.value)).toEqual(
      genderOptions.map((option) => option.value),
    );
    expect(demographicsOptions.politicalSpectrum().map((option) => option.value)).toEqual([
      1, 25, 50, 75, 100,
    ]);
    expect(demographicsOptions.religion()).toBe(religionOptions);
  });
});
