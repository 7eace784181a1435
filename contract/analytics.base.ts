/*
 * The staff analytics calls' methods and paths, the staff filters' keys and allowed values, and
 * their query-string codec: no zod, so the browser can import them
 * (docs/decisions/044-a-lighter-client.md). The schemas are in analytics.ts; the rules are
 * docs/decisions/054-staff-filters-and-exports.md.
 */
import {
  educationOptions,
  generationOptions,
  genderOptions,
  householdIncomeOptions,
  maritalStatusOptions,
  nationalityCodes,
  numChildrenOptions,
  politicalSpectrumOptions,
  religionOptions,
  sexualOrientationOptions,
} from './demographics.base.ts';

/**
 * The demographic filter fields, in the sidebar's order, each with its allowed answers as they are
 * written in the query string (numbers as decimal text). Nationality allows every listed code.
 */
export const demographicFilterAnswers = {
  gender: genderOptions.map((option) => option.value),
  generation: generationOptions.map((option) => option.value),
  nationality: nationalityCodes,
  education: educationOptions.map((option) => String(option.value)),
  maritalStatus: maritalStatusOptions.map((option) => option.value),
  householdIncome: householdIncomeOptions.map((option) => String(option.value)),
  sexualOrientation: sexualOrientationOptions.map((option) => option.value),
  religion: religionOptions.map((option) => option.value),
  // 0 is 'not set' in the profile reading, so it is no answer to filter by.
  politicalSpectrum: politicalSpectrumOptions
    .filter((option) => option.value !== 0)
    .map((option) => String(option.value)),
  numChildren: numChildrenOptions.map((option) => String(option.value)),
} as const satisfies Record<string, readonly string[]>;

export type DemographicFilterField = keyof typeof demographicFilterAnswers;

export const demographicFilterFields = Object.keys(
  demographicFilterAnswers,
) as DemographicFilterField[];

/** One non-default score range: members whose score on `element` (its id) is within min…max. */
export type ScoreRange = { element: string; min: number; max: number };

/** Scores run 0–100; a range is sent only when it is not the whole of it. */
export const scoreBounds = { min: 0, max: 100 } as const;

/** The staff filters of every filtered call, decoded. Absent means 'no filter of that kind'. */
export type StaffFilters = {
  /** Per field, the answers ticked (any of them matches); a field absent or empty is not filtered. */
  demographics: Partial<Record<DemographicFilterField, string[]>>;
  /** A user tag's id (usertag/search's ArtifactID). */
  usertag: number | null;
  /**
   * Vote date range, ISO dates (YYYY-MM-DD), both ends included: members who voted on what the
   * figure is about within it (the opinion; a report's quiz items).
   */
  dateFrom: string | null;
  dateTo: string | null;
  /** Score ranges: the report's elements, or for an opinion's voters the Opinion DNA's. */
  values: ScoreRange[];
};

export const emptyStaffFilters: StaffFilters = {
  demographics: {},
  usertag: null,
  dateFrom: null,
  dateTo: null,
  values: [],
};

/** Every query-string key a filter may use. */
export const staffFilterKeys = [
  ...demographicFilterFields,
  'usertag',
  'dateFrom',
  'dateTo',
  'values',
] as const;

export type StaffFilterKey = (typeof staffFilterKeys)[number];

/** How many filters are applied (the sidebar's 'Filters Applied'): one per field, tag, date end or range. */
export function countAppliedFilters(filters: StaffFilters): number {
  const fields = Object.values(filters.demographics).filter(
    (answers) => answers && answers.length > 0,
  ).length;
  return (
    fields +
    (filters.usertag === null ? 0 : 1) +
    (filters.dateFrom === null ? 0 : 1) +
    (filters.dateTo === null ? 0 : 1) +
    filters.values.length
  );
}

/** A score range's `values` item: `<element>:<min>:<max>`. */
export function encodeScoreRange(range: ScoreRange): string {
  return `${range.element}:${range.min}:${range.max}`;
}

/**
 * The filters as a query string without the leading `?` (`gender=female,non-binary&usertag=3`),
 * keys and answers in a fixed order so that one view has one address. Empty filters give ''.
 */
export function encodeStaffFilters(filters: StaffFilters): string {
  const params = new URLSearchParams();
  for (const field of demographicFilterFields) {
    const ticked = filters.demographics[field];
    if (!ticked || ticked.length === 0) continue;
    const allowed: readonly string[] = demographicFilterAnswers[field];
    const ordered = allowed.filter((answer) => ticked.includes(answer));
    const unknown = ticked.filter((answer) => !allowed.includes(answer));
    params.set(field, [...ordered, ...unknown].join(','));
  }
  if (filters.usertag !== null) params.set('usertag', String(filters.usertag));
  if (filters.dateFrom !== null) params.set('dateFrom', filters.dateFrom);
  if (filters.dateTo !== null) params.set('dateTo', filters.dateTo);
  const ranges = filters.values.filter(
    (range) => range.min !== scoreBounds.min || range.max !== scoreBounds.max,
  );
  if (ranges.length > 0) params.set('values', ranges.map(encodeScoreRange).join(','));
  // Commas and colons stay readable in a shared address.
  return params.toString().replace(/%2C/g, ',').replace(/%3A/g, ':');
}

