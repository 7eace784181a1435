import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionToken, sessionCookieName } from '../../plugins/session.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOpinion, buildUser, loginAs } from '../../test/factories.ts';
import { findCounterDrift, findMemberVoteCountDrift } from './opinions.repository.ts';

// Votes travel in batches, each batch one transaction that also looks up the sessions
// (docs/decisions/023-performance-machinery.md#batching). These are the cases the batching itself could get wrong.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function vote(cookie: string, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/opinion/vote',
    headers: { 'content-type': 'application/json', cookie },
    payload: { body },
  });
}

function tokenHashOf(cookie: string) {
  return hashSessionToken(cookie.slice(`${sessionCookieName}=`.length));
}

async function updateSession(
  cookie: string,
  values: { expiresAt?: Date; lastSeenAt?: Date },
): Promise<void> {
  await t.db
    .updateTable('sessions')
    .set(values)
    .where('tokenHash', '=', tokenHashOf(cookie))
    .execute();
}

async function lastSeenAtOf(cookie: string): Promise<Date> {
  const session = await t.db
    .selectFrom('sessions')
    .select('lastSeenAt')
    .where('tokenHash', '=', tokenHashOf(cookie))
    .executeTakeFirstOrThrow();
  return session.lastSeenAt;
}

async function votesOf(opinionId: number) {
  return t.db
    .selectFrom('votes')
    .select(['userId', 'rating'])
    .where('opinionId', '=', opinionId)
    .execute();
}

/** The member's derived count of votes on listed opinions. */
async function listedVotesOf(userId: number) {
  const row = await t.db
    .selectFrom('memberVoteCounts')
    .select('listedVotes')
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.listedVotes ?? 0;
}

async function waitingMilestoneChecks(userId: number) {
  return t.db
    .selectFrom('jobs')
    .select('id')
    .where('dedupeKey', '=', `check-milestones:${userId}`)
    .where('doneAt', 'is', null)
    .execute();
}

async function finishMilestoneChecks(userId: number) {
  await t.db
    .updateTable('jobs')
    .set({ doneAt: new Date(), attempts: 1 })
    .where('dedupeKey', '=', `check-milestones:${userId}`)
    .execute();
}

