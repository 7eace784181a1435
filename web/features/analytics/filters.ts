import {
  decodeStaffFilters,
  demographicFilterFields,
  emptyStaffFilters,
  encodeStaffFilters,
  type DemographicFilterField,
  type StaffFilterKey,
  type StaffFilters,
} from '../../../contract/analytics.base.ts';
import { fullRange, isDefaultRange, type ScoreRange } from './range.ts';

/**
 * The staff filters of a screen and its address (docs/decisions/056-staff-analytics-screens.md):
 * the query string is the contract's encoding (`encodeStaffFilters`), so an address shared
 * between staff opens the same view, and the request sends the same string.
 */

/**
 * Reads the filters of an address, keeping every key the screen understands and naming the ones
 * it cannot read (a hand-edited or outdated address) instead of refusing the whole view.
 */
export function readFilters(
  search: string | URLSearchParams,
  keys: readonly StaffFilterKey[],
): { filters: StaffFilters; errors: string[] } {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const whole = decodeStaffFilters(params, { keys });
  if (whole.ok) return { filters: whole.filters, errors: [] };
  // Decode key by key, so one bad key does not cost the others.
  const errors: string[] = [];
  let filters: StaffFilters = { ...emptyStaffFilters, demographics: {}, values: [] };
  for (const key of new Set(params.keys())) {
    const single = new URLSearchParams(params.getAll(key).map((value) => [key, value]));
    const decoded = decodeStaffFilters(single, { keys });
    if (!decoded.ok) {
      errors.push(...decoded.errors);
      continue;
    }
    filters = {
      demographics: { ...filters.demographics, ...decoded.filters.demographics },
      usertag: decoded.filters.usertag ?? filters.usertag,
      dateFrom: decoded.filters.dateFrom ?? filters.dateFrom,
      dateTo: decoded.filters.dateTo ?? filters.dateTo,
      values: [...filters.values, ...decoded.filters.values],
    };
  }
  // A range of dates read key by key may still run backwards: it is dropped, and said so.
  if (filters.dateFrom !== null && filters.dateTo !== null && filters.dateFrom > filters.dateTo) {
    errors.push(`dateFrom (${filters.dateFrom}) is after dateTo (${filters.dateTo})`);
    filters = { ...filters, dateFrom: null, dateTo: null };
  }
  return { filters, errors };
}

/** The query string of the filters (no `?`); '' when nothing is filtered. */
export function writeFilters(filters: StaffFilters): string {
  return encodeStaffFilters(filters);
}

/** The filters with one answer of one field ticked or unticked. */
export function withAnswer(
  filters: StaffFilters,
  field: DemographicFilterField,
  answer: string,
  isTicked: boolean,
): StaffFilters {
  const current = filters.demographics[field] ?? [];
  const next = isTicked
    ? current.includes(answer)
      ? current
      : [...current, answer]
    : current.filter((item) => item !== answer);
  const demographics = { ...filters.demographics };
  if (next.length > 0) demographics[field] = next;
  else delete demographics[field];
  return { ...filters, demographics };
}

/** The score range of one element (the whole scale when it is not filtered). */
export function rangeOf(filters: StaffFilters, element: string): ScoreRange {
  const found = filters.values.find((range) => range.element === element);
  return found ? [found.min, found.max] : fullRange;
}

/** The filters with one element's range set; the whole scale removes the element's filter. */
export function withRange(filters: StaffFilters, element: string, range: ScoreRange): StaffFilters {
  const others = filters.values.filter((item) => item.element !== element);
  if (isDefaultRange(range)) return { ...filters, values: others };
  const index = filters.values.findIndex((item) => item.element === element);
  const item = { element, min: range[0], max: range[1] };
  // The element keeps its place, so the address does not reshuffle while a thumb moves.
  const values = [...others];
  values.splice(index === -1 ? values.length : index, 0, item);
  return { ...filters, values };
}

/** How many answers of a field are ticked. */
export function tickedCount(filters: StaffFilters, field: DemographicFilterField): number {
  return filters.demographics[field]?.length ?? 0;
}

export const noFilters: StaffFilters = emptyStaffFilters;

export { demographicFilterFields };
