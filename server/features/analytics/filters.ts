import {
  decodeStaffFilters,
  type StaffFilterKey,
  type StaffFilters,
} from '../../../contract/analytics.ts';
import { HttpError } from '../../http.ts';

/*
 * The staff filters (docs/decisions/054-staff-filters-and-exports.md), read once per request: the
 * query string is decoded by the contract's codec (the same one the web client encodes with) and
 * every fault, of every key, is answered at once as a 400 naming them. What the filters mean in
 * SQL is analytics.repository.ts, and nowhere else.
 */

/** The filters after validation, with each score range's element as its position in the scores array. */
export type ParsedFilters = StaffFilters & {
  /** 1-based index into `member_scores.scores` for each of `values`, in the same order. */
  valueIndexes: number[];
};

/**
 * Reads a request's query string as staff filters. `keys`: the filter keys the call accepts;
 * `ignore`: its own other query keys; `entryIds`: the report's entry ids, in array order, when the
 * call takes score ranges.
 */
export function parseFilters(
  query: unknown,
  options: {
    keys: readonly StaffFilterKey[];
    ignore?: readonly string[];
    entryIds?: readonly string[];
  },
): ParsedFilters {
  const raw = query && typeof query === 'object' ? (query as Record<string, unknown>) : {};
  const decoded = decodeStaffFilters(raw, { keys: options.keys, ignore: options.ignore ?? [] });
  const errors = decoded.ok ? [] : [...decoded.errors];
  const filters = decoded.ok ? decoded.filters : null;
  const valueIndexes: number[] = [];
  if (filters) {
    const entryIds = options.entryIds ?? [];
    for (const range of filters.values) {
      const index = entryIds.indexOf(range.element);
      if (index === -1) {
        errors.push(
          `values names "${range.element}", which is not an element of this report (its elements: ${entryIds.join(', ')})`,
        );
      } else {
        valueIndexes.push(index + 1);
      }
    }
  }
  if (errors.length > 0 || !filters) {
    throw new HttpError(400, `Invalid filters: ${errors.join('; ')}`);
  }
  return { ...filters, valueIndexes };
}
