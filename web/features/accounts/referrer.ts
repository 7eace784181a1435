import type { QueryClient } from '@tanstack/react-query';
import { setExternalId } from '../../../contract/accounts.base.ts';
import { callApi } from '../../api/client.ts';
import { currentUserQueryKey } from '../session/api.ts';
import { userInfo } from '../../../contract/user.base.ts';

const ridPattern = /^[A-Za-z0-9_.:-]{1,100}$/;

// Kept in memory only: storage is cleared without cookie consent
// (docs/product/behaviour.md#cookie-consent), and the id matters only for the visit it came with.
let capturedReferrerId = '';

/** The referrer id ("rid") this visit arrived with, or ''. */
export function referrerId(): string {
  return capturedReferrerId;
}

/**
 * Reads `?rid=` from the landing URL. A member who arrives logged in with one and has none yet
 * gets it stored (`/api/user/setexternalid`); a visitor carries it into signup.
 */
export async function captureReferrerId(queryClient: QueryClient, search = window.location.search) {
  const rid = new URLSearchParams(search).get('rid')?.trim() ?? '';
  if (!ridPattern.test(rid)) return;
  capturedReferrerId = rid;
  try {
    const user = await queryClient.fetchQuery({
      queryKey: currentUserQueryKey,
      queryFn: ({ signal }) => callApi(userInfo, {}, { signal }),
    });
    if (user.Username !== '' && user.ExternalID === '') {
      await callApi(setExternalId, { rid });
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    }
  } catch {
    // Attribution is best effort: a failure here must not disturb the visit.
  }
}
