import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from './database.ts';
import {
  findInsightCountDrift,
  listInsightCounts,
  rebuildInsightCounts,
} from '../features/insights/insights.repository.ts';
import { createTestDatabase } from '../test/database.ts';
import { buildOpinion, buildUser } from '../test/factories.ts';
import { runStatements } from './statements.ts';
import * as insightCountsByAnswer from './migrations/20261129T0400-insight-counts-by-answer.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

it('converts the counts kept per rating into one row per answer, exactly, zeros kept', async () => {
  const db = handle.db;
  const opinions = [await buildOpinion(db), await buildOpinion(db)];
  const voters = await Promise.all(Array.from({ length: 15 }, () => buildUser(db)));
  await db
    .insertInto('demographics')
    .values(
      voters.map((voter, index) => ({
        userId: voter.id,
        gender: index % 3 ? 'male' : 'female',
        birthYear: 1950 + index * 4,
        consent: 'Stance may use these details',
      })),
    )
    .execute();
  await db
    .insertInto('votes')
    .values(
      voters.flatMap((voter, index) =>
        opinions.map((opinion, which) => ({
          userId: voter.id,
          opinionId: opinion.id,
          rating: 1 + ((index + which * 2) % 5),
        })),
      ),
    )
    .execute();
  await rebuildInsightCounts(db);
  const before = await Promise.all(opinions.map((opinion) => listInsightCounts(db, opinion.id)));
  expect(before[0]!.length).toBeGreaterThan(10);

  // The table as the migrations before this one left it: one row per rating, a count moved down
  // to 0 kept as its row (here a rating nobody with that answer gave).
  await runStatements(
    db as unknown as Kysely<unknown>,
    `alter table opinion_insight_counts rename to counts_now;
      alter index opinion_insight_counts_pkey rename to counts_now_pkey;
      create table opinion_insight_counts (
        opinion_id integer not null references opinions (id) on delete cascade,
        field text not null,
        answer text not null,
        rating smallint not null check (rating between 1 and 5),
        votes integer not null constraint opinion_insight_counts_votes_check check (votes >= 0),
        primary key (opinion_id, field, answer, rating)
      );
      insert into opinion_insight_counts (opinion_id, field, answer, rating, votes)
      select c.opinion_id, c.field, c.answer, x.rating, x.votes
      from counts_now c
      cross join lateral (values (1, c.votes1), (2, c.votes2), (3, c.votes3), (4, c.votes4),
        (5, c.votes5)) as x (rating, votes)
      where x.votes > 0;
      insert into opinion_insight_counts (opinion_id, field, answer, rating, votes)
      values (${opinions[0]!.id}, 'gender', 'zero', 3, 0);
      drop table counts_now;`,
  );
  const rowsBefore = await sql<{ rows: number }>`
    select count(*)::integer as rows from opinion_insight_counts`.execute(db);

  await insightCountsByAnswer.up(db as unknown as Kysely<unknown>);

  expect(await findInsightCountDrift(db)).toEqual([]);
  const sorted = <T extends { field: string; answer: string; rating: number }>(rows: T[]) =>
    [...rows].sort(
      (a, b) =>
        a.field.localeCompare(b.field) || a.answer.localeCompare(b.answer) || a.rating - b.rating,
    );
  for (const [index, opinion] of opinions.entries()) {
    expect(sorted(await listInsightCounts(db, opinion.id))).toEqual(sorted(before[index]!));
  }
  const zero = await db
    .selectFrom('opinionInsightCounts')
    .selectAll()
    .where('answer', '=', 'zero')
    .execute();
  expect(zero).toEqual([
    {
      opinionId: opinions[0]!.id,
      field: 'gender',
      answer: 'zero',
      votes1: 0,
      votes2: 0,
      votes3: 0,
      votes4: 0,
      votes5: 0,
    },
  ]);
  // One row per answer: fewer rows than the per-rating table held.
  const rowsAfter = await sql<{ rows: number }>`
    select count(*)::integer as rows from opinion_insight_counts`.execute(db);
  expect(rowsAfter.rows[0]!.rows).toBeLessThan(rowsBefore.rows[0]!.rows);
});
