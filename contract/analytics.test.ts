import { describe, expect, it } from 'vitest';
import {
  countAppliedFilters,
  decodeStaffFilters,
  emptyStaffFilters,
  encodeStaffFilters,
  reportFilterKeys,
  type StaffFilters,
} from './analytics.base.ts';

const sample: StaffFilters = {
  demographics: { gender: ['non-binary', 'female'], education: ['70'], generation: ['z'] },
  usertag: 12,
  dateFrom: '2026-01-01',
  dateTo: '2026-03-31',
  values: [
    { element: 'openness', min: 20, max: 80 },
    { element: 'total', min: 0, max: 55 },
  ],
};

describe('the staff filters codec', () => {
  it('encodes in one fixed, readable order and decodes back to the same filters', () => {
    const query = encodeStaffFilters(sample);
    expect(query).toBe(
      'gender=female,non-binary&generation=z&education=70&usertag=12&dateFrom=2026-01-01' +
        '&dateTo=2026-03-31&values=openness:20:80,total:0:55',
    );
    const decoded = decodeStaffFilters(new URLSearchParams(query));
    expect(decoded).toEqual({
      ok: true,
      filters: {
        ...sample,
        demographics: { ...sample.demographics, gender: ['female', 'non-binary'] },
      },
    });
    expect(countAppliedFilters(sample)).toBe(3 + 1 + 2 + 2);
  });

  it('sends only non-default score ranges, and nothing for empty filters', () => {
    expect(encodeStaffFilters(emptyStaffFilters)).toBe('');
    expect(
      encodeStaffFilters({
        ...emptyStaffFilters,
        values: [{ element: 'openness', min: 0, max: 100 }],
      }),
    ).toBe('');
    const decoded = decodeStaffFilters({ values: 'openness:0:100' });
    expect(decoded).toEqual({ ok: true, filters: emptyStaffFilters });
  });

  it('names every unknown key, answer and malformed value', () => {
    const decoded = decodeStaffFilters(
      {
        colour: 'red',
        gender: 'female,robot',
        values: 'openness:60:40,bad,openness:1:2,openness:3:4',
        usertag: '0',
        dateFrom: '2026-13-01',
        dateTo: ['2026-01-01', '2026-01-02'],
      },
      { keys: reportFilterKeys },
    );
    expect(decoded.ok).toBe(false);
    const errors = decoded.ok ? [] : decoded.errors;
    expect(errors).toEqual([
      '"colour" is not a filter',
      'gender has no answer "robot"',
      'values item "openness:60:40" must be <element>:<min>:<max> with 0 ≤ min < max ≤ 100',
      'values item "bad" must be <element>:<min>:<max> with 0 ≤ min < max ≤ 100',
      'values names "openness" twice',
      'usertag must be a tag\'s id (a whole number), not "0"',
      'dateFrom is not a filter of this call',
      'dateTo is not a filter of this call',
    ]);
    const dates = decodeStaffFilters({ dateFrom: '2026-02-30' });
    expect(dates).toEqual({
      ok: false,
      errors: ['dateFrom must be a date written YYYY-MM-DD, not "2026-02-30"'],
    });
  });
});
