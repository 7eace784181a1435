import { z } from 'zod';
import { defineCall } from '../../contract/api.ts';

/*
 * Calls the web shell already makes whose contract entries belong to later issues (payments).
 * Paths and payloads are SPEC.md §7's, bodies DESIGN.md §2's. Each moves to contract/ when its
 * server route lands; until then the server answers 404 JSON and the
 * forms show that message in their error box.
 */

export const createCheckoutSession = defineCall({
  method: 'POST',
  path: '/api/create-checkout-session',
  payload: z.object({ product: z.enum(['subscription', 'ebook']) }),
  response: z.object({ sessionId: z.string() }),
});
