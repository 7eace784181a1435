import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database.ts';
import { checkMilestones } from '../../features/milestones/milestones.service.ts';
import { findConversationDrift } from '../../features/comments/comments.service.ts';
import { getMovement } from '../../features/minds/minds.service.ts';
import { findCounterDrift } from '../../features/opinions/opinions.repository.ts';
import { createTestDatabase } from '../../test/database.ts';
import { loadDemoContent } from './demo-content.ts';
import { DatabaseNotEmptyError, seedDemo, type SeedSummary } from './demo.ts';

let handle: DatabaseHandle;
let summary: SeedSummary;
const now = new Date('2026-11-21T12:00:00Z');

beforeAll(async () => {
  handle = await createTestDatabase();
  summary = await seedDemo(handle.db, { now });
});
afterAll(async () => {
  await handle.close();
});

const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
  (await query.execute(handle.db)).rows[0]!.n;

describe('the demo seed', () => {
  it('holds the promised amount of content', async () => {
    expect(summary.topics).toBeGreaterThanOrEqual(15);
    expect(summary.opinions).toBeGreaterThanOrEqual(150);
    expect(summary.users).toBeGreaterThanOrEqual(60);
    expect(summary.votes).toBeGreaterThanOrEqual(5000);
    expect(summary.comments).toBeGreaterThanOrEqual(300);
    const slugs = (await handle.db.selectFrom('topics').select('slug').execute()).map(
      (row) => row.slug,
    );
    expect(slugs).toEqual(
      expect.arrayContaining([
        'in-the-news',
        'eternals',
        'culture-wars',
        'how-to-live',
        'entertainment',
      ]),
    );
    expect(
      await count(
        sql`select count(*)::int as n from demographics where gender is not null and birth_year is not null`,
      ),
    ).toBeGreaterThanOrEqual(60);
  });

  it('spreads opinions over every topic', async () => {
    const empty = await count(sql`
      select count(*)::int as n from topics t
      where not exists (select 1 from opinion_topics ot where ot.topic_id = t.id)`);
    expect(empty).toBe(0);
  });

  it('threads comments of all four types', async () => {
    const types = await handle.db
      .selectFrom('comments')
      .select(['responseType', sql<number>`count(*)::int`.as('n')])
      .where('parentId', 'is', null)
      .groupBy('responseType')
      .execute();
    const byType = Object.fromEntries(types.map((row) => [row.responseType, row.n]));
    for (const type of ['pro', 'con', 'neutral', 'commentary'])
      expect(byType[type], type).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*)::int as n from comments where parent_id is not null`),
    ).toBeGreaterThan(50);
    expect(
      await count(
        sql`select count(*)::int as n from comments c join comments p on p.id = c.parent_id where c.created_at < p.created_at`,
      ),
    ).toBe(0);
  });

  it('votes along the members’ traits: progressives agree more with progressive opinions', async () => {
    const content = loadDemoContent();
    const progressiveTitles = content.opinions
      .filter((o) => (o.loadings.social ?? 0) >= 0.6)
      .map((o) => o.title);
    const group = (predicate: (social: number) => boolean) =>
      content.users.filter((user) => predicate(user.traits.social)).map((user) => user.username);
    const meanRating = async (usernames: string[]) => {
      const row = await handle.db
        .selectFrom('votes')
        .innerJoin('users', 'users.id', 'votes.userId')
        .innerJoin('opinions', 'opinions.id', 'votes.opinionId')
        .select(sql<number>`avg(rating)::float`.as('mean'))
        .where('users.username', 'in', usernames)
        .where('opinions.title', 'in', progressiveTitles)
        .executeTakeFirstOrThrow();
      return row.mean;
    };
    expect(progressiveTitles.length).toBeGreaterThan(5);
    // 1 is Strongly Agree: progressives' mean rating is lower (more agreeing) by a clear margin.
    const progressives = await meanRating(group((social) => social > 0.3));
    const conservatives = await meanRating(group((social) => social < -0.3));
    expect(conservatives - progressives).toBeGreaterThan(0.8);
  });

  it('gives the last week the activity of a living site', async () => {
    const lastWeek = await count(
      sql`select count(*)::int as n from votes where updated_at > ${new Date(now.getTime() - 7 * 86_400_000)}`,
    );
    expect(lastWeek).toBeGreaterThan(200);
  });

  it('gathers existing opinions into about twelve questions over six categories, with pictures', async () => {
    expect(summary.categories).toBe(6);
    expect(summary.questions).toBeGreaterThanOrEqual(12);
    expect(
      await count(sql`
        select count(*)::int as n from categories c
        where not exists (select 1 from convos q where q.category_id = c.id)`),
    ).toBe(0);
    // Every question has at least two positions and a picture at three widths.
    expect(
      await count(sql`
        select count(*)::int as n from convos q
        where (select count(*) from convo_positions p where p.convo_id = q.id) < 2
          or (select count(*) from convo_image_files f where f.image_id = q.image_id) <> 3`),
    ).toBe(0);
    // Their positions carry the demo's arguments, for and against.
    expect(
      await count(sql`
        select count(*)::int as n from comments c
        join convo_positions p on p.opinion_id = c.opinion_id
        where c.parent_id is null and c.response_type in ('pro', 'con')`),
    ).toBeGreaterThan(40);
  });

  it('changes some members’ minds, credited to real arguments, enough to show a Movement', async () => {
    expect(summary.mindsChanged).toBeGreaterThan(100);
    expect(
      await count(sql`select count(*)::int as n from comments where persuaded_count > 0`),
    ).toBeGreaterThan(20);
    expect(await findConversationDrift(handle.db)).toEqual({
      likeCounts: [],
      persuadedCounts: [],
      karma: [],
    });
    const opinions = await handle.db.selectFrom('opinions').select(['id', 'numVotes']).execute();
    const shown = [];
    for (const opinion of opinions) {
      const movement = await getMovement(handle.db, opinion.id, opinion.numVotes, 10);
      if (movement.TowardAgree !== null || movement.TowardDisagree !== null) shown.push(opinion.id);
    }
    expect(shown.length).toBeGreaterThan(0);
  });

  it('keeps every derived counter equal to the raw rows', async () => {
    expect(await findCounterDrift(handle.db)).toEqual([]);
  });

  it('is deterministic: the same content and time give the same rows', async () => {
    const again = await createTestDatabase();
    try {
      const second = await seedDemo(again.db, { now });
      expect(second).toEqual(summary);
      const fingerprint = (db: typeof handle.db) =>
        sql<{
          f: string;
        }>`select md5(string_agg(user_id || ':' || opinion_id || ':' || rating, ',' order by user_id, opinion_id)) as f from votes`.execute(
          db,
        );
      expect((await fingerprint(again.db)).rows[0]!.f).toBe(
        (await fingerprint(handle.db)).rows[0]!.f,
      );
    } finally {
      await again.close();
    }
  });

  it('refuses to load into a database that holds content', async () => {
    await expect(seedDemo(handle.db, { now })).rejects.toBeInstanceOf(DatabaseNotEmptyError);
  });
});

// One seed for every check that only reads the demo: seeding takes about 10 s on PGlite.
describe('the demo content and milestones', () => {
  it("records every member's milestones without a single notification", async () => {
    const counts = await sql<{ members: number; milestones: number; notices: number }>`
      select (select count(distinct user_id) from user_milestones)::int as members,
        (select count(*) from user_milestones)::int as milestones,
        (select count(*) from notifications where kind = 'Milestone')::int as notices
    `.execute(handle.db);
    const row = counts.rows[0]!;
    expect(row.members).toBe(69);
    expect(row.milestones).toBeGreaterThan(69 * 5);
    expect(row.notices).toBe(0);
    // So a demo member's next check, after their next vote, finds nothing old to announce.
    const demo = await handle.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(await checkMilestones(handle.db, demo.id)).toEqual([]);
  });
});
