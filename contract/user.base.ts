/*
 * The user calls' methods and paths, and the values both sides share: no zod, so the browser can
 * import them (docs/decisions/044-a-lighter-client.md). The schemas are in user.ts.
 */

export const userInfo = { method: 'POST', path: '/api/user/info' } as const;

/**
 * Your data (docs/decisions/083-your-data-and-the-privacy-secret.md): a JSON file of everything
 * the member gave, and the erasure of the account.
 */
export const exportMyData = { method: 'GET', path: '/api/user/export' } as const;
export const deleteAccount = { method: 'POST', path: '/api/user/delete' } as const;
export const requestDeleteCode = { method: 'POST', path: '/api/user/delete/requestcode' } as const;
