import { describe, expect, it } from 'vitest';
import { bandOf } from '../../../contract/report-readings.ts';
import { samplePattern, sampleScores, sampleScoresFor, scoresOrSamples } from './samples.ts';

const elements = (count: number) => Array.from({ length: count }, () => ({ IsTotal: false }));

describe('sampleScores', () => {
  it('cycles the fixed pattern to any length, the same every time', () => {
    expect(sampleScores(3)).toEqual([72, 35, 58]);
    expect(sampleScores(9)).toEqual([72, 35, 58, 81, 17, 64, 46, 72, 35]);
    expect(sampleScores(48)).toEqual(sampleScores(48));
    expect(sampleScores(48)[47]).toBe(samplePattern[47 % samplePattern.length]);
    expect(sampleScores(0)).toEqual([]);
  });

  it('spreads over every band, so a sample card shows what a real one can look like', () => {
    const bandsHit = new Set(samplePattern.map(bandOf));
    expect(bandsHit.size).toBe(5);
  });
});

describe('sampleScoresFor', () => {
  it('gives a total the rounded mean of the sample elements, wherever the total sits', () => {
    // 72, 35, 58, 81, 17: mean 52.6 → 53.
    expect(sampleScoresFor([...elements(5), { IsTotal: true }])).toEqual([72, 35, 58, 81, 17, 53]);
    expect(sampleScoresFor([{ IsTotal: true }, ...elements(2)])).toEqual([54, 72, 35]);
  });
});

describe('scoresOrSamples', () => {
  it("keeps the member's scores when the array fits the card, nulls included", () => {
    expect(scoresOrSamples([40, null, 90], elements(3))).toEqual({
      isSample: false,
      scores: [40, null, 90],
    });
  });

  it('falls back to samples when the array has the wrong length', () => {
    expect(scoresOrSamples([40, 50], elements(3))).toEqual({
      isSample: true,
      scores: [72, 35, 58],
    });
    expect(scoresOrSamples([40, 50, 60, 70], elements(3))).toEqual({
      isSample: true,
      scores: [72, 35, 58],
    });
  });

  it('falls back to samples when there is no array at all (locked, or nothing answered)', () => {
    expect(scoresOrSamples(null, elements(2))).toEqual({ isSample: true, scores: [72, 35] });
    expect(scoresOrSamples(undefined, elements(1))).toEqual({ isSample: true, scores: [72] });
  });
});
