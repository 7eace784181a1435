import { z } from 'zod';
import { defineCall, emptyResponse } from './api.ts';

/** The cookie banner's version: a new version asks everyone again. */
export const cookiePolicyVersion = '2026-11';

export const logCookieChoice = defineCall({
  method: 'POST',
  path: '/api/cookies/logchoice',
  payload: z
    .object({
      loadThirdParty: z.boolean({ error: 'loadThirdParty must be true or false' }),
      version: z.string().max(40, 'version is too long'),
      url: z.string().max(2000, 'url is too long'),
    })
    .strict(),
  response: emptyResponse,
});
