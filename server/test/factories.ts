import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { NewUser } from '../db/schema.ts';
import { renderCommentMarkdown } from '../features/comments/comments.markdown.ts';
import { hashSessionToken, sessionCookieName } from '../plugins/session.ts';

let sequence = 0;
const next = () => ++sequence;

export async function buildUser(db: Db, overrides: Partial<NewUser> = {}) {
  const n = next();
  return db
    .insertInto('users')
    .values({
      username: `member${n}`,
      email: `member${n}@example.test`,
      passwordHash: null,
      role: null,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A live session for the user; returns the Cookie header value a browser would send. */
export async function loginAs(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      tokenHash: hashSessionToken(token),
      userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .execute();
  return `${sessionCookieName}=${token}`;
}

export async function buildTopic(
  db: Db,
  overrides: { slug?: string; title?: string; description?: string } = {},
) {
  const n = next();
  return db
    .insertInto('topics')
    .values({
      slug: `topic-${n}`,
      title: `Topic ${n}`,
      description: '',
      createdBy: null,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buildOpinion(
  db: Db,
  overrides: {
    title?: string;
    slug?: string;
    authorId?: number | null;
    topicIds?: number[];
    createdAt?: Date;
    deleted?: boolean;
    listed?: boolean;
  } = {},
) {
  const n = next();
  const { topicIds = [], ...values } = overrides;
  const opinion = await db
    .insertInto('opinions')
    .values({
      title: `Opinion number ${n} is worth arguing about`,
      slug: `opinion-${n}`,
      authorId: null,
      tidbit: null,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (topicIds.length > 0) {
    await db
      .insertInto('opinionTopics')
      .values(topicIds.map((topicId) => ({ opinionId: opinion.id, topicId })))
      .execute();
  }
  return opinion;
}

/**
 * Records a first vote the way the product must: the raw row and the derived counters in one
 * transaction, at a chosen time (which the real call, cast_votes_in_sessions, cannot back-date).
 * The call itself is tested through /api/opinion/vote in features/opinions.
 */
export async function recordVote(
  db: Db,
  userId: number,
  opinionId: number,
  rating: number,
  at = new Date(),
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('votes')
      .values({ userId, opinionId, rating, createdAt: at, updatedAt: at })
      .execute();
    const column = `votes${rating}` as 'votes1' | 'votes2' | 'votes3' | 'votes4' | 'votes5';
    const opinion = await trx
      .updateTable('opinions')
      .set((eb) => ({ [column]: eb(column, '+', 1) }))
      .where('id', '=', opinionId)
      .returning('listed')
      .executeTakeFirstOrThrow();
    if (opinion.listed) {
      await trx
        .insertInto('memberVoteCounts')
        .values({ userId, listedVotes: 1 })
        .onConflict((conflict) =>
          conflict
            .column('userId')
            .doUpdateSet((eb) => ({ listedVotes: eb('memberVoteCounts.listedVotes', '+', 1) })),
        )
        .execute();
    }
  });
}

export async function buildComment(
  db: Db,
  options: {
    opinionId: number;
    authorId: number;
    body?: string;
    responseType?: string;
    parentId?: number | null;
  },
) {
  const body = options.body ?? `A considered argument number ${next()}.`;
  return db
    .insertInto('comments')
    .values({
      threadId: String(options.opinionId),
      opinionId: options.opinionId,
      parentId: options.parentId ?? null,
      authorId: options.authorId,
      bodySource: body,
      bodyHtml: renderCommentMarkdown(body),
      responseType: options.responseType ?? 'pro',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A member with a live session: the user row and the Cookie header their browser would send. */
export async function buildMember(db: Db, overrides: Partial<NewUser> = {}) {
  const user = await buildUser(db, overrides);
  return { user, cookie: await loginAs(db, user.id) };
}
