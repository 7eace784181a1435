/*
 * The user calls' methods and paths, and the values both sides share: no zod, so the browser can
 * import them (docs/decisions/044-a-lighter-client.md). The schemas are in user.ts.
 */

export const userInfo = { method: 'POST', path: '/api/user/info' } as const;
