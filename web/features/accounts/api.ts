import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAccountsConfig } from '../../../contract/accounts.base.ts';
import { callApi } from '../../api/client.ts';

/** Which sign-in providers the server is configured for; it does not change while a page lives. */
export const accountsConfigQuery = () =>
  queryOptions({
    queryKey: ['accounts', 'config'],
    queryFn: ({ signal }) => callApi(getAccountsConfig, {}, { signal }),
    staleTime: Infinity,
  });

export function useAccountsConfig() {
  return useQuery(accountsConfigQuery());
}
