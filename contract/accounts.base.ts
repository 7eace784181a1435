/*
 * The accounts calls' methods and paths, and the values both sides share: no zod, so the browser can
 * import them (docs/decisions/044-a-lighter-client.md). The schemas are in accounts.ts.
 */

export const logIn = { method: 'POST', path: '/api/login' } as const;
export const requestSignupCode = { method: 'POST', path: '/api/signup/requestcode' } as const;
export const verifySignupCode = { method: 'POST', path: '/api/signup/verifycode' } as const;
export const requestLoginCode = { method: 'POST', path: '/api/login/requestcode' } as const;
export const verifyLoginCode = { method: 'POST', path: '/api/login/verifycode' } as const;
export const requestPasswordReset = { method: 'POST', path: '/api/passwordreset/request' } as const;
export const setNewPassword = { method: 'POST', path: '/api/passwordreset/set' } as const;
export const googleLogIn = { method: 'POST', path: '/api/google/login' } as const;
export const googleSignUp = { method: 'POST', path: '/api/google/signup' } as const;
export const facebookLogIn = { method: 'POST', path: '/api/facebook/login' } as const;
export const facebookSignUp = { method: 'POST', path: '/api/facebook/signup' } as const;
export const signupExternalId = { method: 'POST', path: '/api/signup/externalid' } as const;
export const setExternalId = { method: 'POST', path: '/api/user/setexternalid' } as const;
export const getAccountsConfig = { method: 'GET', path: '/api/accounts/config' } as const;
