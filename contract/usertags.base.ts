/*
 * The user-tag calls' methods and paths, and the values both sides share: no zod, so the browser can
 * import them (docs/decisions/044-a-lighter-client.md). The schemas are in usertags.ts; the choices
 * are docs/decisions/055-user-tags-and-synthetic-population.md. Every call is for admin-hub staff.
 */

/** Tag names, after runs of white space are folded into one space and the ends trimmed. */
export const userTagNameLimits = { min: 1, max: 60 } as const;

/** Usernames one add-members call may carry (a pasted list); longer lists go in several calls. */
export const maxUsernamesPerAdd = 5000;

/** Members per page of a tag's member list. */
export const userTagMembersPageSize = 50;

/** Tags the search box offers at most. */
export const userTagSearchLimit = 20;

/**
 * The usernames in a pasted list: split on new lines, commas, semicolons and white space, a leading
 * `@` dropped, blanks skipped, each name once (the first spelling kept; names compare without case).
 */
export function splitUsernames(text: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const name = part.replace(/^@/, '');
    if (name === '' || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}

export const searchUserTags = { method: 'GET', path: '/api/usertag/search' } as const;
export const listUserTags = { method: 'GET', path: '/api/usertag/getall' } as const;
export const createUserTag = { method: 'POST', path: '/api/usertag/new' } as const;
export const editUserTag = { method: 'POST', path: '/api/usertag/edit' } as const;
export const deleteUserTag = { method: 'POST', path: '/api/usertag/delete' } as const;
export const getUserTagMembers = { method: 'GET', path: '/api/usertag/members' } as const;
export const addUserTagMembers = { method: 'POST', path: '/api/usertag/addmembers' } as const;
export const removeUserTagMember = { method: 'POST', path: '/api/usertag/removemember' } as const;