describe('votes cast in batches', () => {
  it('answers every vote of a busy moment, each with the counters after its batch', async () => {
    const opinion = await buildOpinion(t.db);
    const members = await Promise.all(Array.from({ length: 12 }, () => buildUser(t.db)));
    const cookies = await Promise.all(members.map((member) => loginAs(t.db, member.id)));
    const responses = await Promise.all(
      cookies.map((cookie, index) => vote(cookie, { id: opinion.id, rating: (index % 2) + 1 })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(cookies.map(() => 200));
    for (const [index, response] of responses.entries()) {
      const { Rating, Results } = response.json().body;
      expect(Rating).toBe((index % 2) + 1);
      // Whatever else its batch held, the answer counts this vote and sums to 100.
      expect(Results.Percentages[Rating - 1]).toBeGreaterThan(0);
      expect(
        Results.Percentages.filter((share: number) => share !== 999).reduce(
          (sum: number, share: number) => sum + share,
          0,
        ),
      ).toBe(100);
    }
    expect((await votesOf(opinion.id)).length).toBe(12);
    expect(await findCounterDrift(t.db)).toEqual([]);
    expect(await findMemberVoteCountDrift(t.db)).toEqual([]);
  });

  it('counts one vote when two sessions of one member vote on one opinion at once', async () => {
    const opinion = await buildOpinion(t.db);
    const member = await buildUser(t.db);
    const [phone, laptop] = await Promise.all([loginAs(t.db, member.id), loginAs(t.db, member.id)]);
    const responses = await Promise.all([
      vote(phone, { id: opinion.id, rating: 1 }),
      vote(laptop, { id: opinion.id, rating: 4 }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const rows = await votesOf(opinion.id);
    expect(rows).toHaveLength(1);
    expect([1, 4]).toContain(rows[0]!.rating);
    expect(await findCounterDrift(t.db)).toEqual([]);
    expect(await listedVotesOf(member.id)).toBe(1);
  });

  it('refuses a vote from an expired or idle session with 401, clears its cookie and casts nothing', async () => {
    const opinion = await buildOpinion(t.db);
    const [expired, idle] = await Promise.all([buildUser(t.db), buildUser(t.db)]);
    const expiredCookie = await loginAs(t.db, expired.id);
    const idleCookie = await loginAs(t.db, idle.id);
    await updateSession(expiredCookie, { expiresAt: new Date(Date.now() - 1000) });
    await updateSession(idleCookie, { lastSeenAt: new Date(Date.now() - 15 * 86_400_000) });
    const responses = await Promise.all([
      vote(expiredCookie, { id: opinion.id, rating: 2 }),
      vote(idleCookie, { id: opinion.id, rating: 2 }),
    ]);
    for (const response of responses) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, error: 'Log in or sign up to vote' });
      expect(String(response.headers['set-cookie'])).toMatch(
        new RegExp(`^${sessionCookieName}=;.*Expires=Thu, 01 Jan 1970`),
      );
    }
    expect(await votesOf(opinion.id)).toEqual([]);
  });

  it('refreshes the idle clock of a session last seen over an hour ago', async () => {
    const opinion = await buildOpinion(t.db);
    const member = await buildUser(t.db);
    const cookie = await loginAs(t.db, member.id);
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await updateSession(cookie, { lastSeenAt: twoHoursAgo });
    expect((await vote(cookie, { id: opinion.id, rating: 3 })).statusCode).toBe(200);
    expect((await lastSeenAtOf(cookie)).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('queues a milestone check when a vote reaches a vote award, counting listed opinions only', async () => {
    const member = await buildUser(t.db);
    const cookie = await loginAs(t.db, member.id);
    const listed = await Promise.all(Array.from({ length: 11 }, () => buildOpinion(t.db)));
    const unlisted = await Promise.all(
      Array.from({ length: 3 }, () => buildOpinion(t.db, { listed: false })),
    );

    await vote(cookie, { id: listed[0]!.id, rating: 1 });
    expect(await waitingMilestoneChecks(member.id)).toHaveLength(1);
    await finishMilestoneChecks(member.id);

    // Quiz answers (unlisted opinions) are not public activity: they bring no award closer.
    for (const opinion of unlisted) await vote(cookie, { id: opinion.id, rating: 2 });
    for (const opinion of listed.slice(1, 9)) await vote(cookie, { id: opinion.id, rating: 2 });
    // A changed vote is not a new one.
    await vote(cookie, { id: listed[0]!.id, rating: 5 });
    expect(await waitingMilestoneChecks(member.id)).toEqual([]);
    expect(await listedVotesOf(member.id)).toBe(9);

    await vote(cookie, { id: listed[9]!.id, rating: 2 });
    expect(await waitingMilestoneChecks(member.id)).toHaveLength(1);
    await finishMilestoneChecks(member.id);
    await vote(cookie, { id: listed[10]!.id, rating: 2 });
    expect(await waitingMilestoneChecks(member.id)).toEqual([]);
    expect(await listedVotesOf(member.id)).toBe(11);
    expect(await findMemberVoteCountDrift(t.db)).toEqual([]);
  });

  it('notes each voter once per batch for the members cache, and leaves later writes to the triggers', async () => {
    const [first, second] = [await buildOpinion(t.db), await buildOpinion(t.db)];
    const member = await buildUser(t.db);
    const cookie = await loginAs(t.db, member.id);
    const notesOf = async () =>
      (
        await sql<{ reason: string }>`
          select reason from member_changes where user_id = ${member.id} order by seq
        `.execute(t.db)
      ).rows.map((note) => note.reason);
    const before = await notesOf();
    const responses = await Promise.all([
      vote(cookie, { id: first.id, rating: 2 }),
      vote(cookie, { id: second.id, rating: 5 }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const afterVotes = (await notesOf()).slice(before.length);
    // One note per batch that held the member's votes: they may have travelled in one or two.
    expect(afterVotes.length).toBeGreaterThanOrEqual(1);
    expect(afterVotes.length).toBeLessThanOrEqual(2);
    expect(new Set(afterVotes)).toEqual(new Set(['votes']));
    // A write that does not go through a batch is still noted by the votes' triggers.
    await t.db
      .updateTable('votes')
      .set({ rating: 3 })
      .where('userId', '=', member.id)
      .where('opinionId', '=', first.id)
      .execute();
    expect((await notesOf()).slice(before.length + afterVotes.length)).toEqual(['votes']);
    await t.db.deleteFrom('votes').where('userId', '=', member.id).execute();
    expect((await notesOf()).slice(before.length + afterVotes.length + 1)).toEqual(['votes']);
  });

  it('plans the vote function once, not on every batch', async () => {
    // With custom plans every batch paid for planning again: half of a small batch's cost.
    const functions = await sql<{ name: string; config: string[] | null }>`
      select proname as name, proconfig as config from pg_proc
      where proname in ('cast_votes', 'cast_votes_in_sessions') order by proname
    `.execute(t.db);
    expect(functions.rows).toEqual([
      { name: 'cast_votes_in_sessions', config: ['plan_cache_mode=force_generic_plan'] },
    ]);
  });
});

describe("the opinion page's session look-up, which also finds the member's rating", () => {
  async function getPage(slug: string, cookie?: string) {
    return t.app.inject({
      method: 'GET',
      url: `/api/opinion/get?slug=${slug}`,
      headers: cookie ? { cookie } : {},
    });
  }

  it('gives each of many members at once their own rating, and a visitor none', async () => {
    const opinion = await buildOpinion(t.db);
    const members = await Promise.all(Array.from({ length: 3 }, () => buildUser(t.db)));
    const cookies = await Promise.all(members.map((member) => loginAs(t.db, member.id)));
    await vote(cookies[0]!, { id: opinion.id, rating: 2 });
    await vote(cookies[1]!, { id: opinion.id, rating: 5 });
    const pages = await Promise.all([
      ...cookies.map((cookie) => getPage(opinion.slug, cookie)),
      getPage(opinion.slug),
    ]);
    expect(pages.map((page) => page.json().body.Opinion.Rating)).toEqual([2, 5, 0, 0]);
    expect(pages.map((page) => page.json().body.Results === null)).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(pages[0]!.json().body.Results.Percentages).toEqual([999, 50, 999, 999, 50]);
  });

  it('serves a dead session the visitor page and clears its cookie', async () => {
    const opinion = await buildOpinion(t.db);
    const member = await buildUser(t.db);
    const cookie = await loginAs(t.db, member.id);
    await vote(cookie, { id: opinion.id, rating: 4 });
    await updateSession(cookie, { expiresAt: new Date(Date.now() - 1000) });
    const response = await getPage(opinion.slug, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().body.Opinion.Rating).toBe(0);
    expect(response.json().body.Results).toBeNull();
    expect(String(response.headers['set-cookie'])).toMatch(
      new RegExp(`^${sessionCookieName}=;.*Expires=Thu, 01 Jan 1970`),
    );
  });

  it('refreshes the idle clock of a session last seen over an hour ago', async () => {
    const opinion = await buildOpinion(t.db);
    const member = await buildUser(t.db);
    const cookie = await loginAs(t.db, member.id);
    await updateSession(cookie, { lastSeenAt: new Date(Date.now() - 2 * 3_600_000) });
    expect((await getPage(opinion.slug, cookie)).statusCode).toBe(200);
    expect((await lastSeenAtOf(cookie)).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
