import { describe, expect, it } from 'vitest';
import { fullRange, isDefaultRange, moveThumb } from './range.ts';

describe('the dual-range slider', () => {
  it('moves a thumb freely while the start stays below the end', () => {
    expect(moveThumb([0, 100], 'start', 30)).toEqual([30, 100]);
    expect(moveThumb([30, 100], 'end', 70)).toEqual([30, 70]);
  });

  it('keeps the start at least 1 below the end, nudging the other thumb', () => {
    expect(moveThumb([30, 70], 'start', 70)).toEqual([70, 71]);
    expect(moveThumb([30, 70], 'start', 95)).toEqual([95, 96]);
    expect(moveThumb([30, 70], 'end', 30)).toEqual([29, 30]);
    expect(moveThumb([30, 70], 'end', 10)).toEqual([9, 10]);
  });

  it('stops 1 short of the scale ends', () => {
    expect(moveThumb([30, 70], 'start', 100)).toEqual([99, 100]);
    expect(moveThumb([30, 70], 'end', 0)).toEqual([0, 1]);
  });

  it('rounds and clamps what an input reports', () => {
    expect(moveThumb([0, 100], 'start', 12.6)).toEqual([13, 100]);
    expect(moveThumb([0, 100], 'start', -5)).toEqual([0, 100]);
    expect(moveThumb([0, 50], 'end', 140)).toEqual([0, 100]);
    expect(moveThumb([20, 50], 'end', Number.NaN)).toEqual([0, 1]);
  });

  it('counts only ranges narrower than 0–100 as filters', () => {
    expect(isDefaultRange(fullRange)).toBe(true);
    expect(isDefaultRange([0, 99])).toBe(false);
    expect(isDefaultRange([1, 100])).toBe(false);
  });
});
