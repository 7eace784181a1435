import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  genderOptions,
  householdIncomeOptions,
  politicalSpectrumOptions,
  religionOptions,
} from '../../../contract/demographics.base.ts';
import { getInstrumentContent, scoreReport } from '../../features/instruments/index.ts';
import {
  findCounterDrift,
  findMemberVoteCountDrift,
  findVoteDayDrift,
} from '../../features/opinions/opinions.repository.ts';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../database.ts';
import {
  seedSynthetic,
  syntheticItemOffsets,
  syntheticMember,
  syntheticPolls,
  syntheticTags,
  SyntheticPopulationExistsError,
  type SyntheticSummary,
} from './synthetic.ts';

const members = 200;
const seed = 7;
const now = new Date('2026-11-20T12:00:00Z');
const yearMs = 365 * 86_400_000;
const content = getInstrumentContent();
const opinionDna = content.reports.opiniondna;

let handle: DatabaseHandle;
let summary: SyntheticSummary;

beforeAll(async () => {
  handle = await createTestDatabase();
  summary = await seedSynthetic(handle.db, { members, seed, now });
}, 120_000);
afterAll(async () => {
  await handle.close();
});

/** Pearson's correlation of two equally long series. */
function correlation(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** Every synthetic member's traits, as the generator makes them, by username. */
function expectedMembers() {
  const itemOffsets = syntheticItemOffsets(content, seed);
  return new Map(
    Array.from({ length: members }, (_, index) => {
      const member = syntheticMember(index, { seed, now, content, itemOffsets });
      return [member.username, member] as const;
    }),
  );
}

/** Each member's Opinion DNA as the reports score it: the member's votes on the quiz items. */
async function opinionDnaScores(): Promise<Map<string, (number | null)[]>> {
  const rows = await sql<{ username: string; itemId: string; rating: number }>`
    select u.username, i.item_id, v.rating
    from votes v
    join instrument_items i on i.opinion_id = v.opinion_id
    join users u on u.id = v.user_id
    where i.item_id like 'opiniondna.%'
  `.execute(handle.db);
  const answers = new Map<string, Map<string, number>>();
  for (const row of rows.rows) {
    const mine = answers.get(row.username) ?? new Map<string, number>();
    mine.set(row.itemId, row.rating);
    answers.set(row.username, mine);
  }
  return new Map(
    [...answers].map(([username, mine]) => [
      username,
      scoreReport(opinionDna, mine).elements.map((element) => element.score),
    ]),
  );
}

describe('the synthetic population', () => {
  it('adds the members, their demographics, votes and tags it reports', async () => {
    const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
      (await query.execute(handle.db)).rows[0]!.n;
    expect(summary.members).toBe(members);
    expect(
      await count(sql`select count(*)::int as n from users where username like 'synthetic-%'`),
    ).toBe(members);
    expect(await count(sql`select count(*)::int as n from demographics`)).toBe(
      summary.withDemographics,
    );
    expect(summary.withDemographics).toBeGreaterThan(members * 0.8);
    expect(summary.withDemographics).toBeLessThan(members);
    expect(await count(sql`select count(*)::int as n from votes`)).toBe(
      summary.quizVotes + summary.pollVotes,
    );
    expect(summary.opinionDnaMembers).toBeGreaterThan(members * 0.8);
    expect(
      await count(sql`select count(*)::int as n from user_tags where name like 'Synthetic:%'`),
    ).toBe(syntheticTags.length);
    expect(await count(sql`select count(*)::int as n from user_tag_members`)).toBe(
      summary.tagMemberships,
    );
    expect(summary.tagMemberships).toBeGreaterThan(0);
  });

  it('is the population the generator describes, member by member', async () => {
    const expected = expectedMembers();
    const rows = await handle.db
      .selectFrom('users')
      .leftJoin('demographics', 'demographics.userId', 'users.id')
      .select(['users.username', 'demographics.religion', 'demographics.birthYear'])
      .where('users.username', 'like', 'synthetic-%')
      .execute();
    for (const row of rows) {
      const member = expected.get(row.username)!;
      expect(row.religion ?? null).toBe(member.demographics?.religion ?? null);
      expect(row.birthYear ?? null).toBe(member.demographics?.birthYear ?? null);
    }
    const votes = await sql<{ username: string; n: number }>`
      select u.username, count(*)::int as n from votes v join users u on u.id = v.user_id
      join instrument_items i on i.opinion_id = v.opinion_id group by u.username
    `.execute(handle.db);
    for (const row of votes.rows) expect(row.n).toBe(expected.get(row.username)!.answers.size);
  });

  it('answers every demographic question with the form’s values, in plausible shares', async () => {
    const rows = await handle.db.selectFrom('demographics').selectAll().execute();
    const allowed = (options: readonly { value: string | number }[]) =>
      new Set<unknown>([null, ...options.map((option) => option.value)]);
    const genders = allowed(genderOptions);
    const religions = allowed(religionOptions);
    const incomes = allowed(householdIncomeOptions);
    const spectrum = allowed(politicalSpectrumOptions);
    for (const row of rows) {
      expect(genders.has(row.gender)).toBe(true);
      expect(religions.has(row.religion)).toBe(true);
      expect(incomes.has(row.householdIncome)).toBe(true);
      expect(spectrum.has(row.politicalSpectrum)).toBe(true);
      if (row.birthYear !== null) {
        expect(row.birthYear).toBeGreaterThanOrEqual(now.getUTCFullYear() - 90);
        expect(row.birthYear).toBeLessThanOrEqual(now.getUTCFullYear() - 18);
      }
    }
    const share = (test: (row: (typeof rows)[number]) => boolean) =>
      rows.filter(test).length / rows.length;
    expect(share((row) => row.gender === 'female')).toBeGreaterThan(0.3);
    expect(share((row) => row.gender === 'male')).toBeGreaterThan(0.3);
    expect(share((row) => row.nationality === 'us' || row.nationality === 'gb')).toBeGreaterThan(
      0.5,
    );
    // Some fields left blank, as real members do.
    expect(share((row) => row.gender === null)).toBeGreaterThan(0);
  });

  it('gives scores that follow the latent traits and the demographics', async () => {
    const expected = expectedMembers();
    const scores = await opinionDnaScores();
    const elementIndex = (id: string) => opinionDna.elements.findIndex((e) => e.id === id);
    const pairs = (element: string, trait: 'social' | 'economic' | 'openness') => {
      const index = elementIndex(element);
      const xs: number[] = [];
      const ys: number[] = [];
      for (const [username, values] of scores) {
        const value = values[index];
        if (value === null || value === undefined) continue;
        xs.push(value);
        ys.push(expected.get(username)!.traits[trait]);
      }
      return { xs, ys };
    };
    const tradition = pairs('tradition', 'social');
    expect(tradition.xs.length).toBeGreaterThan(members * 0.8);
    expect(correlation(tradition.xs, tradition.ys)).toBeLessThan(-0.3);
    const curiosity = pairs('intellectual-curiosity', 'openness');
    expect(correlation(curiosity.xs, curiosity.ys)).toBeGreaterThan(0.3);
    const merit = pairs('merit', 'economic');
    expect(correlation(merit.xs, merit.ys)).toBeLessThan(-0.2);

    // A demographic moves the scores too: the religious score higher on faith.
    const faith = elementIndex('faith');
    const religionRows = await handle.db
      .selectFrom('users')
      .innerJoin('demographics', 'demographics.userId', 'users.id')
      .select(['users.username', 'demographics.religion'])
      .where('demographics.religion', 'is not', null)
      .execute();
    const secular = new Set(['none', 'agnostic', 'atheist']);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const faithOf = (religious: boolean) =>
      religionRows
        .filter((row) => secular.has(row.religion!) !== religious)
        .map((row) => scores.get(row.username)?.[faith])
        .filter((value): value is number => typeof value === 'number');
    expect(mean(faithOf(true))).toBeGreaterThan(mean(faithOf(false)) + 5);
  });

  it('stores the scores the staff filters read, as the reports score them', async () => {
    const scores = await opinionDnaScores();
    const stored = await sql<{ username: string; scores: (number | null)[] }>`
      select u.username, s.scores from member_scores s join users u on u.id = s.user_id
      where s.report = 'opiniondna'
    `.execute(handle.db);
    expect(stored.rows.length).toBe(summary.opinionDnaMembers);
    for (const row of stored.rows) {
      expect(row.scores.slice(0, opinionDna.elements.length)).toEqual(scores.get(row.username));
    }
  });

  it('dates the poll votes over the past year and keeps every derived counter in step', async () => {
    const polls = await sql<{ first: Date; last: Date; n: number }>`
      select min(v.created_at) as first, max(v.created_at) as last, count(*)::int as n
      from votes v join opinions o on o.id = v.opinion_id
      where o.slug in (${sql.join(syntheticPolls.map((poll) => poll.slug))})
    `.execute(handle.db);
    const { first, last, n } = polls.rows[0]!;
    expect(n).toBe(summary.pollVotes);
    expect(new Date(first).getTime()).toBeGreaterThanOrEqual(now.getTime() - yearMs);
    expect(new Date(last).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(new Date(last).getTime() - new Date(first).getTime()).toBeGreaterThan(yearMs / 2);
    expect(await findCounterDrift(handle.db)).toEqual([]);
    expect(await findVoteDayDrift(handle.db)).toEqual([]);
    expect(await findMemberVoteCountDrift(handle.db)).toEqual([]);
  });

  it('refuses a second run in the same database and changes nothing', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from users`.execute(
      handle.db,
    );
    await expect(seedSynthetic(handle.db, { members: 10, seed, now })).rejects.toBeInstanceOf(
      SyntheticPopulationExistsError,
    );
    const after = await sql<{ n: number }>`select count(*)::int as n from users`.execute(handle.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
