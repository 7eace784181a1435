import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';

/**
 * The page's data as the server sends it with the HTML (contract's pageStateElementId): the query
 * cache the server rendered from, in a JSON data block after #root (never run, so the CSP's ban on
 * inline scripts stands).
 */

/** A failed call as JSON: its status and message, so the browser rebuilds the same ApiError. */
type SentError = { status: number; message: string };

/** The query cache as JSON: failed calls kept, so the browser shows the same error state. */
export function toSentState(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error = query.state.error;
      if (!error) return query;
      const sent: SentError = {
        status: error instanceof ApiError ? error.status : 500,
        message: error instanceof Error ? error.message : String(error),
      };
      return { ...query, state: { ...query.state, error: sent as unknown as Error } };
    }),
  };
}

/** Puts the server's query cache into the browser's before the first render. */
export function receiveSentState(queryClient: QueryClient, state: DehydratedState) {
  hydrate(queryClient, {
    ...state,
    queries: state.queries.map((query) => {
      const sent = query.state.error as unknown as SentError | null;
      if (!sent) return query;
      return {
        ...query,
        state: { ...query.state, error: new ApiError(sent.status, sent.message) },
      };
    }),
  });
}
