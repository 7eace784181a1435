import type { Kysely } from 'kysely';
import { applyFunctionSources } from '../functions/index.ts';
import { runStatements } from '../statements.ts';

// Insights and stored opinion groups (docs/decisions/052-insights-and-stored-groups.md). Every
// table here is derived and rebuildable from votes, demographics and opinion_topics
// (`npm run cli -- verify-counts` checks them; the insights jobs rebuild them).
//
// - opinion_insight_counts: per listed opinion, demographic field, answer and rating, how many
//   voters with that answer gave that rating. Kept current by the 'refresh-opinion-insights' job,
//   which recomputes one opinion's rows from votes ⨝ demographics; cast_votes_in_sessions queues
//   it (one waiting per opinion) when a vote on a listed opinion is new or changed.
// - topic_groupings: per topic, when its votes were last looked at by the grouping job and how
//   many there were (the "changed enough" rule), and the grouping it published, if any:
//   computed_at, consensus and divisive opinions.
// - topic_groups: the published groups of a topic, with their representative opinions.
// - topic_group_members: each grouped voter's group and place on the map (x, y).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table opinion_insight_counts (
      opinion_id integer not null references opinions (id) on delete cascade,
      field text not null,
      answer text not null,
      rating smallint not null check (rating between 1 and 5),
      votes integer not null check (votes > 0),
      primary key (opinion_id, field, answer, rating)
    );

    create table topic_groupings (
      topic_id integer primary key references topics (id) on delete cascade,
      checked_at timestamptz not null,
      votes_at_check integer not null,
      computed_at timestamptz,
      consensus jsonb not null default '[]',
      divisive jsonb not null default '[]'
    );

    create table topic_groups (
      topic_id integer not null references topic_groupings (topic_id) on delete cascade,
      group_id integer not null,
      size integer not null,
      representative jsonb not null default '[]',
      primary key (topic_id, group_id)
    );

    create table topic_group_members (
      topic_id integer not null references topic_groupings (topic_id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      group_id integer not null,
      x double precision not null,
      y double precision not null,
      primary key (topic_id, user_id)
    );
    create index topic_group_members_user on topic_group_members (user_id);
    `,
  );
  // The vote function now also queues the opinion's insight refresh.
  await applyFunctionSources(db, ['cast-votes-in-sessions']);
}
