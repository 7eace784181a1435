import type { Demographics } from '../../../contract/demographics.ts';
import type { QuizGateField } from '../../../contract/reports.ts';

/**
 * A gate select's value for 'Prefer not to say': an answer, unlike the empty 'Choose…', and sent
 * as null like the personal details page's (docs/decisions/067).
 */
export const preferNotToSay = 'prefer-not-to-say';

/** The gate's answers so far: null for a field not chosen yet, `preferNotToSay` for one declined. */
export type GateValues = Partial<Record<QuizGateField, string | number | null>>;

/** Which gate fields carry numbers on the wire (the rest carry strings). */
const numericGateFields: ReadonlySet<QuizGateField> = new Set([
  'birthYear',
  'education',
  'politicalSpectrum',
]);

/** A select's raw value as the gate's value: '' is unanswered. */
export function gateValueOf(field: QuizGateField, raw: string): string | number | null {
  if (raw === '') return null;
  if (raw === preferNotToSay) return preferNotToSay;
  return numericGateFields.has(field) ? Number(raw) : raw;
}

/**
 * The gate's starting values: what the member saved before (politicalSpectrum 0 is unset). A
 * field left empty in details saved before was declined, not forgotten: the form offered
 * 'Prefer not to say' for it.
 */
export function initialGateValues(
  gate: readonly QuizGateField[],
  current: Demographics,
  hasSaved: boolean,
): GateValues {
  return Object.fromEntries(
    gate.map((field) => {
      const value = field === 'politicalSpectrum' && current[field] === 0 ? null : current[field];
      return [field, value === null && hasSaved ? preferNotToSay : value];
    }),
  );
}

/** The gate fields still unanswered, in the gate's order. */
export function emptyGateFields(
  gate: readonly QuizGateField[],
  values: GateValues,
): QuizGateField[] {
  return gate.filter((field) => values[field] === null || values[field] === undefined);
}

/**
 * What the save sends: the details call replaces every field, so the member's other saved
 * details go along unchanged and only the gate's fields take the gate's answers ('Prefer not to
 * say' as null).
 */
export function mergeGateAnswers(current: Demographics, values: GateValues): Demographics {
  const merged: Record<string, unknown> = { ...current };
  for (const [field, value] of Object.entries(values)) {
    if (value !== undefined) merged[field] = value === preferNotToSay ? null : value;
  }
  return merged as Demographics;
}

/**
 * The gate field a server error is about: the details call names the field first ('birthYear
 * must be …'). Null when the error names none of the gate's fields.
 */
export function gateFieldOfError(
  gate: readonly QuizGateField[],
  message: string,
): QuizGateField | null {
  return gate.find((field) => message === field || message.startsWith(`${field} `)) ?? null;
}
