import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noVotesMarker } from '../../../contract/constants.ts';
import { demographicsConsentText } from '../../../contract/demographics.base.ts';
import * as rewordTidbits from '../../db/migrations/20261128T1800-reword-tidbits.ts';
import { hasAutovacuum, type Db } from '../../db/database.ts';
import { jobHandlers } from '../../jobs/handlers.ts';
import { applyVotesInSessions } from '../opinions/opinions.repository.ts';
import type { BatchJobHandler } from '../../jobs/queue.ts';
import { startJobWorker, type JobWorker } from '../../jobs/worker.ts';
import { createTestApp, postJson, type TestApp } from '../../test/app.ts';
import { buildOpinion, buildTopic, buildUser, loginAs } from '../../test/factories.ts';
import { sidesOf } from './insights.figures.ts';
import * as insightsRepository from './insights.repository.ts';
import { rebuildAllInsights, findInsightCountDrift } from './insights.service.ts';
import { readVotesFile } from './opinion-groups.cli.ts';
import { computeOpinionGroups } from './opinion-groups.ts';

// Insights through the real vote call, the real personal-details call and the jobs queue
// (docs/decisions/052-insights-and-stored-groups.md). MIN_GROUP_SIZE is the default, 10.

let t: TestApp;
let worker: JobWorker;
beforeAll(async () => {
  t = await createTestApp();
  worker = startJobWorker(t.db, jobHandlers, { autoStart: false, config: t.config });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

type Details = Record<string, string | number | null>;
type Member = { id: number; cookie: string };

async function member(details: Details | null): Promise<Member> {
  const user = await buildUser(t.db);
  const cookie = await loginAs(t.db, user.id);
  if (details) await setDetails({ id: user.id, cookie }, details);
  return { id: user.id, cookie };
}

async function setDetails(who: Member, details: Details) {
  const response = await postJson(
    t.app,
    '/api/user/demographics/set',
    { ...details, consent: demographicsConsentText },
    who.cookie,
  );
  expect(response.statusCode).toBe(200);
}

async function vote(who: Member, opinionId: number, rating: number) {
  const response = await postJson(
    t.app,
    '/api/opinion/vote',
    { id: opinionId, rating },
    who.cookie,
  );
  expect(response.statusCode).toBe(200);
}

async function insights(opinionId: number | string, who?: Member) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/insight/get?opinionID=${opinionId}`,
    headers: who ? { cookie: who.cookie } : {},
  });
  const json = response.json();
  return { status: response.statusCode, body: json.body, error: json.error };
}

async function topicGroups(slug: string, who?: Member) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/topic/groups?slug=${encodeURIComponent(slug)}`,
    headers: who ? { cookie: who.cookie } : {},
  });
  const json = response.json();
  return { status: response.statusCode, body: json.body, error: json.error };
}

/** An opinion's stored insight counts with voters, one per (field, answer, rating), in order. */
async function storedCounts(opinionId: number, db: Db = t.db) {
  const rows = await insightsRepository.listInsightCounts(db, opinionId);
  return rows.sort(
    (a, b) =>
      a.field.localeCompare(b.field) || a.answer.localeCompare(b.answer) || a.rating - b.rating,
  );
}