export type DecodedStaffFilters =
  { ok: true; filters: StaffFilters } | { ok: false; errors: string[] };

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(text: string): boolean {
  const match = isoDate.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function quoted(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

/**
 * Reads the filters from a query string (a URLSearchParams, or the object a server parsed it
 * into), checking every key and value: the errors name each unknown key, unknown answer and
 * malformed value. `keys` limits which filter keys the caller accepts (a screen reads from its
 * address only the filters it has controls for), and `ignore` lists other query keys it owns. Element ids are
 * checked for their form here; whether the report has them is the server's check.
 */
export function decodeStaffFilters(
  query: URLSearchParams | Record<string, unknown>,
  options: { keys?: readonly StaffFilterKey[]; ignore?: readonly string[] } = {},
): DecodedStaffFilters {
  const accepted: readonly string[] = options.keys ?? staffFilterKeys;
  const ignore = options.ignore ?? [];
  const entries: [string, unknown][] = [];
  if (query instanceof URLSearchParams) {
    const seen = new Map<string, string[]>();
    for (const [key, value] of query) seen.set(key, [...(seen.get(key) ?? []), value]);
    for (const [key, values] of seen) entries.push([key, values.length === 1 ? values[0] : values]);
  } else {
    entries.push(...Object.entries(query));
  }
  const errors: string[] = [];
  const filters: StaffFilters = { ...emptyStaffFilters, demographics: {}, values: [] };
  for (const [key, raw] of entries) {
    if (ignore.includes(key)) continue;
    if (!accepted.includes(key)) {
      const known = (staffFilterKeys as readonly string[]).includes(key);
      errors.push(known ? `${key} is not a filter of this call` : `${quoted(key)} is not a filter`);
      continue;
    }
    if (typeof raw !== 'string') {
      errors.push(`${key} is given more than once: list its values comma-separated`);
      continue;
    }
    const value = raw.trim();
    if (key in demographicFilterAnswers) {
      const field = key as DemographicFilterField;
      const allowed: readonly string[] = demographicFilterAnswers[field];
      const answers = value === '' ? [] : value.split(',').map((answer) => answer.trim());
      const unknown = answers.filter((answer) => !allowed.includes(answer));
      if (unknown.length > 0) {
        errors.push(`${field} has no answer ${unknown.map(quoted).join(', ')}`);
      } else if (answers.length > 0) {
        filters.demographics[field] = [...new Set(answers)];
      }
    } else if (key === 'usertag') {
      if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) {
        errors.push(`usertag must be a tag's id (a whole number), not ${quoted(value)}`);
      } else {
        filters.usertag = Number(value);
      }
    } else if (key === 'dateFrom' || key === 'dateTo') {
      if (value === '') continue;
      if (!isRealDate(value)) {
        errors.push(`${key} must be a date written YYYY-MM-DD, not ${quoted(value)}`);
      } else {
        filters[key] = value;
      }
    } else if (key === 'values') {
      const items = value === '' ? [] : value.split(',');
      const elements = new Set<string>();
      for (const item of items) {
        const match = /^([a-z0-9-]{1,60}):(\d{1,3}):(\d{1,3})$/.exec(item.trim());
        const min = Number(match?.[2]);
        const max = Number(match?.[3]);
        if (!match || min > scoreBounds.max || max > scoreBounds.max || min >= max) {
          errors.push(
            `values item ${quoted(item)} must be <element>:<min>:<max> with 0 ≤ min < max ≤ 100`,
          );
          continue;
        }
        const element = match[1]!;
        if (elements.has(element)) {
          errors.push(`values names ${quoted(element)} twice`);
          continue;
        }
        elements.add(element);
        if (min !== scoreBounds.min || max !== scoreBounds.max) {
          filters.values.push({ element, min, max });
        }
      }
    }
  }
  if (filters.dateFrom !== null && filters.dateTo !== null && filters.dateFrom > filters.dateTo) {
    errors.push(`dateFrom (${filters.dateFrom}) is after dateTo (${filters.dateTo})`);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, filters };
}

/**
 * The filter keys each screen's sidebar has controls for (and reads from its address). Every
 * filtered call accepts every key (`staffFilterKeys`, docs/decisions/072); the report overview
 * has no vote date range, the detailed opinion report no score ranges.
 */
export const reportFilterKeys = [
  ...demographicFilterFields,
  'usertag',
  'values',
] as const satisfies readonly StaffFilterKey[];
export const allVotesFilterKeys = [
  ...demographicFilterFields,
  'usertag',
  'dateFrom',
  'dateTo',
] as const satisfies readonly StaffFilterKey[];

/**
 * A noisy mean whose 95 % half-width is at least this many score points is shown marked 'too
 * noisy to read' (docs/decisions/082-differentially-private-staff-figures.md).
 */
export const tooNoisyMargin = 15;

/** The CSV export's file name: `{name}-report.csv`. */
export function reportFileName(name: string): string {
  return `${name}-report.csv`;
}

export const getCommunity = { method: 'GET', path: '/api/stancedna/get' } as const;
/** Filters in the query string (encodeStaffFilters), `{assessmentType}` in the body. */
export const filterCommunity = { method: 'POST', path: '/api/stancedna/filter' } as const;
/** Filters in the query string; answers `text/csv` (streamed), or a JSON failure. */
export const exportReport = { method: 'POST', path: '/api/stancedna/report' } as const;
/** Filters in the query string, `{slug}` in the body. */
export const getAllVotes = { method: 'POST', path: '/api/opinion/allvotes' } as const;
/**
 * `?slug=`; answers `text/csv` (streamed), or a JSON failure. Served at the address the product
 * names for it, beside the staff pages; the older API path answers the same (docs/decisions/072).
 */
export const exportTopicReport = { method: 'GET', path: '/internal/admin/reports/topic' } as const;
export const exportTopicReportApiPath = '/api/topic/report';
