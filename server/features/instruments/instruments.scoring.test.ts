import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Report, ReportElement } from './instruments.content.ts';
import { getInstrumentContent } from './instruments.content.ts';
import { keyingBalance } from './instruments.psychometrics.ts';
import { classifyClimate, roundScore } from '../../../contract/report-readings.ts';
import {
  completionByReport,
  readRating,
  scoreElement,
  scoreItem,
  scoreReport,
  totalOf,
} from './instruments.scoring.ts';

const content = getInstrumentContent();
const reports = Object.values(content.reports);
const allItemIds = [...content.items.keys()];

function answerAll(rating: number): Map<string, number> {
  return new Map(allItemIds.map((id) => [id, rating]));
}

/** Answers for every item, 0 (unanswered) to 5. */
const answersArbitrary = fc
  .array(fc.integer({ min: 0, max: 5 }), {
    minLength: allItemIds.length,
    maxLength: allItemIds.length,
  })
  .map((ratings) => new Map(allItemIds.map((id, index) => [id, ratings[index] ?? 0])));

/** A synthetic element of 1–12 items with random keying, and ratings 0–5 for them. */
const elementWithAnswers = fc
  .array(fc.constantFrom<'+' | '-'>('+', '-'), { minLength: 1, maxLength: 12 })
  .chain((keyings) =>
    fc.tuple(
      fc.constant(keyings),
      fc.array(fc.integer({ min: 0, max: 5 }), {
        minLength: keyings.length,
        maxLength: keyings.length,
      }),
    ),
  )
  .map(([keyings, ratings]) => {
    const element: ReportElement = {
      id: 'test',
      name: 'Test',
      help: 'A test element.',
      poles: { low: 'Low', high: 'High' },
      texts: { low: 'low', middle: 'middle', high: 'high' },
      items: keyings.map((keying, index) => ({ id: `t.test.${index + 1}`, keying, text: 'x' })),
    };
    const answers = new Map(element.items.map((item, index) => [item.id, ratings[index] ?? 0]));
    return { element, answers, answered: ratings.filter((rating) => rating > 0).length };
  });

function reversed(answers: Map<string, number>): Map<string, number> {
  return new Map([...answers].map(([id, rating]) => [id, rating === 0 ? 0 : 6 - rating]));
}

describe('scoreItem', () => {
  it('raises the score with agreement on a + item and lowers it on a - item', () => {
    expect([1, 2, 3, 4, 5].map((rating) => scoreItem('+', rating))).toEqual([100, 75, 50, 25, 0]);
    expect([1, 2, 3, 4, 5].map((rating) => scoreItem('-', rating))).toEqual([0, 25, 50, 75, 100]);
  });
});

describe('readRating', () => {
  it('treats 0 and absence as unanswered and refuses anything outside 1–5', () => {
    const answers = new Map([
      ['a', 0],
      ['b', 6],
      ['c', 2.5],
      ['d', 4],
    ]);
    expect(readRating(answers, 'a')).toBeUndefined();
    expect(readRating(answers, 'missing')).toBeUndefined();
    expect(readRating(answers, 'd')).toBe(4);
    expect(() => readRating(answers, 'b')).toThrow(RangeError);
    expect(() => readRating(answers, 'c')).toThrow(RangeError);
  });
});

