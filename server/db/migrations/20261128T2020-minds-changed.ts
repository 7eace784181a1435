import type { Kysely } from 'kysely';
import { applyFunctionSources } from '../functions/index.ts';
import { runStatements } from '../statements.ts';

// Minds changed (docs/decisions/077-minds-changed.md).
//
// - vote_changes: every vote moved to another rating, from and to, written by the vote batch
//   (cast_votes_in_sessions) itself. Raw rows: a member's history and an opinion's movement read
//   them. Private to the member; staff figures read them only as counts above MIN_GROUP_SIZE.
// - persuasions: "this changed my mind", at most one per member and opinion (its key), naming the
//   argument and the change that it credits. A credit is withdrawn (withdrawn_at) when the member
//   moves back from the side the argument moved them to; the key stays, so it is not given again.
// - comments.persuaded_count: the live credits of an argument (derived, checked by verify-counts).
// - user_milestones takes the award family 'minds' (1, 10 and 100 minds changed).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table vote_changes (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      opinion_id integer not null references opinions (id) on delete cascade,
      from_rating smallint not null check (from_rating between 1 and 5),
      to_rating smallint not null check (to_rating between 1 and 5 and to_rating <> from_rating),
      changed_at timestamptz not null default now()
    );
    create index vote_changes_by_member on vote_changes (user_id, id);
    create index vote_changes_by_opinion on vote_changes (opinion_id, user_id, id);

    create table persuasions (
      user_id integer not null references users (id) on delete cascade,
      opinion_id integer not null references opinions (id) on delete cascade,
      comment_id integer not null references comments (id) on delete cascade,
      change_id integer not null references vote_changes (id) on delete cascade,
      side text not null check (side in ('pro', 'con')),
      from_rating smallint not null check (from_rating between 1 and 5),
      created_at timestamptz not null default now(),
      withdrawn_at timestamptz,
      primary key (user_id, opinion_id)
    );
    create index persuasions_by_comment on persuasions (comment_id);
    create index persuasions_by_change on persuasions (change_id);

    alter table comments add column persuaded_count integer not null default 0
      check (persuaded_count >= 0);

    alter table user_milestones drop constraint user_milestones_family_check;
    alter table user_milestones add constraint user_milestones_family_check
      check (family in ('level', 'votes', 'comments', 'goodPoints', 'minds'));
    `,
  );
  await applyFunctionSources(db, ['cast-votes-in-sessions']);
}
