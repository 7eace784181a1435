import { z } from 'zod';
import { defineCall, emptyResponse, pageFields } from './api.ts';
import { cursorParameter } from './opinions.ts';
import { searchQuery } from './search.ts';
import * as base from './usertags.base.ts';
import { maxUsernamesPerAdd, splitUsernames, userTagNameLimits } from './usertags.base.ts';

export {
  maxUsernamesPerAdd,
  splitUsernames,
  userTagMembersPageSize,
  userTagNameLimits,
  userTagSearchLimit,
} from './usertags.base.ts';

/*
 * User tags: named groups of members that admin-hub staff create, fill by username (one or a
 * pasted list) and filter the analytics by (`usertag=<ArtifactID>`):
 * docs/decisions/055-user-tags-and-synthetic-population.md.
 */

/** A positive whole number naming a row; the message names the field. */
function rowId(field: string) {
  return z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be a positive number`)
    .max(2_147_483_647, `${field} is not a valid id`);
}

/** The same id in a query string: its digits as text. */
function rowIdParameter(field: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
    rowId(field),
  );
}

/** `{ArtifactID, Name}`, as the filter's tag box lists it. */
export const userTagResult = z.object({ ArtifactID: z.number().int(), Name: z.string() });

/** A tag on the admin page: its id, name, how many members carry it and when it was made. */
export const userTag = z.object({
  ArtifactID: z.number().int(),
  Name: z.string(),
  NumMembers: z.number().int(),
  CreatedAt: z.string(),
});
export type UserTag = z.infer<typeof userTag>;

const tagName = z
  .string({ error: 'name is required' })
  .transform((name) => name.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(userTagNameLimits.min, 'name: give the tag a name')
      .max(userTagNameLimits.max, `name must be at most ${userTagNameLimits.max} characters long`),
  );

/**
 * Tags whose name contains `q` (without regard to case), names that start with it first. `q` needs
 * at least 3 characters after trimming, as every search call (400 otherwise).
 */
export const searchUserTags = defineCall({
  ...base.searchUserTags,
  payload: searchQuery.strict(),
  response: z.object({ Results: z.array(userTagResult) }),
});

/** Every tag, by name. */
export const listUserTags = defineCall({
  ...base.listUserTags,
  payload: z.object({}),
  response: z.object({ Tags: z.array(userTag) }),
});

/** A name already taken (in any letter case) is 409. */
export const createUserTag = defineCall({
  ...base.createUserTag,
  payload: z.object({ name: tagName }).strict(),
  response: z.object({ Tag: userTag }),
});

export const editUserTag = defineCall({
  ...base.editUserTag,
  payload: z.object({ id: rowId('id'), name: tagName }).strict(),
  response: z.object({ Tag: userTag }),
});

/** Deletes the tag and its memberships (the members stay). */
export const deleteUserTag = defineCall({
  ...base.deleteUserTag,
  payload: z.object({ id: rowId('id') }).strict(),
  response: emptyResponse,
});

/** A tag's members by username, a page at a time. */
export const getUserTagMembers = defineCall({
  ...base.getUserTagMembers,
  payload: z.object({ id: rowIdParameter('id'), after: cursorParameter }).strict(),
  response: z.object({
    Tag: userTag,
    Members: z.array(z.object({ UsernameCased: z.string() })),
    ...pageFields,
  }),
});

/**
 * Attaches members by username: `usernames` is one name or a pasted list (new lines, commas,
 * semicolons or spaces between names). Every name found is attached in one transaction; the names
 * with no account are sent back in `NotFound`, and nothing fails because of them.
 */
export const addUserTagMembers = defineCall({
  ...base.addUserTagMembers,
  payload: z
    .object({
      id: rowId('id'),
      usernames: z
        .string({ error: 'usernames is required' })
        .max(200_000, 'usernames: the list is too long')
        .transform(splitUsernames)
        .pipe(
          z
            .array(z.string())
            .min(1, 'usernames: give at least one username')
            .max(
              maxUsernamesPerAdd,
              `usernames: at most ${maxUsernamesPerAdd} usernames at a time`,
            ),
        ),
    })
    .strict(),
  response: z.object({
    Tag: userTag,
    /** Members who carry the tag now and did not before. */
    Added: z.number().int(),
    /** Members found who carried it already. */
    AlreadyTagged: z.number().int(),
    /** The names, as given, that match no account. */
    NotFound: z.array(z.string()),
  }),
});

export const removeUserTagMember = defineCall({
  ...base.removeUserTagMember,
  payload: z
    .object({
      id: rowId('id'),
      username: z.string({ error: 'username is required' }).trim().min(1, 'username is required'),
    })
    .strict(),
  response: z.object({ Tag: userTag }),
});
