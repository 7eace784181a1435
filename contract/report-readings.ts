/*
 * How a report's score reads, in one copy (docs/decisions/070 and 071): its band and the bands
 * its 90 % interval leaves open, where the interval lies against the middle, the sixteen-type
 * letters with each axis's clarity, the climate class, and the percentile among the other
 * members. The server's scoring and detailed text, the ebook, and the web's cards, rows and
 * shared page all read these rules from here. No zod and no runtime imports: the browser loads
 * this module as it is.
 */

/** The five bands of docs/product/reports.md, lowest first. */
export const bands = ['VERY LOW', 'LOW', 'MEDIUM', 'HIGH', 'VERY HIGH'] as const;
export type Band = (typeof bands)[number];

/** Each band's rounded scores, first and last: 0–20, 21–40, 41–60, 61–80, 81–100. */
export const bandRanges: Readonly<Record<Band, readonly [number, number]>> = {
  'VERY LOW': [0, 20],
  LOW: [21, 40],
  MEDIUM: [41, 60],
  HIGH: [61, 80],
  'VERY HIGH': [81, 100],
};

/**
 * Rounds to a whole score, halves away from 50: 62.5 → 63 and 37.5 → 37. Rounding never pulls a
 * score towards neutral, and mirrored answers get mirrored rounded scores (100 − s), which
 * Math.round's halves-up would break (docs/decisions/010).
 */
export function roundScore(score: number): number {
  const distance = Math.abs(score - 50);
  const rounded = Math.floor(distance + 0.5);
  return score < 50 ? 50 - rounded : 50 + rounded;
}

/** The band of a score, read on the rounded score so the label agrees with the number shown. */
export function bandOf(score: number): Band {
  const rounded = roundScore(score);
  for (const band of bands) if (rounded <= bandRanges[band][1]) return band;
  return 'VERY HIGH';
}

/** The 90 % interval drawn and written around a score, in whole points within 0–100. */
export function intervalOf(score: number, halfWidth: number): [number, number] {
  return [Math.max(0, Math.round(score - halfWidth)), Math.min(100, Math.round(score + halfWidth))];
}

/**
 * A score's band and the other bands its 90 % interval reaches, in band order: a 69 whose
 * interval is 55–83 is HIGH, but could be MEDIUM or VERY HIGH. Read on the interval as the card
 * writes it (`intervalOf`), so the words agree with the numbers beside them. Without a known
 * interval, the band alone.
 */
export type BandReading = { band: Band; couldBe: Band[] };

export function readBand(score: number, halfWidth: number | null): BandReading {
  const band = bandOf(score);
  if (halfWidth === null) return { band, couldBe: [] };
  const [low, high] = intervalOf(score, halfWidth);
  const first = bands.indexOf(bandOf(low));
  const last = bands.indexOf(bandOf(high));
  return { band, couldBe: bands.slice(first, last + 1).filter((other) => other !== band) };
}

/**
 * What the other bands say, or '' when there are none: "could be MEDIUM", "could be MEDIUM or
 * VERY HIGH", and over three or more bands their span, "could be anywhere from LOW to VERY
 * HIGH".
 */
export function couldBeText(couldBe: readonly Band[]): string {
  if (couldBe.length === 0) return '';
  if (couldBe.length === 1) return `could be ${couldBe[0]}`;
  if (couldBe.length === 2) return `could be ${couldBe[0]} or ${couldBe[1]}`;
  return `could be anywhere from ${couldBe[0]} to ${couldBe.at(-1)}`;
}

/** The band label with its uncertainty beside it: "HIGH", or "HIGH, could be MEDIUM". */
export function bandLabel(score: number, halfWidth: number | null): string {
  const { band, couldBe } = readBand(score, halfWidth);
  return couldBe.length === 0 ? band : `${band}, ${couldBeText(couldBe)}`;
}

/**
 * Which of an element's three texts (docs/decisions/010) a band reads: the low text for VERY LOW
 * and LOW, the middle one for MEDIUM, the high one for HIGH and VERY HIGH.
 */
export type BandText = 'low' | 'middle' | 'high';
export const bandTexts: Readonly<Record<Band, BandText>> = {
  'VERY LOW': 'low',
  LOW: 'low',
  MEDIUM: 'middle',
  HIGH: 'high',
  'VERY HIGH': 'high',
};

/** The bands that read one text, lowest first, and the scores they cover. */
export function bandsOfText(text: BandText): { bands: Band[]; range: [number, number] } {
  const of = bands.filter((band) => bandTexts[band] === text);
  return { bands: of, range: [bandRanges[of[0]!][0], bandRanges[of.at(-1)!][1]] };
}

/** Where a score's 90 % interval lies against the middle (50). */
export const leaningValues = ['low', 'high', 'balanced'] as const;
export type Leaning = (typeof leaningValues)[number];

/** Wholly below the middle ('low'), wholly above ('high'), or across it ('balanced'). */
export function leaningOf(score: number, halfWidth: number): Leaning {
  if (score + halfWidth < 50) return 'low';
  if (score - halfWidth > 50) return 'high';
  return 'balanced';
}

