import { describe, expect, it } from 'vitest';
import { toResultBars } from './vote-scale.ts';

describe('toResultBars', () => {
  it('labels five bars and shows 999 as an empty 0 %', () => {
    const bars = toResultBars([40, 30, 999, 20, 10]);
    expect(bars.map((bar) => bar.label)).toEqual([
      'Strongly Agree',
      'Agree',
      'Neutral',
      'Disagree',
      'Strongly Disagree',
    ]);
    expect(bars[2]).toMatchObject({ percent: 0, isEmpty: true });
    expect(bars[0]).toMatchObject({ percent: 40, isEmpty: false });
  });

  it('refuses results of the wrong length', () => {
    expect(() => toResultBars([50, 50])).toThrow();
  });
});
