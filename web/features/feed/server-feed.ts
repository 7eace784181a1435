import type { QueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../contract/calls.ts';
import { serverFeedElementId, type userFeed } from '../../../contract/opinions.base.ts';
import { forYouFeedKey } from './api.ts';

/**
 * The first For You page the server sent with the page to a visitor (docs/decisions/046): put in
 * the query cache as the feed's first page, so the app shows the feed the reader already sees
 * instead of a skeleton while it asks again. Read once: the element goes with it.
 */
export function seedServerFeed(queryClient: QueryClient) {
  const element = document.getElementById(serverFeedElementId);
  if (!element) return;
  element.remove();
  let page: ResponseOf<typeof userFeed>;
  try {
    page = JSON.parse(element.textContent ?? '') as ResponseOf<typeof userFeed>;
  } catch {
    return; // The app asks for the feed as it would without it.
  }
  queryClient.setQueryData(forYouFeedKey, { pages: [page], pageParams: [''] });
}
