import { ApiError } from '../api/client.ts';

/** The error texts of docs/product/errors.md#page-states. */
export const errorTexts = {
  removed: 'This content has been removed',
  notFound: 'Not found. The URL you entered may be invalid.',
  accessDenied: 'Access denied',
  loading: 'Loading ...',
} as const;

/** The text a page shows for a failed load: the texts for 410/404/403, else the message. */
export function errorTextFor(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 410) return errorTexts.removed;
    if (error.status === 404) return errorTexts.notFound;
    if (error.status === 403) return errorTexts.accessDenied;
    return error.message;
  }
  return 'Something went wrong. Please try again.';
}
