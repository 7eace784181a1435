import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bandLabel,
  bandOf,
  bandsOfText,
  classifyClimate,
  clarityText,
  intervalOf,
  leaningOf,
  percentileAmongOthers,
  percentileText,
  readAxis,
  readBand,
  roundScore,
  sixteenTypeOf,
  typeLetterOf,
} from './report-readings.ts';

describe('roundScore', () => {
  it('rounds to the nearest whole score, halves away from 50, symmetrically', () => {
    expect([62.5, 37.5, 50.4, 49.6, 20.5, 80.5, 0, 100].map(roundScore)).toEqual([
      63, 37, 50, 50, 20, 81, 0, 100,
    ]);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (score) => {
        const rounded = roundScore(score);
        expect(Math.abs(rounded - score)).toBeLessThanOrEqual(0.5);
        expect(roundScore(100 - score)).toBe(100 - rounded);
      }),
    );
  });
});

describe('bandOf', () => {
  it('puts each band edge in the band docs/product/reports.md gives it', () => {
    expect([0, 20, 21, 40, 41, 60, 61, 80, 81, 100].map(bandOf)).toEqual([
      'VERY LOW',
      'VERY LOW',
      'LOW',
      'LOW',
      'MEDIUM',
      'MEDIUM',
      'HIGH',
      'HIGH',
      'VERY HIGH',
      'VERY HIGH',
    ]);
  });

  it('reads the rounded score, halves away from 50', () => {
    expect(bandOf(20.5)).toBe('VERY LOW');
    expect(bandOf(20.6)).toBe('LOW');
    expect(bandOf(60.4)).toBe('MEDIUM');
    expect(bandOf(60.5)).toBe('HIGH');
  });
});

describe('readBand and bandLabel', () => {
  it('gives the band alone while the interval stays inside it', () => {
    expect(readBand(69, 8)).toEqual({ band: 'HIGH', couldBe: [] });
    expect(bandLabel(69, 8)).toBe('HIGH');
    expect(bandLabel(69, null)).toBe('HIGH');
    expect(bandLabel(69, 0)).toBe('HIGH');
  });

  it('names the band the interval reaches past an edge, by the interval the card writes', () => {
    // 69 ± 8.4 is written 61–77: inside HIGH.
    expect(intervalOf(69, 8.4)).toEqual([61, 77]);
    expect(bandLabel(69, 8.4)).toBe('HIGH');
    // 69 ± 9 is 60–78: 60 is MEDIUM.
    expect(bandLabel(69, 9)).toBe('HIGH, could be MEDIUM');
    expect(bandLabel(75, 6)).toBe('HIGH, could be VERY HIGH');
  });

  it('names both neighbours, and the span of three or more', () => {
    expect(readBand(69, 20)).toEqual({ band: 'HIGH', couldBe: ['MEDIUM', 'VERY HIGH'] });
    expect(bandLabel(69, 20)).toBe('HIGH, could be MEDIUM or VERY HIGH');
    expect(bandLabel(50, 30)).toBe('MEDIUM, could be anywhere from VERY LOW to HIGH');
    expect(bandLabel(35, 41)).toBe('LOW, could be anywhere from VERY LOW to HIGH');
  });

  it('keeps the interval within 0–100', () => {
    expect(intervalOf(95, 10)).toEqual([85, 100]);
    expect(bandLabel(95, 10)).toBe('VERY HIGH');
    expect(bandLabel(4, 30)).toBe('VERY LOW, could be LOW');
  });
});

describe('bandsOfText', () => {
  it('reads the low text for the two low bands and the high text for the two high ones', () => {
    expect(bandsOfText('low')).toEqual({ bands: ['VERY LOW', 'LOW'], range: [0, 40] });
    expect(bandsOfText('middle')).toEqual({ bands: ['MEDIUM'], range: [41, 60] });
    expect(bandsOfText('high')).toEqual({ bands: ['HIGH', 'VERY HIGH'], range: [61, 100] });
  });
});

describe('leaningOf', () => {
  it('is low or high only when the whole interval is on one side of 50', () => {
    expect(leaningOf(30, 19.9)).toBe('low');
    expect(leaningOf(30, 20)).toBe('balanced');
    expect(leaningOf(70, 19.9)).toBe('high');
    expect(leaningOf(70, 20)).toBe('balanced');
    expect(leaningOf(50, 0)).toBe('balanced');
  });
});

const axes = [
  { low: 'E', high: 'I' },
  { low: 'S', high: 'N' },
  { low: 'T', high: 'F' },
  { low: 'J', high: 'P' },
];

