import {
  bandOf,
  classifyClimate,
  roundScore,
  typeLetterOf,
  type Band,
  type ClimateClass,
} from '../../../contract/report-readings.ts';
import type { Keying, Report, ReportElement, ReportName } from './instruments.content.ts';

/**
 * Item id → rating on the vote scale (docs/product/constants.md#vote-scale): 1 Strongly Agree,
 * 2 Agree, 3 Neutral, 4 Disagree, 5 Strongly Disagree. A missing id or 0 means unanswered (a quiz
 * is complete when every rating is above 0: docs/product/screens.md#quiz-page).
 */
export type Answers = ReadonlyMap<string, number>;

/**
 * The assumed spread of one person's answers across the items of one element, in score points:
 * one step of the five-point scale. It turns the number of items answered into a standard error.
 */
export const ITEM_STANDARD_DEVIATION = 25;

export type ElementScore = {
  elementId: string;
  name: string;
  /** 0–100 rounded (see roundScore): the number the card shows and every label uses; null when missing. */
  score: number | null;
  /** The unrounded mean of the keyed item scores; null when missing. */
  exactScore: number | null;
  band: Band | null;
  /** Standard error of the score in points, ITEM_STANDARD_DEVIATION / √answered; null when missing. */
  standardError: number | null;
  answered: number;
  itemCount: number;
};

export type TotalScore = {
  name: string;
  /** The rounded mean of the element scores; null unless every element has a score. */
  score: number | null;
  band: Band | null;
};

export type ReportScore = {
  report: ReportName;
  elements: ElementScore[];
  /** Null when the card has no total. */
  total: TotalScore | null;
  /** Climate only: the class of the Total Climate Score. */
  climateClass?: ClimateClass | null;
  /** Sixteen Types only: four letters, X for an axis at exactly 50 or missing. */
  sixteenType?: string;
  /** Share of the report's items answered, 0–100. */
  completion: number;
};

/** Reads a rating; 0 or absent is unanswered, anything else outside 1–5 is a caller's bug. */
export function readRating(answers: Answers, itemId: string): number | undefined {
  const rating = answers.get(itemId);
  if (rating === undefined || rating === 0) return undefined;
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) {
    throw new RangeError(`rating for ${itemId} must be 0 (unanswered) or 1 to 5, got ${rating}`);
  }
  return rating;
}

/**
 * One answer as a 0–100 score for its element. Rating 1 (Strongly Agree) on a `+` item is 100;
 * a `-` item is reversed first, so Strongly Agree there is 0. Neutral is 50 either way.
 */
export function scoreItem(keying: Keying, rating: number): number {
  const agreement = (5 - rating) / 4;
  return 100 * (keying === '+' ? agreement : 1 - agreement);
}

/** A score needs at least half of its element's items answered; with fewer it is missing. */
export function hasEnoughAnswers(answered: number, itemCount: number): boolean {
  return answered > 0 && answered * 2 >= itemCount;
}

export function scoreElement(element: ReportElement, answers: Answers): ElementScore {
  const itemScores: number[] = [];
  for (const item of element.items) {
    const rating = readRating(answers, item.id);
    if (rating !== undefined) itemScores.push(scoreItem(item.keying, rating));
  }
  const answered = itemScores.length;
  const itemCount = element.items.length;
  const base = { elementId: element.id, name: element.name, answered, itemCount };
  if (!hasEnoughAnswers(answered, itemCount)) {
    return { ...base, score: null, exactScore: null, band: null, standardError: null };
  }
  const exactScore = itemScores.reduce((sum, value) => sum + value, 0) / answered;
  return {
    ...base,
    score: roundScore(exactScore),
    exactScore,
    band: bandOf(exactScore),
    standardError: ITEM_STANDARD_DEVIATION / Math.sqrt(answered),
  };
}

/**
 * A total is the rounded mean of the sub-scores (docs/product/reports.md#scores-bands-and-classes),
 * taken over the rounded element scores the card shows, so a reader can check it. A total over only
 * some elements would change meaning with whichever were answered, so it needs them all.
 */
export function totalOf(elementScores: readonly (number | null)[]): number | null {
  if (elementScores.length === 0) return null;
  let sum = 0;
  for (const score of elementScores) {
    if (score === null) return null;
    sum += score;
  }
  return roundScore(sum / elementScores.length);
}

/** Share of the report's items answered, rounded down so 100 means every item. */
export function completionOf(report: Report, answers: Answers): number {
  let itemCount = 0;
  let answered = 0;
  for (const element of report.elements) {
    for (const item of element.items) {
      itemCount += 1;
      if (readRating(answers, item.id) !== undefined) answered += 1;
    }
  }
  return itemCount === 0 ? 0 : Math.floor((100 * answered) / itemCount);
}

export function scoreReport(report: Report, answers: Answers): ReportScore {
  const elements = report.elements.map((element) => scoreElement(element, answers));
  const result: ReportScore = {
    report: report.name,
    elements,
    total: null,
    completion: completionOf(report, answers),
  };
  if (report.total) {
    const score = totalOf(elements.map((element) => element.score));
    result.total = {
      name: report.total.name,
      score,
      band: score === null ? null : bandOf(score),
    };
  }
  if (report.name === 'climate') {
    const average = result.total?.score ?? null;
    result.climateClass = average === null ? null : classifyClimate(average);
  }
  if (report.name === 'sixteen') {
    result.sixteenType = report.elements
      .map((element, index) =>
        element.letters ? typeLetterOf(element.letters, elements[index]?.score ?? null) : 'X',
      )
      .join('');
  }
  return result;
}

/** The quiz's percentage per report path: the share of each report's items answered. */
export function completionByReport(
  reports: Record<ReportName, Report>,
  answers: Answers,
): Record<ReportName, number> {
  const entries = Object.values(reports).map(
    (report) => [report.name, completionOf(report, answers)] as const,
  );
  return Object.fromEntries(entries) as Record<ReportName, number>;
}
