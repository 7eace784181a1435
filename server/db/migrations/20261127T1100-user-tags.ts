import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

// User tags (docs/decisions/055-user-tags-and-synthetic-population.md): staff put members into
// named groups ("Pilot school 2026", "Panel B") and filter the analytics by them.
//
// - user_tags: one row per tag; the name is unique without regard to case (index on lower(name)),
//   as usernames are. created_by is kept when its author's account goes (set null).
// - user_tag_members: which members carry which tag. The primary key (tag_id, user_id) answers
//   "members of these tags" for the staff filters; the index on user_id answers "this member's
//   tags" and makes deleting a member cheap. Both sides cascade: deleting a tag or a member
//   removes its memberships.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table user_tags (
      id integer generated always as identity primary key,
      name text not null,
      created_at timestamptz not null default now(),
      created_by integer references users (id) on delete set null
    );
    create unique index user_tags_name_lower on user_tags (lower(name));

    create table user_tag_members (
      tag_id integer not null references user_tags (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      primary key (tag_id, user_id)
    );
    create index user_tag_members_user on user_tag_members (user_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop table user_tag_members;
    drop table user_tags;
  `,
  );
}
