import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { StaffFilterKey, StaffFilters } from '../../../contract/analytics.base.ts';
import { noFilters, readFilters, writeFilters } from './filters.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/**
 * A screen's filters, kept in its address (replaced, not pushed, so Back leaves the screen): what
 * the controls show now (`filters`), the query string a request sends once the controls have been
 * still for `waitMs` (`settledQuery`), and whether a change is still waiting (`isWaiting`).
 */
export function useUrlFilters(keys: readonly StaffFilterKey[], waitMs: number) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const address = useMemo(() => readFilters(search, keys), [search, keys]);
  // The last change, shown until the address has caught up with it: a navigation is a
  // transition, so a slider's thumb moved again before it lands (an arrow key held down) would
  // otherwise start from the old value and lose a step.
  const [pending, setPending] = useState<StaffFilters | null>(null);
  const isCatchingUp = pending !== null && writeFilters(pending) !== writeFilters(address.filters);
  const filters = isCatchingUp ? pending : address.filters;
  const { errors } = address;
  // Only the change the address has caught up with is dropped: a key pressed between this render
  // and its effect has set a newer one, which must stay shown until the address holds it too.
  useEffect(() => {
    if (pending !== null && !isCatchingUp)
      setPending((current) => (current === pending ? null : current));
  }, [pending, isCatchingUp]);
  const query = useMemo(() => writeFilters(filters), [filters]);
  const settledQuery = useDebouncedValue(query, waitMs);
  const setFilters = useCallback(
    (next: StaffFilters) => {
      setPending(next);
      // The contract's encoding as it is (commas and colons readable), not re-encoded.
      const nextQuery = writeFilters(next);
      void navigate({ search: nextQuery ? `?${nextQuery}` : '' }, { replace: true });
    },
    [navigate],
  );
  const reset = useCallback(() => setFilters(noFilters), [setFilters]);
  return {
    filters,
    errors,
    /** The query string of what the controls show now (a download takes this). */
    query,
    settledQuery,
    isWaiting: settledQuery !== query,
    setFilters,
    reset,
  };
}

/** What the tag box searches for: its text once typing has paused 1 s, when longer than 2 characters. */
export function useTagSearchText(text: string): string {
  const trimmed = text.trim();
  const wanted = trimmed.length > 2 ? trimmed : '';
  const settled = useDebouncedValue(wanted, tagSearchWaitMs);
  return wanted === '' ? '' : settled;
}

/** Debounces of docs/product/constants.md: tag search 1 s, sliders 1 s, opinion report 1.2 s. */
export const tagSearchWaitMs = 1000;
export const overviewFilterWaitMs = 1000;
export const opinionReportFilterWaitMs = 1200;
