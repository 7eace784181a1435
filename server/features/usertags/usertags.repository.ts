import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/*
 * User tags and their members (docs/decisions/055-user-tags-and-synthetic-population.md). Names
 * compare without regard to case, as the unique index on lower(name) does.
 */

/** Escapes LIKE wildcards so a query is matched literally. */
function escapeLike(query: string): string {
  return query.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const memberCount = sql<number>`(select count(*)::int from user_tag_members m where m.tag_id = user_tags.id)`;

export type TagRow = { id: number; name: string; createdAt: Date; numMembers: number };

/** Tags whose name contains the query, those that start with it first, then by name. */
export async function searchTags(db: Db, query: string, limit: number) {
  const escaped = escapeLike(query);
  return db
    .selectFrom('userTags')
    .select(['id', 'name'])
    .where('name', 'ilike', `%${escaped}%`)
    .orderBy(sql`name ilike ${`${escaped}%`}`, 'desc')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function listTags(db: Db): Promise<TagRow[]> {
  return db
    .selectFrom('userTags')
    .select(['id', 'name', 'createdAt', memberCount.as('numMembers')])
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/** The tag with its member count; `lock` holds its row until the transaction ends. */
export async function findTag(db: Db, id: number, lock = false): Promise<TagRow | undefined> {
  let query = db
    .selectFrom('userTags')
    .select(['id', 'name', 'createdAt', memberCount.as('numMembers')])
    .where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The new tag, or undefined when its name (in any case) is taken. */
export async function insertTag(db: Db, name: string, createdBy: number) {
  return db
    .insertInto('userTags')
    .values({ name, createdBy })
    .onConflict((conflict) => conflict.expression(sql`lower(name)`).doNothing())
    .returning(['id', 'name', 'createdAt'])
    .executeTakeFirst();
}

export async function findTagByName(db: Db, name: string) {
  return db
    .selectFrom('userTags')
    .select(['id', 'name'])
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function renameTag(db: Db, id: number, name: string): Promise<boolean> {
  const result = await db
    .updateTable('userTags')
    .set({ name })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the tag; its memberships go with it (on delete cascade). */
export async function deleteTag(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('userTags').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The accounts among these usernames (compared without case): id and the name as spelled. */
export async function findUsersByUsernames(db: Db, usernames: readonly string[]) {
  if (usernames.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('erasedAt', 'is', null)
    .where(
      sql<string>`lower(username)`,
      'in',
      usernames.map((name) => name.toLowerCase()),
    )
    .execute();
}

/** Attaches the members to the tag; returns how many did not carry it before. */
export async function attachMembers(
  db: Db,
  tagId: number,
  userIds: readonly number[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  const result = await db
    .insertInto('userTagMembers')
    .values(userIds.map((userId) => ({ tagId, userId })))
    .onConflict((conflict) => conflict.columns(['tagId', 'userId']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function detachMember(db: Db, tagId: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('userTagMembers')
    .where('tagId', '=', tagId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A page of the tag's members by username (lower-cased, then id), after the cursor's position. */
export async function listMembers(
  db: Db,
  tagId: number,
  after: { u: string; i: number } | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('userTagMembers')
    .innerJoin('users', 'users.id', 'userTagMembers.userId')
    .select(['users.id', 'users.username', sql<string>`lower(users.username)`.as('sortKey')])
    .where('userTagMembers.tagId', '=', tagId);
  if (after) {
    query = query.where(sql<boolean>`(lower(users.username), users.id) > (${after.u}, ${after.i})`);
  }
  return query
    .orderBy(sql`lower(users.username)`)
    .orderBy('users.id')
    .limit(limit)
    .execute();
}