describe('sixteen-type letters', () => {
  it('gives the first letter below 50, the second above, X only at exactly 50', () => {
    expect(typeLetterOf(axes[0]!, 49)).toBe('E');
    expect(typeLetterOf(axes[0]!, 50)).toBe('X');
    expect(typeLetterOf(axes[0]!, 51)).toBe('I');
    expect(typeLetterOf(axes[0]!, 49.5)).toBe('E');
    expect(typeLetterOf(axes[0]!, 50.5)).toBe('I');
    expect(typeLetterOf(axes[0]!, 49.6)).toBe('X');
    expect(typeLetterOf(axes[0]!, null)).toBe('X');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (score) => {
        expect(typeLetterOf(axes[0]!, score)).toBe(score < 50 ? 'E' : score > 50 ? 'I' : 'X');
      }),
    );
  });

  it('reads 63 on every axis as a type, however wide the intervals', () => {
    expect(sixteenTypeOf(axes.map((letters) => ({ letters, score: 63 })))).toBe('INFP');
    expect(sixteenTypeOf(axes.map((letters, index) => ({ letters, score: index * 25 })))).toBe(
      'ESXP',
    );
    expect(sixteenTypeOf(axes.map((letters) => ({ letters, score: null })))).toBeNull();
  });

  it('shows each axis’s clarity beside its letter', () => {
    const clear = readAxis(axes[0]!, 63, 12);
    expect(clear).toEqual({ letter: 'I', clarity: 'clear', couldBe: null });
    expect(clarityText(clear)).toBe('clear');
    const slight = readAxis(axes[0]!, 63, 18);
    expect(slight).toEqual({ letter: 'I', clarity: 'slight', couldBe: 'E' });
    expect(clarityText(slight)).toBe('slight: could be E');
    expect(readAxis(axes[1]!, 37, 13)).toEqual({ letter: 'S', clarity: 'slight', couldBe: 'N' });
    expect(readAxis(axes[1]!, 37, 12.9)).toEqual({ letter: 'S', clarity: 'clear', couldBe: null });
    expect(clarityText(readAxis(axes[2]!, 50, 10))).toBe('exactly between the poles');
    expect(readAxis(axes[2]!, 50, 10).letter).toBe('X');
    expect(readAxis(axes[3]!, null, null)).toEqual({
      letter: 'X',
      clarity: 'unscored',
      couldBe: null,
    });
  });
});

describe('classifyClimate', () => {
  it('puts each edge in its class', () => {
    expect([0, 25, 26, 50, 51, 80, 81, 100].map(classifyClimate)).toEqual([
      'SKEPTIC',
      'SKEPTIC',
      'PASSIVIST',
      'PASSIVIST',
      'BELIEVER',
      'BELIEVER',
      'ACTIVIST',
      'ACTIVIST',
    ]);
  });
});

describe('the percentile among the other members', () => {
  it('is never 100 for the highest, nor 0 for the lowest', () => {
    // 206 members with the score: the highest is above all 205 others.
    expect(percentileAmongOthers({ below: 205, level: 0, others: 205 })).toBe(99);
    expect(percentileAmongOthers({ below: 0, level: 0, others: 205 })).toBe(1);
    expect(percentileAmongOthers({ below: 204, level: 1, others: 205 })).toBe(99);
  });

  it('counts the others who scored the same as half below', () => {
    expect(percentileAmongOthers({ below: 10, level: 10, others: 40 })).toBe(38);
    expect(percentileAmongOthers({ below: 15, level: 0, others: 30 })).toBe(50);
  });

  it('waits for 30 others', () => {
    expect(percentileAmongOthers({ below: 10, level: 0, others: 29 })).toBeNull();
    expect(percentileAmongOthers({ below: 10, level: 0, others: 30 })).toBe(33);
  });

  it('reads from the member’s side, never "than 100 %"', () => {
    expect(percentileText(99, 205, 'en')).toBe('Higher than 99 % of 205 other Stance members');
    expect(percentileText(62, 1239, 'en')).toBe('Higher than 62 % of 1,239 other Stance members');
    expect(percentileText(50, 40, 'en')).toBe('Higher than 50 % of 40 other Stance members');
    expect(percentileText(12, 40, 'en')).toBe('Lower than 88 % of 40 other Stance members');
    expect(percentileText(1, 205, 'en')).toBe('Lower than 99 % of 205 other Stance members');
    expect(percentileText(null, 12)).toBe(
      'Percentile appears once 30 other members have this score',
    );
  });
});
