import { pendingCall } from './client.ts';

/*
 * Calls the web shell already makes whose contract entries belong to later issues (payments).
 * Each moves to contract/ when its server route lands; until then the server answers 404 JSON
 * and the forms show that message in their error box.
 */

export const createCheckoutSession = pendingCall<
  { product: 'subscription' | 'ebook' },
  { sessionId: string }
>({ method: 'POST', path: '/api/create-checkout-session' });
