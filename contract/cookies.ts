import { z } from 'zod';
import { defineCall, emptyResponse } from './api.ts';
import * as base from './cookies.base.ts';

export { cookiePolicyVersion } from './cookies.base.ts';

export const logCookieChoice = defineCall({
  ...base.logCookieChoice,
  payload: z
    .object({
      loadThirdParty: z.boolean({ error: 'loadThirdParty must be true or false' }),
      version: z.string().max(40, 'version is too long'),
      url: z.string().max(2000, 'url is too long'),
    })
    .strict(),
  response: emptyResponse,
});
