import type { Kysely } from 'kysely';
import { applyFunctionSources } from '../functions/index.ts';
import { runStatements } from '../statements.ts';

// One insight-count row per (opinion, field, answer), the five ratings as columns
// (docs/decisions/084-what-a-vote-costs.md). A changed vote moves its voter's count from one
// rating to another: with a row per rating that was two rows per answered field, now it is one,
// so a batch of 100 changed votes by members with ten details moves about 1,000 rows, not 2,000.
//
// The rows are converted exactly: each (opinion, field, answer)'s per-rating rows become one
// row's votes1..votes5 (0 for a rating without a row). A row whose five counts are all 0 is kept,
// as a count moved down to 0 kept its row before; readers skip counts of 0.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table opinion_insight_counts rename to opinion_insight_counts_by_rating;
    alter index opinion_insight_counts_pkey rename to opinion_insight_counts_by_rating_pkey;
    create table opinion_insight_counts (
      opinion_id integer not null references opinions (id) on delete cascade,
      field text not null,
      answer text not null,
      votes1 integer not null default 0 check (votes1 >= 0),
      votes2 integer not null default 0 check (votes2 >= 0),
      votes3 integer not null default 0 check (votes3 >= 0),
      votes4 integer not null default 0 check (votes4 >= 0),
      votes5 integer not null default 0 check (votes5 >= 0),
      primary key (opinion_id, field, answer)
    );
    insert into opinion_insight_counts (opinion_id, field, answer, votes1, votes2, votes3, votes4, votes5)
    select opinion_id, field, answer,
      coalesce(sum(votes) filter (where rating = 1), 0), coalesce(sum(votes) filter (where rating = 2), 0),
      coalesce(sum(votes) filter (where rating = 3), 0), coalesce(sum(votes) filter (where rating = 4), 0),
      coalesce(sum(votes) filter (where rating = 5), 0)
    from opinion_insight_counts_by_rating
    group by opinion_id, field, answer;
    drop table opinion_insight_counts_by_rating;
    `,
  );
  await applyFunctionSources(db, ['cast-votes-in-sessions']);
}
