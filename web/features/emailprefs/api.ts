import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getEmailPreferences, setEmailPreferences } from '../../../contract/notifications.base.ts';
import type { EmailPreferences } from '../../../contract/notifications.ts';
import { callApi } from '../../api/client.ts';

function preferencesKey(token: string | undefined) {
  return ['emailprefs', token ?? 'session'] as const;
}

/** The member's e-mail preferences; `token` comes from the link in an e-mail. */
export const emailPreferencesQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: preferencesKey(token),
    queryFn: ({ signal }) => callApi(getEmailPreferences, token ? { token } : {}, { signal }),
  });

export function useEmailPreferences(token: string | undefined) {
  return useQuery(emailPreferencesQuery(token));
}

export function useSaveEmailPreferences(token: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: EmailPreferences) =>
      callApi(setEmailPreferences, { ...preferences, ...(token ? { token } : {}) }),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey(token), saved),
  });
}