describe('GET /api/insight/get', () => {
  it('answers 400 for a bad id and 404 for an unknown opinion', async () => {
    for (const bad of ['abc', '-3', '0', '', '1.5', '99999999999']) {
      const answer = await insights(bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.error).toMatch(/opinionID/);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/insight/get' });
    expect(missing.statusCode).toBe(400);
    const unknown = await insights(2_000_000_000);
    expect(unknown.status).toBe(404);
    expect(unknown.error).toBe('There is no such opinion');
  });

  it('withholds small groups, sums to 100 with 999 for empty ratings, and words insights by the numbers', async () => {
    const opinion = await buildOpinion(t.db);
    // 12 women: 9 agree (rating 1 or 2), 3 strongly disagree. 10 men: all neutral.
    // 3 non-binary members: withheld. 2 members without details.
    const women = await Promise.all(
      Array.from({ length: 12 }, () => member({ gender: 'female', birthYear: 1990 })),
    );
    const men = await Promise.all(
      Array.from({ length: 10 }, () => member({ gender: 'male', birthYear: 1990 })),
    );
    const others = await Promise.all(
      Array.from({ length: 3 }, () => member({ gender: 'non-binary', birthYear: 1970 })),
    );
    const silent = await Promise.all(Array.from({ length: 2 }, () => member(null)));
    for (const [index, woman] of women.entries()) {
      await vote(woman, opinion.id, index < 6 ? 1 : index < 9 ? 2 : 5);
    }
    for (const man of men) await vote(man, opinion.id, 3);
    for (const other of others) await vote(other, opinion.id, 4);
    for (const nobody of silent) await vote(nobody, opinion.id, 3);
    await worker.drain();

    const answer = await insights(opinion.id, women[0]);
    expect(answer.status).toBe(200);
    const { Matrix, Insights, Voters } = answer.body;
    expect(Voters).toBe(27);
    // 12 women: shown (the other 15 voters are ≥ 10 too).
    expect(Matrix.gender.female).toEqual([50, 25, noVotesMarker, noVotesMarker, 25]);
    // 10 men, but with them shown the 5 voters in neither group would be everyone's results
    // minus women's and men's: withheld.
    expect(Matrix.gender.male).toBeNull();
    expect(Matrix.gender['non-binary']).toBeNull();
    expect(Matrix.gender.other).toBeNull();
    // Every listed answer is there; nationality holds only shown codes (none here).
    expect(Object.keys(Matrix.generation).sort()).toEqual(['boomer', 'silent', 'x', 'y', 'z']);
    expect(Matrix.nationality).toEqual({});
    // 22 Millennials, but only 5 other voters: a difference would show those 5 — withheld.
    expect(Matrix.generation.y).toBeNull();
    for (const field of Object.values(Matrix) as Record<string, number[] | null>[]) {
      for (const row of Object.values(field)) {
        if (row === null) continue;
        expect(row.filter((value) => value !== noVotesMarker).reduce((a, b) => a + b, 0)).toBe(100);
      }
    }

    // The voter (a woman who agrees) is told about women; wording and direction match the numbers.
    expect(Insights).toEqual([
      {
        Desc: 'Women: 75% agree, as you do',
        AgreementWording: 'agree',
        AgreementDirection: 1,
      },
    ]);

    // Five more voters without details: the rest is 10, men are shown.
    const more = await Promise.all(Array.from({ length: 5 }, () => member(null)));
    for (const nobody of more) await vote(nobody, opinion.id, 3);
    await worker.drain();
    const after = (await insights(opinion.id, women[0])).body;
    expect(after.Voters).toBe(32);
    expect(after.Matrix.gender.male).toEqual([
      noVotesMarker,
      noVotesMarker,
      100,
      noVotesMarker,
      noVotesMarker,
    ]);
    expect(after.Matrix.gender['non-binary']).toBeNull();
    // Born in 1990: Millennials (women and men: 6, 3, 10, 0, 3 of 22); born in 1970: 3, withheld.
    expect(after.Matrix.generation.y).toEqual([27, 14, 45, noVotesMarker, 14]);
    expect(after.Matrix.generation.x).toBeNull();
    const man = await insights(opinion.id, men[0]);
    expect(man.body.Insights).toEqual([
      {
        Desc: 'Men: 100% are neutral, as you are',
        AgreementWording: 'are split on',
        AgreementDirection: 0,
      },
      // 22 Millennials now that the rest is 10: 9 agree, 10 neutral, 3 disagree — split.
      {
        Desc: 'Millennials: 45% are neutral, as you are',
        AgreementWording: 'are split on',
        AgreementDirection: 0,
      },
    ]);
    // Not voted, or a visitor: no matrix, no insights, the count only.
    const visitor = await insights(opinion.id);
    expect(visitor.body).toEqual({
      Insights: [],
      Matrix: {},
      Groups: [],
      Voters: 32,
      MinGroupSize: 10,
    });
    const stranger = await member({ gender: 'female' });
    expect((await insights(opinion.id, stranger)).body.Matrix).toEqual({});

    // The tidbit: women (75% agree) against everyone (9 of 32 = 28%).
    const row = await t.db
      .selectFrom('opinions')
      .select('tidbit')
      .where('id', '=', opinion.id)
      .executeTakeFirstOrThrow();
    // Stored as its facts, worded when read (docs/decisions/068).
    expect(row.tidbit).toEqual({
      Field: 'gender',
      Answer: 'female',
      GroupAgree: 75,
      EveryoneAgree: 28,
      AgreementWording: 'agree',
      AgreementDirection: 1,
    });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/opinion/get?slug=${opinion.slug}`,
    });
    expect(read.json().body.Opinion.Tidbit).toEqual({
      Desc: 'Women: 75% agree, against 28% of everyone',
      AgreementWording: 'agree',
      AgreementDirection: 1,
    });
  });

  it('rewords a tidbit stored before its facts were: hidden, then refreshed by the queued job', async () => {
    const opinion = await buildOpinion(t.db);
    const women = await Promise.all(Array.from({ length: 10 }, () => member({ gender: 'female' })));
    const others = await Promise.all(Array.from({ length: 10 }, () => member(null)));
    for (const woman of women) await vote(woman, opinion.id, 1);
    for (const other of others) await vote(other, opinion.id, 5);
    await worker.drain();
    // As the refresh job stored tidbits before decision 068: the sentence only.
    const legacy = {
      Desc: '100% of women agree, against 50% of everyone',
      AgreementWording: 'agree',
      AgreementDirection: 1,
    };
    await t.db
      .updateTable('opinions')
      .set({ tidbit: JSON.stringify(legacy) })
      .where('id', '=', opinion.id)
      .execute();
    const readTidbit = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/opinion/get?slug=${opinion.slug}` })).json()
        .body.Opinion.Tidbit;
    expect(await readTidbit()).toBeNull();

    await rewordTidbits.up(t.db as unknown as Kysely<unknown>);
    const queued = await t.db
      .selectFrom('jobs')
      .select('kind')
      .where('dedupeKey', '=', `refresh-opinion-tidbit:${opinion.id}`)
      .where('doneAt', 'is', null)
      .execute();
    expect(queued).toEqual([{ kind: 'refresh-opinion-tidbit' }]);
    await worker.drain();
    expect(await readTidbit()).toEqual({
      Desc: 'Women: 100% agree, against 50% of everyone',
      AgreementWording: 'agree',
      AgreementDirection: 1,
    });
  });

  it('takes a vote changed between new personal details and their recount; the recount makes the counts exact', async () => {
    const opinion = await buildOpinion(t.db);
    const [woman, other] = await Promise.all([
      member({ gender: 'female' }),
      member({ gender: 'female' }),
    ]);
    const man = await member({ gender: 'male' });
    await vote(woman, opinion.id, 1);
    await vote(other, opinion.id, 1);
    await vote(man, opinion.id, 5);
    await worker.drain();
    // Counted as a woman at 1 until the recount; the change moves her from 1 to 3 under her new
    // answer, where nobody is counted at 1.
    await setDetails(woman, { gender: 'male' });
    await vote(woman, opinion.id, 3);
    await worker.drain();
    expect(await storedCounts(opinion.id)).toEqual([
      { field: 'gender', answer: 'female', rating: 1, votes: 1 },
      { field: 'gender', answer: 'male', rating: 3, votes: 1 },
      { field: 'gender', answer: 'male', rating: 5, votes: 1 },
    ]);
    expect(await findInsightCountDrift(t.db)).toEqual([]);
  });

  it('keeps the counts right when votes change and when personal details change', async () => {
    const opinion = await buildOpinion(t.db);
    const voters = await Promise.all(
      Array.from({ length: 11 }, () => member({ religion: 'catholic', education: 50 })),
    );
    for (const voter of voters) await vote(voter, opinion.id, 2);
    await worker.drain();
    expect(await storedCounts(opinion.id)).toEqual([
      { field: 'education', answer: '50', rating: 2, votes: 11 },
      { field: 'religion', answer: 'catholic', rating: 2, votes: 11 },
    ]);
    // A changed vote moves its count; new details move the voter's answers.
    await vote(voters[0]!, opinion.id, 5);
    await setDetails(voters[1]!, { religion: 'jewish', education: 50 });
    await worker.drain();
    expect(await storedCounts(opinion.id)).toEqual([
      { field: 'education', answer: '50', rating: 2, votes: 10 },
      { field: 'education', answer: '50', rating: 5, votes: 1 },
      { field: 'religion', answer: 'catholic', rating: 2, votes: 9 },
      { field: 'religion', answer: 'catholic', rating: 5, votes: 1 },
      { field: 'religion', answer: 'jewish', rating: 2, votes: 1 },
    ]);
    // Details removed: the voter is no longer counted.
    await setDetails(voters[2]!, {});
    await worker.drain();
    expect(await storedCounts(opinion.id)).toEqual([
      { field: 'education', answer: '50', rating: 2, votes: 9 },
      { field: 'education', answer: '50', rating: 5, votes: 1 },
      { field: 'religion', answer: 'catholic', rating: 2, votes: 8 },
      { field: 'religion', answer: 'catholic', rating: 5, votes: 1 },
      { field: 'religion', answer: 'jewish', rating: 2, votes: 1 },
    ]);
    expect(await findInsightCountDrift(t.db)).toEqual([]);

    // Drift is found; a rebuild from scratch gives what the jobs kept.
    const kept = await storedCounts(opinion.id);
    await t.db
      .updateTable('opinionInsightCounts')
      .set({ votes2: 7 })
      .where('opinionId', '=', opinion.id)
      .where('field', '=', 'religion')
      .where('answer', '=', 'jewish')
      .execute();
    expect(await findInsightCountDrift(t.db)).toEqual([
      expect.objectContaining({ opinionId: opinion.id, field: 'religion', stored: 7, actual: 1 }),
    ]);
    await rebuildAllInsights(t.db, t.config.minGroupSize);
    expect(await storedCounts(opinion.id)).toEqual(kept);
    expect(await findInsightCountDrift(t.db)).toEqual([]);
  });

  it('counts no quiz item (unlisted opinion)', async () => {
    const item = await buildOpinion(t.db, { listed: false });
    const voter = await member({ gender: 'female' });
    await vote(voter, item.id, 1);
    await worker.drain();
    expect(await storedCounts(item.id)).toEqual([]);
    expect((await insights(item.id, voter)).body.Matrix).toEqual({});
  });
});

