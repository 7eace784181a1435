import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

// Questions and arguments (docs/decisions/047-questions-and-arguments.md). A question (convo) sits
// in one category and gathers opinions as its positions, in the order staff chose; its arguments
// are the top-level pro, con and neutral comments on those opinions, read from `comments` (no
// copy). A question's image is stored in the database beside it, as WebP at up to three widths
// (one row each): the upload's rows and the question's pointer to them change in one transaction,
// so a failed upload leaves nothing, and a replaced image's rows go with the replacement.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table categories (
      id integer generated always as identity primary key,
      title text not null,
      created_at timestamptz not null default now()
    );
    create unique index categories_title_lower on categories (lower(title));

    create table convos (
      id integer generated always as identity primary key,
      slug text not null unique,
      title text not null,
      description text not null default '',
      category_id integer not null references categories (id),
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index convos_newest on convos (created_at desc, id desc);
    create index convos_category_newest on convos (category_id, created_at desc, id desc);
    create index convos_title_fts on convos using gin (to_tsvector('english', title));
    create index convos_title_trgm on convos using gin (title gin_trgm_ops);

    create table convo_images (
      id integer generated always as identity primary key,
      convo_id integer not null references convos (id) on delete cascade,
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now()
    );
    create index convo_images_convo on convo_images (convo_id);

    create table convo_image_files (
      image_id integer not null references convo_images (id) on delete cascade,
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      webp bytea not null,
      primary key (image_id, width)
    );

    alter table convos add column image_id integer references convo_images (id) on delete set null;

    create table convo_positions (
      convo_id integer not null references convos (id) on delete cascade,
      opinion_id integer not null references opinions (id) on delete cascade,
      position integer not null,
      primary key (convo_id, opinion_id)
    );
    create index convo_positions_opinion on convo_positions (opinion_id, convo_id);

    create index comments_arguments on comments (opinion_id, created_at desc)
      where parent_id is null and response_type in ('pro', 'con', 'neutral');
    create index comments_argument_fts on comments
      using gin (to_tsvector('english', body_source))
      where parent_id is null and response_type in ('pro', 'con', 'neutral');
    create index comment_likes_user on comment_likes (user_id, comment_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop index comment_likes_user;
    drop index comments_argument_fts;
    drop index comments_arguments;
    drop table convo_positions;
    alter table convos drop column image_id;
    drop table convo_image_files;
    drop table convo_images;
    drop table convos;
    drop table categories;
  `,
  );
}
