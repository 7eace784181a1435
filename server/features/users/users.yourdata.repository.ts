import { sql } from 'kysely';
import { erasedUsername } from '../../../contract/constants.ts';
import type { Db } from '../../db/database.ts';
import type { KarmaAmounts } from './users.repository.ts';

/*
 * A member's own rows, read for their download and deleted for their erasure
 * (docs/decisions/083-your-data-and-the-privacy-secret.md). The one place whose SQL reaches into
 * every feature's tables by a member's id: an erasure must be one transaction that no feature can
 * forget a table of, as rebuild-counters is one statement list over every counter.
 */

// ---------------------------------------------------------------------------------------------
// The download

export async function findAccount(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'username',
      'email',
      'fullName',
      'location',
      'bio',
      'expertise',
      'karma',
      'role',
      'subscriptionStatus',
      'externalId',
      'createdAt',
      sql<boolean>`password_hash is not null`.as('hasPassword'),
    ])
    .where('id', '=', userId)
    .where('erasedAt', 'is', null)
    .executeTakeFirst();
}

export async function findDemographics(db: Db, userId: number) {
  return db.selectFrom('demographics').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** Votes, with whether their opinion is a quiz item (its answers are the quiz's, not polls). */
export async function listVotes(db: Db, userId: number) {
  return db
    .selectFrom('votes')
    .innerJoin('opinions', 'opinions.id', 'votes.opinionId')
    .leftJoin('instrumentItems', 'instrumentItems.opinionId', 'votes.opinionId')
    .select([
      'opinions.slug',
      'opinions.title',
      'votes.rating',
      'votes.createdAt',
      'votes.updatedAt',
      'instrumentItems.itemId',
    ])
    .where('votes.userId', '=', userId)
    .orderBy('votes.createdAt')
    .orderBy('votes.opinionId')
    .execute();
}

export async function listVoteChanges(db: Db, userId: number) {
  return db
    .selectFrom('voteChanges')
    .innerJoin('opinions', 'opinions.id', 'voteChanges.opinionId')
    .select([
      'opinions.slug',
      'opinions.title',
      'voteChanges.fromRating',
      'voteChanges.toRating',
      'voteChanges.changedAt',
    ])
    .where('voteChanges.userId', '=', userId)
    .orderBy('voteChanges.id')
    .execute();
}

export async function listPersuasions(db: Db, userId: number) {
  return db
    .selectFrom('persuasions')
    .innerJoin('opinions', 'opinions.id', 'persuasions.opinionId')
    .select([
      'persuasions.commentId',
      'opinions.slug',
      'persuasions.side',
      'persuasions.fromRating',
      'persuasions.createdAt',
      'persuasions.withdrawnAt',
    ])
    .where('persuasions.userId', '=', userId)
    .orderBy('persuasions.createdAt')
    .execute();
}

export async function listComments(db: Db, userId: number) {
  return db
    .selectFrom('comments')
    .select([
      'id',
      'threadId',
      'parentId',
      'responseType',
      'bodySource',
      'deleted',
      'createdAt',
      'editedAt',
    ])
    .where('authorId', '=', userId)
    .orderBy('id')
    .execute();
}

export async function listGoodPoints(db: Db, userId: number) {
  return db
    .selectFrom('commentLikes')
    .select(['commentId', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('commentId')
    .execute();
}

export async function listFollows(db: Db, userId: number) {
  return db
    .selectFrom('topicFollows')
    .innerJoin('topics', 'topics.id', 'topicFollows.topicId')
    .select(['topics.slug', 'topics.title', 'topicFollows.createdAt'])
    .where('topicFollows.userId', '=', userId)
    .orderBy('topicFollows.createdAt')
    .execute();
}

export async function findEmailPreferences(db: Db, userId: number) {
  return db
    .selectFrom('emailPreferences')
    .select(['allEmails', 'replies', 'updatedAt'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function findStripeCustomer(db: Db, userId: number) {
  return db
    .selectFrom('stripeCustomers')
    .select(['currentPeriodEnd', 'cancelAtPeriodEnd', 'subscriptionId', 'createdAt'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function listAuthoredOpinions(db: Db, userId: number) {
  return db
    .selectFrom('opinions')
    .select(['slug', 'title', 'deleted', 'createdAt'])
    .where('authorId', '=', userId)
    .orderBy('id')
    .execute();
}

export async function listReportShares(db: Db, userId: number) {
  return db
    .selectFrom('reportShares')
    .select(['report', 'showName', 'createdAt', 'revokedAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
}

export async function listMilestones(db: Db, userId: number) {
  return db
    .selectFrom('userMilestones')
    .select(['family', 'threshold', 'reachedAt'])
    .where('userId', '=', userId)
    .orderBy('reachedAt')
    .execute();
}

export async function listReportsFiled(db: Db, userId: number) {
  return db
    .selectFrom('commentReports')
    .select(['commentId', 'reason', 'note', 'createdAt'])
    .where('reporterId', '=', userId)
    .orderBy('id')
    .execute();
}

export async function listIdentities(db: Db, userId: number) {
  return db
    .selectFrom('externalIdentities')
    .select(['provider', 'email', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
}

export async function listSessions(db: Db, userId: number) {
  return db
    .selectFrom('sessions')
    .select(['createdAt', 'lastSeenAt', 'expiresAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
}

export async function listTagNames(db: Db, userId: number) {
  return db
    .selectFrom('userTagMembers')
    .innerJoin('userTags', 'userTags.id', 'userTagMembers.tagId')
    .select('userTags.name')
    .where('userTagMembers.userId', '=', userId)
    .orderBy('userTags.name')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// The erasure: each step one statement or a few, all inside the caller's transaction

/** Locks the member's row; undefined when it is gone or erased already. */
export async function lockAccount(trx: Db, userId: number) {
  return trx
    .selectFrom('users')
    .select(['id', 'email', 'passwordHash'])
    .where('id', '=', userId)
    .where('erasedAt', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Good points the member gave: each comment's count and its author's karma go down by one (karma
 * only for a live comment, as karmaFromRawRows counts it); deleting the rows moves the arguments'
 * tallies by side (their trigger), while the member's votes still say which side each was on.
 */
export async function withdrawGoodPoints(trx: Db, userId: number, amounts: KarmaAmounts) {
  await sql`
    update comments c set like_count = c.like_count - given.n
    from (select comment_id, count(*)::int as n from comment_likes where user_id = ${userId}
      group by comment_id) given
    where c.id = given.comment_id
  `.execute(trx);
  await sql`
    update users u set karma = u.karma - received.n * ${amounts.perGoodPoint}
    from (
      select c.author_id, count(*)::int as n from comment_likes l
      join comments c on c.id = l.comment_id
      where l.user_id = ${userId} and not c.deleted
      group by c.author_id
    ) received
    where u.id = received.author_id
  `.execute(trx);
  await trx.deleteFrom('commentLikes').where('userId', '=', userId).execute();
}

/**
 * "This changed my mind" credits the member gave: a live one's argument counts one mind fewer
 * and its author (of a live comment) loses its karma; then the credits and the member's history
 * of changed votes go.
 */
export async function withdrawCredits(trx: Db, userId: number, amounts: KarmaAmounts) {
  await sql`
    update comments c set persuaded_count = c.persuaded_count - given.n
    from (select comment_id, count(*)::int as n from persuasions
      where user_id = ${userId} and withdrawn_at is null group by comment_id) given
    where c.id = given.comment_id
  `.execute(trx);
  await sql`
    update users u set karma = u.karma - credited.n * ${amounts.perMindChanged}
    from (
      select c.author_id, count(*)::int as n from persuasions p
      join comments c on c.id = p.comment_id
      where p.user_id = ${userId} and p.withdrawn_at is null and not c.deleted
      group by c.author_id
    ) credited
    where u.id = credited.author_id
  `.execute(trx);
  await trx.deleteFrom('persuasions').where('userId', '=', userId).execute();
  await trx.deleteFrom('voteChanges').where('userId', '=', userId).execute();
}

/**
 * The member's votes and quiz answers, with every counter they moved: the opinions are locked in
 * id order first, as a vote batch locks them (cast-votes-in-sessions.sql), so that the two queue
 * rather than deadlock; their waiting insight moves are folded into the insight counts
 * (fold-insight-moves.sql, decision 096), so that every vote of the member is counted there; the
 * opinions' votes1..votes5 and insight counts go down by the member's rows (as insight-answers.sql
 * groups them); the votes by day and the arguments' sides follow the delete through their
 * triggers (vote-days.sql, argument-tallies.sql).
 */
export async function removeVotes(trx: Db, userId: number): Promise<number[]> {
  const locked = await sql<{ id: number }>`
    select id from opinions
    where id in (select opinion_id from votes where user_id = ${userId})
    order by id
    for no key update
  `.execute(trx);
  await sql`select fold_insight_moves(${locked.rows.map((row) => row.id)}::integer[])`.execute(trx);
  await sql`
    update opinions o set
      votes1 = o.votes1 - mine.r1, votes2 = o.votes2 - mine.r2, votes3 = o.votes3 - mine.r3,
      votes4 = o.votes4 - mine.r4, votes5 = o.votes5 - mine.r5
    from (
      select opinion_id,
        (rating = 1)::int as r1, (rating = 2)::int as r2, (rating = 3)::int as r3,
        (rating = 4)::int as r4, (rating = 5)::int as r5
      from votes where user_id = ${userId}
    ) mine
    where o.id = mine.opinion_id
  `.execute(trx);
  await sql`
    -- Under the member's current answers; counts still kept under answers they changed since
    -- (their recount queued, not yet run) may dip below 0 here, and that recount, which counts
    -- the opinion from its remaining votes, makes them exact (decision 096).
    update opinion_insight_counts c set
      votes1 = c.votes1 - (mine.rating = 1)::int,
      votes2 = c.votes2 - (mine.rating = 2)::int,
      votes3 = c.votes3 - (mine.rating = 3)::int,
      votes4 = c.votes4 - (mine.rating = 4)::int,
      votes5 = c.votes5 - (mine.rating = 5)::int
    from (
      select v.opinion_id, a.field, a.answer, v.rating
      from votes v
      join opinions o on o.id = v.opinion_id and o.listed
      join demographics d on d.user_id = v.user_id
      cross join lateral insight_answers(d) a
      where v.user_id = ${userId}
    ) mine
    where c.opinion_id = mine.opinion_id and c.field = mine.field and c.answer = mine.answer
  `.execute(trx);
  await trx.deleteFrom('votes').where('userId', '=', userId).execute();
  await trx.deleteFrom('memberVoteCounts').where('userId', '=', userId).execute();
  return locked.rows.map((row) => row.id);
}

/** The member's place in each topic's opinion groups: the group counts one member fewer. */
export async function leaveTopicGroups(trx: Db, userId: number) {
  await sql`
    update topic_groups g set size = g.size - 1
    from topic_group_members m
    where m.user_id = ${userId} and g.topic_id = m.topic_id and g.group_id = m.group_id
  `.execute(trx);
  await trx.deleteFrom('topicGroupMembers').where('userId', '=', userId).execute();
}

/** Every other row that is the member's alone, or names them. */
export async function removeOwnRows(trx: Db, userId: number, email: string | null) {
  for (const table of [
    'demographics',
    'memberScores',
    'userMilestones',
    'topicFollows',
    'userTagMembers',
    'emailPreferences',
    'reportShares',
    'notifications',
    'externalIdentities',
    'knownSignInPlaces',
    'passwordResetTokens',
    'stripeCustomers',
    'sessions',
  ] as const) {
    await trx.deleteFrom(table).where('userId', '=', userId).execute();
  }
  // A staff member's privacy budget and the answers it bought (docs/decisions/082).
  await trx.deleteFrom('privacyAnswers').where('staffId', '=', userId).execute();
  await trx.deleteFrom('privacySpending').where('staffId', '=', userId).execute();
  // Other members' notifications of the member's replies and good points keep their text (an
  // excerpt of a comment that stays) but no longer point at the member.
  await trx
    .updateTable('notifications')
    .set({ actorId: null })
    .where('actorId', '=', userId)
    .execute();
  // Stripe's records of payments stay at Stripe (the invoices the law keeps); ours forget whose.
  await trx
    .updateTable('stripeEvents')
    .set({ userId: null })
    .where('userId', '=', userId)
    .execute();
  await trx
    .updateTable('stripeFulfilments')
    .set({ userId: null })
    .where('userId', '=', userId)
    .execute();
  if (email) {
    await trx.deleteFrom('loginCodes').where('email', '=', email).execute();
    await trx.deleteFrom('pendingSignups').where('email', '=', email).execute();
  }
}

/**
 * The account's row, emptied: named [deleted], without e-mail, password, profile or rights, and
 * marked erased. It stays as the author of the comments and opinions that stay; its karma stays
 * what those comments give (verify-counts counts them for it), shown nowhere.
 */
export async function emptyAccountRow(trx: Db, userId: number, now: Date) {
  await trx
    .updateTable('users')
    .set({
      username: erasedUsername,
      email: null,
      passwordHash: null,
      fullName: '',
      location: '',
      bio: '',
      expertise: '',
      role: null,
      canDeleteContent: false,
      adminHub: false,
      canSeeDetailedOpinionReport: false,
      canCreateOpinions: false,
      subscriptionStatus: '',
      externalId: '',
      newNotification: false,
      erasedAt: now,
    })
    .where('id', '=', userId)
    .execute();
}
