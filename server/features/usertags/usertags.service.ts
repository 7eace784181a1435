import { z } from 'zod';
import type { ResponseOf } from '../../../contract/calls.ts';
import type {
  addUserTagMembers,
  getUserTagMembers,
  searchUserTags,
  UserTag,
} from '../../../contract/usertags.ts';
import { userTagMembersPageSize, userTagSearchLimit } from '../../../contract/usertags.ts';
import { decodeCursor, encodeCursor } from '../../cursor.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import type { SessionUser } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http.ts';
import { toCurrentUser } from '../users/users.service.ts';
import * as userTagsRepository from './usertags.repository.ts';
import type { TagRow } from './usertags.repository.ts';

/*
 * User tags (docs/decisions/055-user-tags-and-synthetic-population.md): every call is for staff
 * with the admin hub (AdminHub, or an ADMIN_EMAILS account); a visitor gets 401, a member 403.
 */

export type Actor = { viewer: SessionUser | null; adminEmails: readonly string[] };

const tagNameTaken = 'name: a tag with this name exists already';
const noSuchTag = 'id: there is no user tag with that id';

/** The member, when logged in with the admin hub; else 401 or 403. */
export function requireAdminHub(actor: Actor): SessionUser {
  if (!actor.viewer) throw new HttpError(401, 'Log in to manage user tags');
  if (!toCurrentUser(actor.viewer, actor.adminEmails).AdminHub) {
    throw new HttpError(403, 'Your account is not allowed to manage user tags');
  }
  return actor.viewer;
}

function toUserTag(row: TagRow): UserTag {
  return {
    ArtifactID: row.id,
    Name: row.name,
    NumMembers: row.numMembers,
    CreatedAt: new Date(row.createdAt).toISOString(),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

async function requireTag(db: Db, id: number, lock = false): Promise<TagRow> {
  const tag = await userTagsRepository.findTag(db, id, lock);
  if (!tag) throw notFound(noSuchTag);
  return tag;
}

export async function searchTags(
  db: Db,
  actor: Actor,
  query: string,
): Promise<ResponseOf<typeof searchUserTags>> {
  requireAdminHub(actor);
  const rows = await userTagsRepository.searchTags(db, query, userTagSearchLimit);
  return { Results: rows.map((row) => ({ ArtifactID: row.id, Name: row.name })) };
}

export async function listTags(db: Db, actor: Actor) {
  requireAdminHub(actor);
  return { Tags: (await userTagsRepository.listTags(db)).map(toUserTag) };
}

export async function createTag(db: Db, actor: Actor, name: string) {
  const staff = requireAdminHub(actor);
  const created = await userTagsRepository.insertTag(db, name, staff.id);
  if (!created) throw new HttpError(409, tagNameTaken);
  return { Tag: toUserTag({ ...created, numMembers: 0 }) };
}

export async function renameTag(db: Db, actor: Actor, input: { id: number; name: string }) {
  requireAdminHub(actor);
  return inTransaction(db, async (trx) => {
    await requireTag(trx, input.id, true);
    const taken = await userTagsRepository.findTagByName(trx, input.name);
    if (taken && taken.id !== input.id) throw new HttpError(409, tagNameTaken);
    try {
      await userTagsRepository.renameTag(trx, input.id, input.name);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, tagNameTaken);
      throw error;
    }
    return { Tag: toUserTag(await requireTag(trx, input.id)) };
  });
}

export async function deleteTag(db: Db, actor: Actor, id: number) {
  requireAdminHub(actor);
  if (!(await userTagsRepository.deleteTag(db, id))) throw notFound(noSuchTag);
  return {};
}

/**
 * Attaches every named member found, in one transaction that holds the tag's row (a tag deleted
 * meanwhile is a 404, never a half-filled tag); the names with no account come back in NotFound.
 */
export async function addMembers(
  db: Db,
  actor: Actor,
  input: { id: number; usernames: readonly string[] },
): Promise<ResponseOf<typeof addUserTagMembers>> {
  requireAdminHub(actor);
  return inTransaction(db, async (trx) => {
    await requireTag(trx, input.id, true);
    const users = await userTagsRepository.findUsersByUsernames(trx, input.usernames);
    const found = new Set(users.map((user) => user.username.toLowerCase()));
    const notFound = input.usernames.filter((name) => !found.has(name.toLowerCase()));
    const added = await userTagsRepository.attachMembers(
      trx,
      input.id,
      users.map((user) => user.id),
    );
    return {
      Tag: toUserTag(await requireTag(trx, input.id)),
      Added: added,
      AlreadyTagged: users.length - added,
      NotFound: notFound,
    };
  });
}

export async function removeMember(db: Db, actor: Actor, input: { id: number; username: string }) {
  requireAdminHub(actor);
  return inTransaction(db, async (trx) => {
    await requireTag(trx, input.id, true);
    const [user] = await userTagsRepository.findUsersByUsernames(trx, [input.username]);
    if (!user) throw notFound('username: there is no member with that username');
    if (!(await userTagsRepository.detachMember(trx, input.id, user.id))) {
      throw notFound('username: that member does not carry this tag');
    }
    return { Tag: toUserTag(await requireTag(trx, input.id)) };
  });
}

const memberCursor = z.object({ u: z.string(), i: z.number().int() });

export async function listMembers(
  db: Db,
  actor: Actor,
  input: { id: number; after?: string | undefined },
): Promise<ResponseOf<typeof getUserTagMembers>> {
  requireAdminHub(actor);
  const after = input.after ? decodeCursor(input.after, memberCursor) : undefined;
  const tag = await requireTag(db, input.id);
  const rows = await userTagsRepository.listMembers(
    db,
    input.id,
    after,
    userTagMembersPageSize + 1,
  );
  const page = rows.slice(0, userTagMembersPageSize);
  const last = page.at(-1);
  const endReached = rows.length <= userTagMembersPageSize;
  return {
    Tag: toUserTag(tag),
    Members: page.map((row) => ({ UsernameCased: row.username })),
    After: endReached || !last ? '' : encodeCursor({ u: last.sortKey, i: last.id }),
    EndReached: endReached,
  };
}
