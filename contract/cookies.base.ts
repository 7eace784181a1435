/*
 * The cookies calls' methods and paths, and the values both sides share: no zod, so the browser can
 * import them (docs/decisions/044-a-lighter-client.md). The schemas are in cookies.ts.
 */

/** The cookie banner's version: a new version asks everyone again. */
export const cookiePolicyVersion = '2026-11';

export const logCookieChoice = { method: 'POST', path: '/api/cookies/logchoice' } as const;