describe('opinion groups', () => {
  it('stores the groups computeOpinionGroups finds on the same votes, serves them without voter ids', async () => {
    const topic = await buildTopic(t.db);
    const opinions = await Promise.all(
      Array.from({ length: 8 }, () => buildOpinion(t.db, { topicIds: [topic.id] })),
    );
    // Two camps of 12: one agrees with the first half and disagrees with the second; the other
    // the reverse; a little noise by position.
    const camps = [
      await Promise.all(Array.from({ length: 12 }, () => member(null))),
      await Promise.all(Array.from({ length: 12 }, () => member(null))),
    ];
    for (const [campIndex, camp] of camps.entries()) {
      for (const [index, voter] of camp.entries()) {
        for (const [position, opinion] of opinions.entries()) {
          const agrees = position < 4 === (campIndex === 0);
          const rating = agrees ? (index % 3 === 0 ? 2 : 1) : index % 4 === 0 ? 4 : 5;
          await vote(voter, opinion.id, rating);
        }
      }
    }
    await worker.drain();

    const served = await topicGroups(topic.slug, camps[0]![0]);
    expect(served.status).toBe(200);
    expect(served.body.ComputedAt).not.toBeNull();
    expect(served.body.Groups).toHaveLength(2);
    expect(served.body.Map).toHaveLength(24);
    expect(JSON.stringify(served.body)).not.toMatch(/userId|voter|UserID/i);
    for (const dot of served.body.Map) expect(Object.keys(dot).sort()).toEqual(['Group', 'X', 'Y']);
    expect(served.body.Me).toEqual(
      expect.objectContaining({ Group: expect.any(Number), X: expect.any(Number) }),
    );
    expect(served.body.Groups.map((group: { Size: number }) => group.Size)).toEqual([12, 12]);
    for (const group of served.body.Groups) {
      expect(group.Representative.length).toBeGreaterThan(0);
      for (const entry of group.Representative) {
        expect(['agree', 'disagree']).toContain(entry.Direction);
      }
    }
    expect((await topicGroups(topic.slug)).body.Me).toBeNull();

    // The CLI-vs-server equality: the topic's votes as the CLI's CSV rows give the stored groups.
    const csv = ['voter,statement,vote'];
    for (const row of await insightsRepository.listTopicVotes(t.db, topic.id)) {
      csv.push(`${row.userId},${row.opinionId},${row.rating}`);
    }
    const file = readVotesFile(`${csv.join('\n')}\n`);
    expect(file.scale).toBe('five-point');
    const expected = computeOpinionGroups(file.votes, { minGroupSize: t.config.minGroupSize });
    const stored = await insightsRepository.listGroupMembers(t.db, topic.id);
    expect(stored.map((row) => ({ voter: String(row.userId), group: row.groupId }))).toEqual(
      expected!.voters
        .filter((voter) => voter.group !== null)
        .map((voter) => ({ voter: voter.voter, group: voter.group }))
        .sort((a, b) => Number(a.voter) - Number(b.voter)),
    );
    expect(served.body.Groups.map((group: { ID: number }) => group.ID)).toEqual(
      expected!.groups.map((group) => group.id),
    );

    // The opinion page: each group's votes, the member's own group marked and worded.
    const voter = camps[0]![0]!;
    const page = await insights(opinions[0]!.id, voter);
    expect(page.body.Groups).toHaveLength(2);
    const mine = page.body.Groups.filter((group: { Mine: boolean }) => group.Mine);
    expect(mine).toHaveLength(1);
    expect(
      mine[0].Percentages.filter((value: number) => value !== noVotesMarker).reduce(
        (a: number, b: number) => a + b,
        0,
      ),
    ).toBe(100);
    const groupInsight = page.body.Insights.find((insight: { Desc: string }) =>
      insight.Desc.startsWith('Your opinion group'),
    );
    expect(groupInsight).toEqual({
      Desc: `Your opinion group on ${topic.title}: 100% agree, as you do`,
      AgreementWording: 'agree',
      AgreementDirection: 1,
    });
    // A visitor sees the groups, not their votes.
    const visitor = await insights(opinions[0]!.id);
    for (const group of visitor.body.Groups) expect(group.Percentages).toBeNull();

    // The "changed enough" rule: 192 votes at the check, so min(50, 5 % = 10) changes regroup at
    // once; 3 changes only queue a run 30 minutes after the check.
    const computedAt = served.body.ComputedAt as string;
    for (const camper of camps[1]!.slice(0, 3)) await vote(camper, opinions[0]!.id, 3);
    await worker.drain();
    expect((await topicGroups(topic.slug)).body.ComputedAt).toBe(computedAt);
    const later = await t.db
      .selectFrom('jobs')
      .select('runAt')
      .where('dedupeKey', '=', `compute-topic-groups:later:${topic.id}`)
      .where('doneAt', 'is', null)
      .executeTakeFirstOrThrow();
    expect(later.runAt.getTime() - new Date(computedAt).getTime()).toBe(30 * 60_000);
    for (const camper of camps[1]!.slice(3, 10)) await vote(camper, opinions[0]!.id, 3);
    await worker.drain();
    const regrouped = (await topicGroups(topic.slug)).body;
    expect(regrouped.ComputedAt).not.toBe(computedAt);
    // Ids kept: the camps are the same people.
    expect(regrouped.Groups.map((group: { ID: number }) => group.ID)).toEqual(
      served.body.Groups.map((group: { ID: number }) => group.ID),
    );
  });

  it('publishes nothing for a topic with too few voters, and 404s for an unknown topic', async () => {
    const topic = await buildTopic(t.db);
    const opinion = await buildOpinion(t.db, { topicIds: [topic.id] });
    const few = await Promise.all(Array.from({ length: 5 }, () => member(null)));
    for (const voter of few) await vote(voter, opinion.id, 1);
    await worker.drain();
    expect((await topicGroups(topic.slug)).body).toEqual({
      Groups: [],
      Consensus: [],
      Divisive: [],
      ComputedAt: null,
      Map: [],
      Me: null,
    });
    const unknown = await topicGroups('no-such-topic-anywhere');
    expect(unknown.status).toBe(404);
    expect((await topicGroups('')).status).toBe(400);
  });
});

