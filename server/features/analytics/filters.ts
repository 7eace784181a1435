import {
  decodeStaffFilters,
  staffFilterKeys,
  type StaffFilters,
} from '../../../contract/analytics.ts';
import type { ReportName } from '../../../contract/reports.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http.ts';
import { userTagExists } from './analytics.repository.ts';

/*
 * The staff filters (docs/decisions/054-staff-filters-and-exports.md), read once per request: the
 * query string is decoded by the contract's codec (the same one the web client encodes with) and
 * every fault, of every key, is answered at once as a 400 naming them. What the filters mean in
 * SQL is analytics.repository.ts, and nowhere else.
 */

/** The filters after validation, with each score range's element as its position in the scores array. */
export type ParsedFilters = StaffFilters & {
  /** The report whose elements `values` names: the call's report, or Opinion DNA for an opinion. */
  scoresReport: ReportName;
  /** 1-based index into that report's `member_scores.scores` for each of `values`, in the same order. */
  valueIndexes: number[];
};

/**
 * Reads a request's query string as staff filters: every filtered call accepts every filter key
 * with one meaning (docs/decisions/072-one-meaning-for-every-staff-filter.md). `scoresReport`:
 * the report whose elements score ranges name, with `entryIds` its entries in array order;
 * `ignore`: the call's own other query keys. A tag id that names no tag is a fault like the others.
 */
export async function parseFilters(
  db: Db,
  query: unknown,
  options: { scoresReport: ReportName; entryIds: readonly string[]; ignore?: readonly string[] },
): Promise<ParsedFilters> {
  const raw = query && typeof query === 'object' ? (query as Record<string, unknown>) : {};
  const decoded = decodeStaffFilters(raw, { keys: staffFilterKeys, ignore: options.ignore ?? [] });
  const errors = decoded.ok ? [] : [...decoded.errors];
  const filters = decoded.ok ? decoded.filters : null;
  const valueIndexes: number[] = [];
  if (filters) {
    for (const range of filters.values) {
      const index = options.entryIds.indexOf(range.element);
      if (index === -1) {
        errors.push(
          `values names "${range.element}", which is not an element of ${options.scoresReport} (its elements: ${options.entryIds.join(', ')})`,
        );
      } else {
        valueIndexes.push(index + 1);
      }
    }
    if (filters.usertag !== null && !(await userTagExists(db, filters.usertag))) {
      errors.push(`usertag ${filters.usertag} is not a user tag`);
    }
  }
  if (errors.length > 0 || !filters) {
    throw new HttpError(400, `Invalid filters: ${errors.join('; ')}`);
  }
  return { ...filters, scoresReport: options.scoresReport, valueIndexes };
}
