import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

const profileColumns = [
  'id',
  'username',
  'fullName',
  'location',
  'bio',
  'expertise',
  'karma',
  'createdAt',
] as const;

/**
 * Usernames are unique without regard to case among live accounts (index on lower(username)); an
 * erased account, named [deleted], has no profile (docs/decisions/083).
 */
export async function findUserByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(profileColumns)
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .where('erasedAt', 'is', null)
    .executeTakeFirst();
}

export async function findUserById(db: Db, userId: number) {
  return db.selectFrom('users').select(profileColumns).where('id', '=', userId).executeTakeFirst();
}

export type ProfileUserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/**
 * The member's activity per UTC day over their whole history: votes cast on listed opinions,
 * live comments written and live listed opinions created. Days without activity are absent.
 */
export async function listDailyActivity(db: Db, userId: number) {
  const result = await sql<{ day: string; count: number }>`
    select to_char((happened_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as count
    from (
      select v.created_at as happened_at from votes v join opinions o on o.id = v.opinion_id
        where v.user_id = ${userId} and o.listed
      union all
      select c.created_at from comments c where c.author_id = ${userId} and not c.deleted
      union all
      select o.created_at from opinions o
        where o.author_id = ${userId} and o.listed and not o.deleted
    ) activity
    group by 1
    order by 1
  `.execute(db);
  return result.rows;
}

/** Where a page ended: the last comment's time (ISO, to the microsecond) and id. */
export type CommentPosition = { createdAt: string; id: number };

/**
 * The member's live comments, newest first, after a keyset position, each with the opinion it
 * belongs to (none for the suggestions thread). Comments hidden by reports and comments on
 * removed opinions are left out.
 */
export async function listCommentsOfAuthor(
  db: Db,
  options: { authorId: number; after: CommentPosition | null; limit: number },
) {
  const after = options.after;
  const rows = await db
    .selectFrom('comments')
    .leftJoin('opinions', 'opinions.id', 'comments.opinionId')
    .select([
      'comments.id',
      'comments.threadId',
      'comments.parentId',
      'comments.bodyHtml',
      'comments.responseType',
      'comments.likeCount',
      'comments.createdAt',
      // JavaScript dates keep milliseconds; the cursor must keep the database's microseconds.
      sql<string>`to_char(comments.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
        'createdAtExact',
      ),
      'opinions.title as opinionTitle',
      'opinions.slug as opinionSlug',
    ])
    .where('comments.authorId', '=', options.authorId)
    .where('comments.deleted', '=', false)
    .where('comments.hiddenAt', 'is', null)
    .where((eb) => eb.or([eb('opinions.id', 'is', null), eb('opinions.deleted', '=', false)]))
    .$if(after !== null, (query) =>
      query.where((eb) =>
        eb.or([
          eb('comments.createdAt', '<', sql<Date>`${after!.createdAt}::timestamptz`),
          eb.and([
            eb('comments.createdAt', '=', sql<Date>`${after!.createdAt}::timestamptz`),
            eb('comments.id', '<', after!.id),
          ]),
        ]),
      ),
    )
    .orderBy('comments.createdAt', 'desc')
    .orderBy('comments.id', 'desc')
    .limit(options.limit + 1)
    .execute();
  return { rows: rows.slice(0, options.limit), hasMore: rows.length > options.limit };
}

export async function updateProfileTexts(
  db: Db,
  userId: number,
  texts: { fullName: string; location: string; bio: string; expertise: string },
) {
  await db.updateTable('users').set(texts).where('id', '=', userId).execute();
}