describe('the wording rule', () => {
  it('agrees with a majority, disagrees with a majority, is split otherwise', async () => {
    const { stanceOf } = await import('./insights.figures.ts');
    expect(stanceOf([3, 3, 0, 0, 5])).toEqual({ AgreementWording: 'agree', AgreementDirection: 1 });
    expect(stanceOf([1, 0, 4, 3, 3])).toEqual({
      AgreementWording: 'disagree',
      AgreementDirection: -1,
    });
    expect(stanceOf([5, 0, 0, 5, 0])).toEqual({
      AgreementWording: 'are split on',
      AgreementDirection: 0,
    });
    expect(sidesOf([5, 0, 0, 5, 0])).toEqual({ agree: 50, neutral: 0, disagree: 50 });
  });
});

describe('insight moves, folded later (decision 096)', () => {
  /** The opinion's waiting moves, oldest first. */
  const waitingMoves = (opinionId: number) =>
    t.db
      .selectFrom('opinionInsightMoves')
      .select(['userId', 'fromRating', 'toRating'])
      .where('opinionId', '=', opinionId)
      .execute();
  /** The stored rows alone, without the moves waiting. */
  const tableRows = (opinionId: number) =>
    t.db
      .selectFrom('opinionInsightCounts')
      .select(['field', 'answer', 'votes1', 'votes2', 'votes3', 'votes4', 'votes5'])
      .where('opinionId', '=', opinionId)
      .orderBy('field')
      .orderBy('answer')
      .execute();

  it('counts a vote at once from its waiting move, and the tidbit refresh folds it into the counts', async () => {
    const opinion = await buildOpinion(t.db);
    const voter = await member({ gender: 'female' });
    await worker.drain();
    await vote(voter, opinion.id, 2);
    expect(await waitingMoves(opinion.id)).toEqual([
      { userId: voter.id, fromRating: null, toRating: 2 },
    ]);
    expect(await tableRows(opinion.id)).toEqual([]);
    // Readers and verify-counts add what waits.
    expect(await storedCounts(opinion.id)).toEqual([
      { field: 'gender', answer: 'female', rating: 2, votes: 1 },
    ]);
    expect(await findInsightCountDrift(t.db)).toEqual([]);

    await vote(voter, opinion.id, 4);
    expect(await storedCounts(opinion.id)).toEqual([
      { field: 'gender', answer: 'female', rating: 4, votes: 1 },
    ]);
    await worker.drain(); // the opinion's tidbit refresh, due at once under test
    expect(await waitingMoves(opinion.id)).toEqual([]);
    expect(await tableRows(opinion.id)).toEqual([
      { field: 'gender', answer: 'female', votes1: 0, votes2: 0, votes3: 0, votes4: 1, votes5: 0 },
    ]);
    expect(await storedCounts(opinion.id)).toEqual([
      { field: 'gender', answer: 'female', rating: 4, votes: 1 },
    ]);
    expect(await findInsightCountDrift(t.db)).toEqual([]);
    // Where no autovacuum runs (the embedded database, a server with it off), a fold gives the
    // moves' table its space back itself; elsewhere autovacuum does (decision 099).
    const vacuums = await sql<{ vacuumed: boolean }>`
      select last_vacuum is not null as vacuumed from pg_stat_user_tables
      where relname = 'opinion_insight_moves'`.execute(t.db);
    expect(vacuums.rows).toEqual([{ vacuumed: !(await hasAutovacuum(t.db)) }]);

    // A lost move is drift: verify-counts reads the moves, not the table alone.
    await vote(voter, opinion.id, 5);
    await t.db.deleteFrom('opinionInsightMoves').where('opinionId', '=', opinion.id).execute();
    expect(await findInsightCountDrift(t.db)).toEqual([
      expect.objectContaining({ opinionId: opinion.id, rating: 4, stored: 1, actual: 0 }),
      expect.objectContaining({ opinionId: opinion.id, rating: 5, stored: 0, actual: 1 }),
    ]);
    await insightsRepository.refreshInsightCounts(t.db, opinion.id);
    expect(await findInsightCountDrift(t.db)).toEqual([]);
  });

  it('refreshes the tidbits of a claimed batch of opinions together, each as if alone, and checks each of their topics once', async () => {
    const [one, two, three] = [
      await buildTopic(t.db),
      await buildTopic(t.db),
      await buildTopic(t.db),
    ];
    const agreed = await buildOpinion(t.db, { topicIds: [one.id, two.id] });
    const disagreed = await buildOpinion(t.db, { topicIds: [one.id] });
    const unvoted = await buildOpinion(t.db, { topicIds: [two.id] });
    const unlisted = await buildOpinion(t.db, { topicIds: [three.id], listed: false });
    // Women 75% one way, men and members without details neutral (the tidbit recipe above).
    const women = await Promise.all(Array.from({ length: 12 }, () => member({ gender: 'female' })));
    const men = await Promise.all(Array.from({ length: 10 }, () => member({ gender: 'male' })));
    const silent = await Promise.all(Array.from({ length: 10 }, () => member(null)));
    for (const [index, woman] of women.entries()) {
      await vote(woman, agreed.id, index < 9 ? 1 : 5);
      await vote(woman, disagreed.id, index < 9 ? 5 : 1);
    }
    for (const voter of [...men, ...silent]) {
      await vote(voter, agreed.id, 3);
      await vote(voter, disagreed.id, 3);
    }
    await worker.drain();
    const tidbitOf = async (opinionId: number) =>
      (
        await t.db
          .selectFrom('opinions')
          .select('tidbit')
          .where('id', '=', opinionId)
          .executeTakeFirstOrThrow()
      ).tidbit;
    const alone = new Map<number, unknown>();
    for (const opinion of [agreed, disagreed]) alone.set(opinion.id, await tidbitOf(opinion.id));
    expect(alone.get(agreed.id)).toMatchObject({
      Field: 'gender',
      Answer: 'female',
      GroupAgree: 75,
    });
    expect(alone.get(disagreed.id)).toMatchObject({ Field: 'gender', Answer: 'female' });
    expect(alone.get(disagreed.id)).not.toEqual(alone.get(agreed.id));

    // Stale tidbits on all four, then one batch of their refreshes, as a worker claims them.
    const stale = JSON.stringify({ Field: 'religion', Answer: 'none', GroupAgree: 1 });
    await t.db
      .updateTable('opinions')
      .set({ tidbit: stale })
      .where('id', 'in', [agreed.id, disagreed.id, unvoted.id, unlisted.id])
      .execute();
    const refresh = jobHandlers['refresh-opinion-tidbit'] as BatchJobHandler;
    await refresh.runBatch(
      [agreed, disagreed, unvoted, unlisted].map((opinion) => ({ opinionId: opinion.id })),
      { db: t.db, config: t.config },
    );
    expect(await tidbitOf(agreed.id)).toEqual(alone.get(agreed.id));
    expect(await tidbitOf(disagreed.id)).toEqual(alone.get(disagreed.id));
    expect(await tidbitOf(unvoted.id)).toBeNull(); // no voters, no tidbit
    expect(await tidbitOf(unlisted.id)).toEqual(JSON.parse(stale)); // not refreshed
    // One grouping check waits per topic of the listed opinions, however many of them it holds.
    const checks = await t.db
      .selectFrom('jobs')
      .select('dedupeKey')
      .where('kind', '=', 'check-topic-groups')
      .where('doneAt', 'is', null)
      .orderBy('dedupeKey')
      .execute();
    expect(checks.map((job) => job.dedupeKey)).toEqual(
      [one.id, two.id].map((id) => `check-topic-groups:${id}`).sort(),
    );
    await worker.drain();
  });

  it('moves the counts of a batch with ten votes on one opinion in the batch; a move waiting stays for the tidbit refresh', async () => {
    const opinion = await buildOpinion(t.db);
    const voters = await Promise.all(
      Array.from({ length: 11 }, () => member({ religion: 'none' })),
    );
    await worker.drain();
    await vote(voters[0]!, opinion.id, 1); // logged: one vote in its batch
    expect(await waitingMoves(opinion.id)).toHaveLength(1);
    const sessions = await t.db
      .selectFrom('sessions')
      .select(['userId', 'tokenHash'])
      .where(
        'userId',
        'in',
        voters.slice(1).map((voter) => voter.id),
      )
      .execute();
    expect(sessions).toHaveLength(10);
    await applyVotesInSessions(
      t.db,
      sessions.map((session) => ({
        tokenHash: session.tokenHash,
        opinionId: opinion.id,
        rating: 3,
      })),
      {
        milestoneThresholds: [],
        idleCutoff: new Date(0),
        touchBefore: new Date(0),
        insightsSettleMs: 0,
      },
    );
    expect(await waitingMoves(opinion.id)).toEqual([
      { userId: voters[0]!.id, fromRating: null, toRating: 1 },
    ]);
    expect(await tableRows(opinion.id)).toEqual([
      { field: 'religion', answer: 'none', votes1: 0, votes2: 0, votes3: 10, votes4: 0, votes5: 0 },
    ]);
    expect(await storedCounts(opinion.id)).toEqual([
      { field: 'religion', answer: 'none', rating: 1, votes: 1 },
      { field: 'religion', answer: 'none', rating: 3, votes: 10 },
    ]);
    expect(await findInsightCountDrift(t.db)).toEqual([]);
    await worker.drain();
    expect(await waitingMoves(opinion.id)).toEqual([]);
    expect(await tableRows(opinion.id)).toEqual([
      { field: 'religion', answer: 'none', votes1: 1, votes2: 0, votes3: 10, votes4: 0, votes5: 0 },
    ]);
  });

  it('drops the waiting moves a recount or a rebuild counts from the votes, counting each vote once', async () => {
    const opinion = await buildOpinion(t.db);
    const [first, second] = await Promise.all([
      member({ gender: 'male' }),
      member({ gender: 'male' }),
    ]);
    await worker.drain();
    await vote(first, opinion.id, 5);
    await insightsRepository.refreshInsightCounts(t.db, opinion.id);
    expect(await waitingMoves(opinion.id)).toEqual([]);
    await vote(second, opinion.id, 5);
    expect(await waitingMoves(opinion.id)).toHaveLength(1);
    await insightsRepository.rebuildInsightCounts(t.db);
    expect(await t.db.selectFrom('opinionInsightMoves').selectAll().execute()).toEqual([]);
    expect(await storedCounts(opinion.id)).toEqual([
      { field: 'gender', answer: 'male', rating: 5, votes: 2 },
    ]);
    expect(await findInsightCountDrift(t.db)).toEqual([]);
  });
});

