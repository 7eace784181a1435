/*
 * The notifications calls' methods and paths, and the values both sides share: no zod, so the browser can
 * import them (docs/decisions/044-a-lighter-client.md). The schemas are in notifications.ts.
 */

export const getNotifications = { method: 'POST', path: '/api/notifications/get' } as const;
export const getEmailPreferences = { method: 'POST', path: '/api/emailprefs/get' } as const;
export const setEmailPreferences = { method: 'POST', path: '/api/emailprefs/set' } as const;