describe('scoreElement', () => {
  it('scores 0–100 when at least half the items are answered, and is missing otherwise', () => {
    fc.assert(
      fc.property(elementWithAnswers, ({ element, answers, answered }) => {
        const result = scoreElement(element, answers);
        expect(result.answered).toBe(answered);
        if (answered * 2 < element.items.length || answered === 0) {
          expect(result.score).toBeNull();
          expect(result.band).toBeNull();
          expect(result.standardError).toBeNull();
        } else {
          expect(Number.isInteger(result.score)).toBe(true);
          expect(result.score).toBeGreaterThanOrEqual(0);
          expect(result.score).toBeLessThanOrEqual(100);
          expect(result.exactScore).toBeGreaterThanOrEqual(0);
          expect(result.exactScore).toBeLessThanOrEqual(100);
          expect(result.standardError).toBeCloseTo(25 / Math.sqrt(answered));
        }
      }),
    );
  });

  it('mirrors every element around 50 when every answer is reversed', () => {
    fc.assert(
      fc.property(answersArbitrary, (answers) => {
        const flipped = reversed(answers);
        for (const report of reports) {
          for (const element of report.elements) {
            const original = scoreElement(element, answers);
            const mirror = scoreElement(element, flipped);
            if (original.score === null || original.exactScore === null) {
              expect(mirror.score).toBeNull();
              continue;
            }
            expect(mirror.exactScore).toBeCloseTo(100 - original.exactScore, 9);
            expect(mirror.score).toBe(100 - original.score);
          }
        }
      }),
      { numRuns: 50 },
    );
  });

  it('gives 50 for all-neutral answers, and 50 to balanced elements when agreeing with everything', () => {
    const neutral = answerAll(3);
    const agreeing = answerAll(1);
    for (const report of reports) {
      for (const element of report.elements) {
        expect(scoreElement(element, neutral).score).toBe(50);
        if (keyingBalance(element.items).isBalanced) {
          expect(scoreElement(element, agreeing).score, element.name).toBe(50);
        }
      }
    }
  });

  it('scores with exactly half the items answered and not with one fewer', () => {
    const element = content.reports.bigfive.elements[0] as ReportElement;
    const half = new Map(element.items.slice(0, 4).map((item) => [item.id, 1]));
    expect(scoreElement(element, half).score).not.toBeNull();
    half.delete(element.items[0]?.id ?? '');
    expect(scoreElement(element, half).score).toBeNull();
  });
});

describe('totals', () => {
  it('is the rounded mean of the sub-scores, and missing when any is', () => {
    expect(totalOf([50, 51])).toBe(51);
    expect(totalOf([50, 49])).toBe(49);
    expect(totalOf([10, 20, 90])).toBe(40);
    expect(totalOf([10, null])).toBeNull();
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 48 }),
        (scores) => {
          const total = totalOf(scores);
          expect(total).toBe(roundScore(scores.reduce((a, b) => a + b, 0) / scores.length));
          expect(total).toBeGreaterThanOrEqual(Math.min(...scores));
          expect(total).toBeLessThanOrEqual(Math.max(...scores));
        },
      ),
    );
  });
});

describe('scoreReport', () => {
  it('gives neutral answers 50 everywhere, a PASSIVIST climate and type XXXX', () => {
    const neutral = answerAll(3);
    for (const report of reports) {
      const result = scoreReport(report, neutral);
      if (report.total) expect(result.total?.score).toBe(50);
      expect(result.completion).toBe(100);
    }
    expect(scoreReport(content.reports.climate, neutral).climateClass).toBe('PASSIVIST');
    expect(scoreReport(content.reports.sixteen, neutral).sixteenType).toBe('XXXX');
  });

  it('reads the type letters off the four axes', () => {
    const sixteen = content.reports.sixteen;
    // Strongly agree with the + items of E/I and T/F (towards I, F), the - items of S/N and J/P.
    const answers = new Map<string, number>();
    sixteen.elements.forEach((element, index) => {
      const towardsHigh = index % 2 === 0;
      for (const item of element.items) {
        answers.set(item.id, (item.keying === '+') === towardsHigh ? 1 : 5);
      }
    });
    expect(scoreReport(sixteen, answers).sixteenType).toBe('ISFJ');
  });

  it('keeps totals, climate class and the mirror property together', () => {
    fc.assert(
      fc.property(answersArbitrary, (answers) => {
        const climate = scoreReport(content.reports.climate, answers);
        const total = climate.total?.score ?? null;
        expect(climate.climateClass).toBe(total === null ? null : classifyClimate(total));
        const mirror = scoreReport(content.reports.climate, reversed(answers));
        expect(mirror.total?.score ?? null).toBe(total === null ? null : 100 - total);
      }),
      { numRuns: 100 },
    );
  });
});

describe('completion', () => {
  it('is the share of each report’s items answered, 100 only when all are', () => {
    const none = completionByReport(content.reports, new Map());
    expect(Object.values(none).every((value) => value === 0)).toBe(true);
    fc.assert(
      fc.property(answersArbitrary, (answers) => {
        const completion = completionByReport(content.reports, answers);
        for (const report of reports as Report[]) {
          const items = report.elements.flatMap((element) => element.items);
          const answered = items.filter((item) => (answers.get(item.id) ?? 0) > 0).length;
          expect(completion[report.name]).toBe(Math.floor((100 * answered) / items.length));
          expect(completion[report.name] === 100).toBe(answered === items.length);
        }
      }),
      { numRuns: 50 },
    );
  });
});