describe('with a settle time (INSIGHTS_SETTLE_MS)', () => {
  it('moves the counts with the vote itself and refreshes the tidbit once, a settle time later', async () => {
    const settled = await createTestApp({ env: { INSIGHTS_SETTLE_MS: '60000' } });
    const settledWorker = startJobWorker(settled.db, jobHandlers, {
      autoStart: false,
      config: settled.config,
    });
    try {
      const opinion = await buildOpinion(settled.db);
      const castBy = async (who: Member, rating: number) => {
        const response = await postJson(
          settled.app,
          '/api/opinion/vote',
          { id: opinion.id, rating },
          who.cookie,
        );
        expect(response.statusCode).toBe(200);
      };
      const voters: Member[] = [];
      for (const gender of [
        ...Array<string>(12).fill('female'),
        ...Array<string>(12).fill('male'),
      ]) {
        const user = await buildUser(settled.db);
        const who = { id: user.id, cookie: await loginAs(settled.db, user.id) };
        const saved = await postJson(
          settled.app,
          '/api/user/demographics/set',
          { gender, consent: demographicsConsentText },
          who.cookie,
        );
        expect(saved.statusCode).toBe(200);
        voters.push(who);
      }
      // Whatever the details' own refresh finds, it is done before the votes.
      await settledWorker.drain();
      for (const [index, voter] of voters.entries()) await castBy(voter, index < 12 ? 1 : 5);
      await castBy(voters[0]!, 4); // a changed vote moves its voter from 1 to 4

      // No job has run: the counts moved with the votes.
      const counts = (await storedCounts(opinion.id, settled.db)).map(
        ({ answer, rating, votes }) => ({ answer, rating, votes }),
      );
      expect(counts).toEqual([
        { answer: 'female', rating: 1, votes: 11 },
        { answer: 'female', rating: 4, votes: 1 },
        { answer: 'male', rating: 5, votes: 12 },
      ]);
      expect(await findInsightCountDrift(settled.db)).toEqual([]);

      // One tidbit refresh waits for the opinion, due a minute after the first vote; no recount.
      const waiting = await settled.db
        .selectFrom('jobs')
        .select(['kind', sql<boolean>`run_at > now() + interval '50 seconds'`.as('later')])
        .where('doneAt', 'is', null)
        .where('kind', 'in', ['refresh-opinion-tidbit', 'refresh-opinion-insights'])
        .execute();
      expect(waiting).toEqual([{ kind: 'refresh-opinion-tidbit', later: true }]);
      await settledWorker.drain(); // other jobs (the first votes' milestone checks) run
      const tidbitNow = async () =>
        (
          await settled.db
            .selectFrom('opinions')
            .select('tidbit')
            .where('id', '=', opinion.id)
            .executeTakeFirstOrThrow()
        ).tidbit;
      expect(await tidbitNow()).toBeNull();

      // Once due, it writes the tidbit from the stored counts.
      await settled.db
        .updateTable('jobs')
        .set({ runAt: sql`now()` })
        .where('doneAt', 'is', null)
        .execute();
      await settledWorker.drain();
      expect(await tidbitNow()).toMatchObject({
        Field: 'gender',
        Answer: 'female',
        GroupAgree: 92,
        EveryoneAgree: 46,
      });
    } finally {
      await settledWorker.stop();
      await settled.close();
    }
  });
});

