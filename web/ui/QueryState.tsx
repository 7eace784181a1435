import type { ReactNode } from 'react';
import { ErrorState } from './ErrorState.tsx';
import { Skeleton } from './Skeleton.tsx';
import { Spinner } from './Spinner.tsx';

/** What QueryState needs of a query (TanStack Query's result has it). */
type QueryLike<Data> = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: Data | undefined;
};

/**
 * The one switch of a page that shows a query: `loading` while it is pending, the error state when
 * it failed (`error` for a page's own texts), `empty` when `isEmpty` says so, else the data.
 */
export function QueryState<Data>({
  query,
  loading,
  error = (failure) => <ErrorState error={failure} />,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<Data>;
  loading: ReactNode;
  error?: (error: unknown) => ReactNode;
  isEmpty?: (data: Data) => boolean;
  empty?: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError || query.data === undefined) return error(query.error);
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}

/** A page's loading state: the spinner, then blocks the size of the cards that replace them. */
export function LoadingBlocks({ heights }: { heights: readonly number[] }) {
  return (
    <>
      <Spinner />
      {heights.map((height, index) => (
        <Skeleton key={index} height={height} radius="16px" />
      ))}
    </>
  );
}
