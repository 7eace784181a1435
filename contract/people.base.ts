/*
 * The people calls' methods and paths, and the values both sides share: no zod, so the browser can
 * import them (docs/decisions/044-a-lighter-client.md). The schemas are in people.ts.
 */

/** Longest texts a member may put on their profile (counted after trimming). */
export const profileTextLimits = {
  fullName: 50,
  location: 60,
  bio: 500,
  expertise: 120,
} as const;

export type ProfileTextField = keyof typeof profileTextLimits;

/**
 * A profile image of this size or smaller is the small one; larger asks for big
 * (docs/product/constants.md#layout).
 */
export const smallProfileImagePx = 32;

/** The generated profile image of a member (also for names nobody has). */
export function profileImageUrl(username: string, sizePx: number): string {
  const path = `/api/user/profileimage/${encodeURIComponent(username)}`;
  return sizePx > smallProfileImagePx ? `${path}?size=big` : path;
}

export const getProfile = { method: 'GET', path: '/api/user/getprofile' } as const;
export const getUserComments = { method: 'GET', path: '/api/user/getcomments' } as const;
export const getContributors = { method: 'GET', path: '/api/contributors/get' } as const;
export const getActivity = { method: 'GET', path: '/api/activity/get' } as const;
export const setProfile = { method: 'POST', path: '/api/user/setprofile' } as const;