/** A sixteen-type axis's letters: its first pole's (0) and its second's (100). */
export type TypeLetters = { low: string; high: string };

/**
 * One sixteen-type letter by the rule of docs/product/reports.md: the first pole's letter (E, S,
 * T, J) below 50, the second's (I, N, F, P) above, and X at exactly 50 or when unscored. Read on
 * the rounded score.
 */
export function typeLetterOf(letters: TypeLetters, score: number | null): string {
  if (score === null) return 'X';
  const rounded = roundScore(score);
  if (rounded < 50) return letters.low;
  if (rounded > 50) return letters.high;
  return 'X';
}

/**
 * How sure an axis's letter is: 'clear' when the whole 90 % interval is on the letter's side of
 * the middle, 'slight' when the interval reaches the other side (the letter could flip on a
 * retake), 'even' at exactly 50 (X), 'unscored' without a score (X).
 */
export type AxisClarity = 'clear' | 'slight' | 'even' | 'unscored';
export type AxisReading = {
  letter: string;
  clarity: AxisClarity;
  /** The letter the interval also reaches: set for a slight axis only. */
  couldBe: string | null;
};

/** An axis's clarity from its score and the half-width of its 90 % interval. */
export function clarityOf(score: number | null, halfWidth: number | null): AxisClarity {
  if (score === null) return 'unscored';
  const rounded = roundScore(score);
  if (rounded === 50) return 'even';
  if (halfWidth === null) return 'clear';
  return leaningOf(rounded, halfWidth) === (rounded < 50 ? 'low' : 'high') ? 'clear' : 'slight';
}

export function readAxis(
  letters: TypeLetters,
  score: number | null,
  halfWidth: number | null,
): AxisReading {
  const letter = typeLetterOf(letters, score);
  const clarity = clarityOf(score, halfWidth);
  const couldBe = clarity !== 'slight' ? null : letter === letters.low ? letters.high : letters.low;
  return { letter, clarity, couldBe };
}

/** The clarity in words, for the card and the row: "clear", "slight: could be E". */
export function clarityText(reading: AxisReading): string {
  switch (reading.clarity) {
    case 'clear':
      return 'clear';
    case 'slight':
      return `slight: could be ${reading.couldBe}`;
    case 'even':
      return 'exactly between the poles';
    case 'unscored':
      return 'not scored yet';
  }
}

/**
 * The four letters of a sixteen type, one per axis in content order; null until some axis has a
 * score (nothing to say yet).
 */
export function sixteenTypeOf(
  axes: readonly { letters: TypeLetters; score: number | null }[],
): string | null {
  if (axes.every((axis) => axis.score === null)) return null;
  return axes.map((axis) => typeLetterOf(axis.letters, axis.score)).join('');
}

/** The climate classes of docs/product/reports.md, on the rounded Total Climate Score. */
export const climateClasses = ['SKEPTIC', 'PASSIVIST', 'BELIEVER', 'ACTIVIST'] as const;
export type ClimateClass = (typeof climateClasses)[number];

/** Up to 25 SKEPTIC, up to 50 PASSIVIST, up to 80 BELIEVER, above that ACTIVIST. */
export function classifyClimate(average: number): ClimateClass {
  const rounded = roundScore(average);
  if (rounded <= 25) return 'SKEPTIC';
  if (rounded <= 50) return 'PASSIVIST';
  if (rounded <= 80) return 'BELIEVER';
  return 'ACTIVIST';
}

/** Other members a percentile needs before it is shown (docs/decisions/071). */
export const minimumMembersForPercentile = 30;

/** The percentile never says a member is above or below everyone: it is held within 1–99. */
export const percentileBounds = [1, 99] as const;

/**
 * A member's percentile among the other members with a score on the same entry (docs/decisions/
 * 071): those who scored lower, and half of those who scored the same, over all of them,
 * rounded and held within 1–99. Null under `minimumMembersForPercentile` others.
 */
export function percentileAmongOthers(group: {
  /** Other members with a lower score. */
  below: number;
  /** Other members with the same score. */
  level: number;
  /** Every other member with a score on the entry. */
  others: number;
}): number | null {
  const { below, level, others } = group;
  if (others < minimumMembersForPercentile) return null;
  const percentile = Math.round((100 * (below + level / 2)) / others);
  return Math.min(percentileBounds[1], Math.max(percentileBounds[0], percentile));
}

/**
 * The percentile in words: from the side the member is on, so a low score reads as plainly as
 * a high one, and never "than 100 %": "Higher than 62 % of 1,239 other Stance members", "Lower
 * than 88 % of …", or when it will appear.
 */
export function percentileText(percentile: number | null, others: number, locale?: string) {
  if (percentile === null) {
    return `Percentile appears once ${minimumMembersForPercentile} other members have this score`;
  }
  const count = new Intl.NumberFormat(locale).format(others);
  const group = `${count} other Stance ${others === 1 ? 'member' : 'members'}`;
  return percentile >= 50
    ? `Higher than ${percentile} % of ${group}`
    : `Lower than ${100 - percentile} % of ${group}`;
}
