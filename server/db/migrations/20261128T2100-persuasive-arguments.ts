import type { Kysely } from 'kysely';
import { applyFunctionSources } from '../functions/index.ts';
import { runStatements } from '../statements.ts';

// The Most persuasive order of the argument feed, and a question page's strongest arguments
// preferring persuasion (docs/decisions/077-minds-changed.md): argument_tallies keeps each
// argument's live credits (`persuaded`, a copy of comments.persuaded_count kept by a trigger,
// server/db/functions/argument-persuasion.sql), and argument_tallies_persuasive holds each
// position's arguments by credits, then bridging (the product of argument_tallies_bridging). A later
// page reads the credits as they stood at its time by taking back those given or withdrawn since:
// persuasions_created and persuasions_withdrawn find them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table argument_tallies add column persuaded integer not null default 0
      check (persuaded >= 0);
    `,
  );
  await applyFunctionSources(db, ['argument-persuasion']);
  await runStatements(
    db,
    `
    select rebuild_argument_persuaded();
    create index argument_tallies_persuasive on argument_tallies
      (opinion_id, persuaded desc, ((likes_agree + 1)::bigint * (likes_disagree + 1)) desc,
        comment_id desc)
      include (likes_agree, likes_disagree, created_at) where ranked;
    create index persuasions_created on persuasions (created_at);
    create index persuasions_withdrawn on persuasions (withdrawn_at) where withdrawn_at is not null;
    create trigger comments_persuaded_tallied after update of persuaded_count on comments
      for each row when (old.persuaded_count is distinct from new.persuaded_count)
      execute function move_argument_persuaded();
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop trigger comments_persuaded_tallied on comments;
    drop function move_argument_persuaded();
    drop function rebuild_argument_persuaded();
    drop index persuasions_withdrawn;
    drop index persuasions_created;
    drop index argument_tallies_persuasive;
    alter table argument_tallies drop column persuaded;
    `,
  );
}
