import { describe, expect, it } from 'vitest';
import { breakdownOf, sharesOf } from './vote-breakdown.ts';

describe('the vote breakdown', () => {
  it('orders fields as the sidebar and answers as their lists, keeping withheld rows', () => {
    const fields = breakdownOf({
      generation: { z: [1, 2, 3, 4, 5], x: null },
      gender: { male: [5, 0, 0, 0, 5], female: [1, 1, 1, 1, 1] },
    });
    expect(fields.map((field) => field.field)).toEqual(['gender', 'generation']);
    expect(fields[0]!.rows.map((row) => row.answer)).toEqual(['male', 'female']);
    expect(fields[1]!.rows).toEqual([
      { answer: 'x', label: 'Generation X (1965–1980)', counts: null },
      { answer: 'z', label: 'Generation Z (1997 and later)', counts: [1, 2, 3, 4, 5] },
    ]);
  });

  it('gives shares that sum to 100', () => {
    expect(sharesOf([1, 1, 1, 0, 0])).toEqual([34, 33, 33, 0, 0]);
    expect(sharesOf([0, 0, 0, 0, 0])).toEqual([0, 0, 0, 0, 0]);
    const shares = sharesOf([3, 7, 11, 13, 17]);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(100);
  });
});