describe('with the read caches on', () => {
  it('serves a refreshed opinion and new personal details at once in this process', async () => {
    const cached = await createTestApp({ env: { READ_CACHE_MS: '60000' } });
    const cachedWorker = startJobWorker(cached.db, jobHandlers, {
      autoStart: false,
      config: cached.config,
    });
    try {
      const opinion = await buildOpinion(cached.db);
      const join = async (details: Details) => {
        const user = await buildUser(cached.db);
        const who = { id: user.id, cookie: await loginAs(cached.db, user.id) };
        const saved = await postJson(
          cached.app,
          '/api/user/demographics/set',
          { ...details, consent: demographicsConsentText },
          who.cookie,
        );
        expect(saved.statusCode).toBe(200);
        return who;
      };
      const read = async (who: Member) =>
        (
          await cached.app.inject({
            method: 'GET',
            url: `/api/insight/get?opinionID=${opinion.id}`,
            headers: { cookie: who.cookie },
          })
        ).json().body;
      const castBy = async (who: Member, rating: number) => {
        const response = await postJson(
          cached.app,
          '/api/opinion/vote',
          { id: opinion.id, rating },
          who.cookie,
        );
        expect(response.statusCode).toBe(200);
      };
      const voters = [];
      for (let index = 0; index < 10; index++) voters.push(await join({ gender: 'female' }));
      for (const voter of voters) await castBy(voter, 1);
      await cachedWorker.drain();
      expect((await read(voters[0]!)).Matrix.gender.female).toEqual([100, 999, 999, 999, 999]);

      // Ten more: the refresh drops the cached opinion, the next read has them.
      const more = [];
      for (let index = 0; index < 10; index++) more.push(await join({ gender: 'female' }));
      for (const voter of more) await castBy(voter, 5);
      await cachedWorker.drain();
      const after = await read(voters[0]!);
      expect(after.Voters).toBe(20);
      expect(after.Matrix.gender.female).toEqual([50, 999, 999, 999, 50]);
      expect(after.Insights[0].Desc).toBe('Women: 50% agree, as you do');

      // New personal details: the member's own insights follow at once.
      const changed = await postJson(
        cached.app,
        '/api/user/demographics/set',
        { gender: 'male', consent: demographicsConsentText },
        voters[0]!.cookie,
      );
      expect(changed.statusCode).toBe(200);
      expect((await read(voters[0]!)).Insights).toEqual([]);
    } finally {
      await cachedWorker.stop();
      await cached.close();
    }
  });
});
