import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOpinion, buildTopic, buildUser, recordVote } from '../../test/factories.ts';

/*
 * GET /api/encyclopedia/get (docs/decisions/073): every topic, each category's most-voted
 * questions and the most-voted opinions, against rows the test made and counts it knows.
 */

let t: TestApp;
const voters: number[] = [];

/** An opinion with `votes` votes, each member's rating cycling 1…5. */
async function opinionWithVotes(
  title: string,
  votes: number,
  options: { topicIds?: number[]; listed?: boolean; deleted?: boolean } = {},
) {
  const opinion = await buildOpinion(t.db, { title, ...options });
  for (let index = 0; index < votes; index++) {
    await recordVote(t.db, voters[index]!, opinion.id, (index % 5) + 1);
  }
  return opinion;
}

async function question(title: string, categoryId: number, positionIds: number[]) {
  const convo = await t.db
    .insertInto('convos')
    .values({
      slug: title.toLowerCase().replaceAll(' ', '-'),
      title,
      description: '',
      categoryId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('convoPositions')
    .values(positionIds.map((opinionId, position) => ({ convoId: convo.id, opinionId, position })))
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  for (let index = 0; index < 14; index++) voters.push((await buildUser(t.db)).id);
});
afterAll(async () => {
  await t.close();
});

async function encyclopedia() {
  const response = await t.app.inject({ method: 'GET', url: '/api/encyclopedia/get' });
  expect(response.statusCode).toBe(200);
  return response.json().body;
}

describe('encyclopedia/get', () => {
  it('answers an empty index on an empty site', async () => {
    expect(await encyclopedia()).toEqual({ Topics: [], Categories: [], MostVoted: [] });
  });

  it('lists every topic with its opinions, categories with their most-voted questions, and the most-voted opinions', async () => {
    const zoos = await buildTopic(t.db, { slug: 'zoos', title: 'zoos' });
    const art = await buildTopic(t.db, { slug: 'art', title: 'Art' });
    const top = await opinionWithVotes('Zoos should close for good', 12, { topicIds: [zoos.id] });
    const second = await opinionWithVotes('Art needs no museum to matter', 7, {
      topicIds: [art.id, zoos.id],
    });
    for (let rank = 0; rank < 10; rank++) {
      await opinionWithVotes(`Filler opinion number ${rank}`, 1);
    }
    // Left out however many votes they have: a quiz item and a deleted opinion.
    await opinionWithVotes('A quiz item nobody lists', 14, { listed: false });
    await opinionWithVotes('A deleted opinion with votes', 13, { deleted: true });

    const science = await t.db
      .insertInto('categories')
      .values({ title: 'Science' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const empty = await t.db
      .insertInto('categories')
      .values({ title: 'Art and culture' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let index = 0; index < 6; index++) {
      const position = await opinionWithVotes(`Science position ${index}`, index);
      await question(`Science question ${index}`, science.id, [position.id]);
    }

    const body = await encyclopedia();
    expect(body.Topics).toEqual([
      expect.objectContaining({ Slug: 'art', Title: 'Art', Link: '/t/art', NumOpinions: 1 }),
      expect.objectContaining({ Slug: 'zoos', NumOpinions: 2 }),
    ]);
    expect(body.Categories).toEqual([
      { ID: empty.id, Title: 'Art and culture', NumConvos: 0, Questions: [] },
      {
        ID: science.id,
        Title: 'Science',
        NumConvos: 6,
        // The five with the most votes, most first: question 0 (no votes) is left out.
        Questions: [5, 4, 3, 2, 1].map((index) => ({
          ID: expect.any(Number),
          Slug: `science-question-${index}`,
          Title: `Science question ${index}`,
          Link: `/question/science-question-${index}`,
          NumVotes: index,
        })),
      },
    ]);
    expect(body.MostVoted).toHaveLength(10);
    expect(body.MostVoted[0]).toEqual({
      ArtifactID: top.id,
      Slug: top.slug,
      Title: 'Zoos should close for good',
      Link: `/o/${top.slug}`,
      NumVotes: 12,
      NumComments: 0,
      // 12 votes cycling 1…5: three 1s and 2s, two 3s, 4s and 5s.
      Percentages: [25, 25, 17, 17, 16],
    });
    expect(body.MostVoted[1]).toMatchObject({ ArtifactID: second.id, NumVotes: 7 });
    expect(body.MostVoted.map((opinion: { NumVotes: number }) => opinion.NumVotes)).toEqual([
      12, 7, 5, 4, 3, 2, 1, 1, 1, 1,
    ]);
  });

  it('orders opinions in one band of votes by their votes, then the older first', async () => {
    // The counters as a vote batch leaves them (votes1 alone is enough for the order): 100, 104
    // and 100 votes share one band (floor(10 · ln(votes + 1)) = 46), 1,000 votes are above it
    // (docs/decisions/084-what-a-vote-costs.md).
    const withCount = async (title: string, votes: number) => {
      const opinion = await buildOpinion(t.db, { title });
      await t.db
        .updateTable('opinions')
        .set({ votes1: votes })
        .where('id', '=', opinion.id)
        .execute();
      return opinion;
    };
    const older = await withCount('A hundred votes, the older', 100);
    const more = await withCount('A hundred and four votes', 104);
    const newer = await withCount('A hundred votes, the newer', 100);
    const most = await withCount('A thousand votes', 1000);
    const bands = await t.db
      .selectFrom('opinions')
      .select(['id', 'voteBand'])
      .where('id', 'in', [older.id, more.id, newer.id, most.id])
      .orderBy('id')
      .execute();
    expect(bands.map((row) => row.voteBand)).toEqual([46, 46, 46, 69]);
    const body = await encyclopedia();
    expect(
      body.MostVoted.slice(0, 4).map((opinion: { ArtifactID: number }) => opinion.ArtifactID),
    ).toEqual([most.id, more.id, older.id, newer.id]);
  });

  it('keeps the counters a vote moves out of every index of opinions, so that their update is heap-only', async () => {
    // An index on a counter makes every vote batch's update of its opinions add an entry to each
    // of their indexes, the title's GIN indexes among them (docs/decisions/084-what-a-vote-costs.md).
    const { rows } = await sql<{ definition: string }>`
      select pg_get_indexdef(i.indexrelid) as definition from pg_index i
      where i.indrelid = 'opinions'::regclass`.execute(t.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const { definition } of rows) {
      expect(definition).not.toMatch(/\b(votes[1-5]|num_votes)\b/);
    }
  });
});
