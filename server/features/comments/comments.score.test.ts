import { describe, expect, it } from 'vitest';
import { createReaderCounter, wilsonLowerBound } from './comments.score.ts';

describe('the Wilson lower bound', () => {
  it('ranks fifty good points from sixty readers above two from two', () => {
    expect(wilsonLowerBound(2, 2)).toBeCloseTo(0.342, 3);
    expect(wilsonLowerBound(50, 60)).toBeCloseTo(0.72, 2);
    expect(wilsonLowerBound(50, 60)).toBeGreaterThan(wilsonLowerBound(2, 2));
  });

  it('is 0 without readers or good points, and grows with evidence at the same ratio', () => {
    expect(wilsonLowerBound(0, 0)).toBe(0);
    expect(wilsonLowerBound(0, 40)).toBe(0);
    expect(wilsonLowerBound(10, 20)).toBeGreaterThan(wilsonLowerBound(1, 2));
    expect(wilsonLowerBound(100, 200)).toBeGreaterThan(wilsonLowerBound(10, 20));
  });

  it('never counts fewer readers than good points', () => {
    expect(wilsonLowerBound(5, 3)).toBe(wilsonLowerBound(5, 5));
  });
});

describe('counting readers', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
  const countReaders = createReaderCounter([
    { userId: 1, lastAt: at(10) },
    { userId: 2, lastAt: at(20) },
    { userId: 3, lastAt: at(30) },
  ]);

  it('counts members active at or after the moment, except the author', () => {
    expect(countReaders(at(0), 99)).toBe(3);
    expect(countReaders(at(20), 99)).toBe(2);
    expect(countReaders(at(20), 3)).toBe(1);
    expect(countReaders(at(20), 1)).toBe(2);
    expect(countReaders(at(31), 99)).toBe(0);
  });
});
