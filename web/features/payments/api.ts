import { queryOptions, useQuery } from '@tanstack/react-query';
import { getStripeConfig, getSubscription } from '../../../contract/payments.base.ts';
import { callApi } from '../../api/client.ts';

/** The payment configuration: whether payments are on, and the price. It never changes while the server runs. */
export const stripeConfigQuery = () =>
  queryOptions({
    queryKey: ['payments', 'config'],
    queryFn: ({ signal }) => callApi(getStripeConfig, {}, { signal }),
    staleTime: Infinity,
  });

export function useStripeConfig() {
  return useQuery(stripeConfigQuery());
}

export const subscriptionQueryKey = ['payments', 'subscription'] as const;

/** The member's subscription as Stance last heard from Stripe: status, renewal, billing. */
export function useSubscription() {
  return useQuery({
    queryKey: subscriptionQueryKey,
    queryFn: ({ signal }) => callApi(getSubscription, {}, { signal }),
    staleTime: 0,
  });
}
