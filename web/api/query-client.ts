import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client.ts';

/** A 4xx answer will not change by asking again; network trouble and 5xx might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * A page the server rendered as missing (404) or removed (410) hydrates with that error: asking
 * again on mount would show a loading state over it (docs/decisions/085).
 */
function shouldRetryOnMount(query: { state: { error: unknown } }): boolean {
  const { error } = query.state;
  return !(error instanceof ApiError && (error.status === 404 || error.status === 410));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryOnMount: shouldRetryOnMount,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
