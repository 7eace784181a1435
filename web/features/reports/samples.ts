/**
 * The fixed sample values a profile card draws when it cannot draw the member's own: a locked
 * report, a report with nothing answered yet, or an array of the wrong length (a card is empty
 * when its array has the wrong length; it shows samples instead). Deterministic, so a sample card
 * looks the same on every visit and in every screenshot, and spread over the bands so that it
 * shows what a real card can look like.
 */
export const samplePattern = [72, 35, 58, 81, 17, 64, 46] as const;

/** The half-width of a sample score's 90 % interval, in score points. */
export const sampleUncertainty = 9;

/** `length` sample scores: the pattern, cycled. */
export function sampleScores(length: number): number[] {
  return Array.from({ length }, (_, index) => samplePattern[index % samplePattern.length]!);
}

/**
 * Sample scores for a card's entries: the pattern cycled over the elements, and a total that is
 * the rounded mean of the sample elements, as a real total is, so the sample card adds up.
 */
export function sampleScoresFor(entries: readonly { IsTotal: boolean }[]): number[] {
  const elements = sampleScores(entries.filter((entry) => !entry.IsTotal).length);
  const mean = elements.length
    ? Math.round(elements.reduce((sum, value) => sum + value, 0) / elements.length)
    : 50;
  let next = 0;
  return entries.map((entry) => (entry.IsTotal ? mean : elements[next++]!));
}

export type ScoresOrSamples =
  { isSample: false; scores: (number | null)[] } | { isSample: true; scores: number[] };

/**
 * The member's scores when they fit the card (one per entry), else samples. `null` (nothing
 * answered) and an array of the wrong length both fall back; a null inside a right-length array
 * is an entry without a score and stays null.
 */
export function scoresOrSamples(
  scores: readonly (number | null)[] | null | undefined,
  entries: readonly { IsTotal: boolean }[],
): ScoresOrSamples {
  if (!scores || scores.length !== entries.length) {
    return { isSample: true, scores: sampleScoresFor(entries) };
  }
  return { isSample: false, scores: [...scores] };
}
