import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { createTestDatabase } from '../../test/database.ts';
import { checkInstruments, runInstrumentsCheck } from './instruments.check.ts';
import { getInstrumentContent } from './instruments.content.ts';
import type { SeedUser } from './instruments.seed.ts';
import { generateUserAnswers, seedInstrumentAnswers } from './instruments.seed.ts';

const content = getInstrumentContent();
let handle: DatabaseHandle;
let users: SeedUser[];
let seeded: { items: number; votes: number };

beforeAll(async () => {
  handle = await createTestDatabase();
  users = [];
  for (let index = 0; index < 40; index++) {
    const username = `member_${index}`;
    const row = await handle.db
      .insertInto('users')
      .values({ username, email: `${username}@example.org`, passwordHash: null, role: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lean = (index % 9) / 4 - 1;
    // Every fourth user has no demo traits: theirs come from the username.
    users.push(
      index % 4 === 3
        ? { id: row.id, username }
        : { id: row.id, username, traits: { social: lean, economic: -lean / 2, openness: lean } },
    );
  }
  seeded = await seedInstrumentAnswers(handle.db, users);
});

afterAll(async () => {
  await handle.close();
});

describe('seedInstrumentAnswers', () => {
  it('adds one unlisted opinion per item, mapped by item id', async () => {
    expect(seeded.items).toBe(content.items.size);
    const opinions = await handle.db
      .selectFrom('opinions')
      .innerJoin('instrumentItems', 'instrumentItems.opinionId', 'opinions.id')
      .select(['instrumentItems.itemId', 'opinions.slug', 'opinions.title', 'opinions.listed'])
      .execute();
    expect(opinions).toHaveLength(content.items.size);
    const openness = opinions.find((row) => row.itemId === 'bigfive.openness.1');
    expect(openness?.slug).toBe('q-bigfive-openness-1');
    expect(openness?.title).toBe(content.items.get('bigfive.openness.1')?.item.text);
    expect(opinions.every((row) => !row.listed)).toBe(true);
  });

  it('votes for about two thirds of the users, deterministically', async () => {
    const voters = await handle.db
      .selectFrom('votes')
      .select((eb) => eb.fn.count<number>(sql`distinct user_id`).as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(voters.count)).toBeGreaterThan(users.length / 2);
    expect(Number(voters.count)).toBeLessThan(users.length * 0.85);
    const total = await handle.db
      .selectFrom('votes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(total.count)).toBe(seeded.votes);
    const user = users[0] as SeedUser;
    expect(generateUserAnswers(user, content)).toEqual(generateUserAnswers(user, content));
  });

  it('keeps every item’s vote counters equal to its raw votes', async () => {
    const drift = await sql<{ drifted: number }>`
      select count(*)::int as drifted
      from opinions o
      join instrument_items i on i.opinion_id = o.id
      left join (
        select opinion_id,
          count(*) filter (where rating = 1)::int as v1,
          count(*) filter (where rating = 2)::int as v2,
          count(*) filter (where rating = 3)::int as v3,
          count(*) filter (where rating = 4)::int as v4,
          count(*) filter (where rating = 5)::int as v5
        from votes group by opinion_id
      ) raw on raw.opinion_id = o.id
      where o.votes1 <> coalesce(raw.v1, 0) or o.votes2 <> coalesce(raw.v2, 0)
        or o.votes3 <> coalesce(raw.v3, 0) or o.votes4 <> coalesce(raw.v4, 0)
        or o.votes5 <> coalesce(raw.v5, 0)
    `.execute(handle.db);
    expect(drift.rows[0]?.drifted).toBe(0);
  });

  it('adds nothing when run again', async () => {
    const again = await seedInstrumentAnswers(handle.db, users);
    expect(again).toEqual({ items: content.items.size, votes: 0 });
  });
});

describe('runInstrumentsCheck', () => {
  it('reports items, keying, respondents and alpha for every element', async () => {
    const checks = await checkInstruments(handle.db);
    const elementCount = Object.values(content.reports).reduce(
      (sum, report) => sum + report.elements.length,
      0,
    );
    expect(checks).toHaveLength(elementCount);
    expect(checks.every((check) => check.plus === check.minus)).toBe(true);
    const computed = checks.filter((check) => check.alpha !== null);
    expect(computed.length).toBeGreaterThan(elementCount / 2);
    // Latent-trait answers hang together: most elements' alphas are respectable.
    const respectable = computed.filter((check) => (check.alpha ?? 0) >= 0.5);
    expect(respectable.length).toBeGreaterThan(computed.length * 0.7);

    const table = await runInstrumentsCheck(handle.db);
    expect(table.split('\n')[0]).toMatch(
      /^report\s+element\s+items\s+\+\/-\s+respondents\s+alpha$/,
    );
    expect(table).toMatch(/bigfive\s+Openness\s+8\s+4\/4/);
  });
});
