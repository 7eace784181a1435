import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

// The product's core tables. Written as SQL so the schema reads the same in PGlite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table users (
      id integer generated always as identity primary key,
      username text not null check (username ~ '^[A-Za-z0-9_-]{3,30}$'),
      email text,
      password_hash text,
      full_name text not null default '',
      location text not null default '',
      bio text not null default '',
      expertise text not null default '',
      karma integer not null default 0,
      role text check (role in ('contributor', 'admin')),
      can_delete_content boolean not null default false,
      admin_hub boolean not null default false,
      can_see_detailed_opinion_report boolean not null default false,
      can_create_opinions boolean not null default false,
      subscription_status text not null default '',
      external_id text not null default '',
      new_notification boolean not null default false,
      created_at timestamptz not null default now()
    );
    create unique index users_username_lower on users (lower(username));
    create unique index users_email on users (email);
    create index users_karma on users (karma desc);

    create table sessions (
      token_hash text primary key,
      user_id integer not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
    create index sessions_user on sessions (user_id);

    create table topics (
      id integer generated always as identity primary key,
      slug text not null unique,
      title text not null,
      description text not null default '',
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now()
    );

    create table opinions (
      id integer generated always as identity primary key,
      slug text not null unique,
      title text not null,
      author_id integer references users (id) on delete set null,
      tidbit jsonb,
      deleted boolean not null default false,
      listed boolean not null default true,
      votes1 integer not null default 0 check (votes1 >= 0),
      votes2 integer not null default 0 check (votes2 >= 0),
      votes3 integer not null default 0 check (votes3 >= 0),
      votes4 integer not null default 0 check (votes4 >= 0),
      votes5 integer not null default 0 check (votes5 >= 0),
      num_votes integer generated always as (votes1 + votes2 + votes3 + votes4 + votes5) stored,
      num_comments integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index opinions_created on opinions (created_at desc);
    create index opinions_author on opinions (author_id, created_at desc);

    create table opinion_topics (
      opinion_id integer not null references opinions (id) on delete cascade,
      topic_id integer not null references topics (id) on delete cascade,
      primary key (opinion_id, topic_id)
    );
    create index opinion_topics_topic on opinion_topics (topic_id, opinion_id);

    create table votes (
      user_id integer not null references users (id) on delete cascade,
      opinion_id integer not null references opinions (id) on delete cascade,
      rating smallint not null check (rating between 1 and 5),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (user_id, opinion_id)
    );
    create index votes_opinion on votes (opinion_id);
    create index votes_updated on votes (updated_at);

    create table topic_follows (
      user_id integer not null references users (id) on delete cascade,
      topic_id integer not null references topics (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, topic_id)
    );

    create table comments (
      id integer generated always as identity primary key,
      thread_id text not null,
      opinion_id integer references opinions (id) on delete cascade,
      parent_id integer references comments (id) on delete cascade,
      author_id integer not null references users (id) on delete cascade,
      body_source text not null,
      body_html text not null,
      response_type text not null default ''
        check (response_type in ('', 'pro', 'con', 'neutral', 'commentary')),
      like_count integer not null default 0 check (like_count >= 0),
      deleted boolean not null default false,
      deleted_reason text check (deleted_reason in ('user', 'moderator', 'other')),
      created_at timestamptz not null default now(),
      edited_at timestamptz
    );
    create index comments_thread on comments (thread_id, created_at);
    create index comments_author on comments (author_id, created_at desc);
    create index comments_created on comments (created_at desc);
    create index comments_parent on comments (parent_id);

    create table comment_likes (
      comment_id integer not null references comments (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (comment_id, user_id)
    );

    create table notifications (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      kind text not null,
      action_name text not null default '',
      args_json jsonb not null default '{}',
      artifact_title text not null default '',
      url text not null default '',
      body text not null default '',
      actor_id integer references users (id) on delete set null,
      created_at timestamptz not null default now()
    );
    create index notifications_user on notifications (user_id, created_at desc);

    create table demographics (
      user_id integer primary key references users (id) on delete cascade,
      gender text,
      birth_year smallint,
      nationality text,
      education smallint,
      marital_status text,
      household_income smallint,
      sexual_orientation text,
      religion text,
      political_spectrum smallint,
      num_children smallint,
      consent text not null default '',
      updated_at timestamptz not null default now()
    );

    create table jobs (
      id bigint generated always as identity primary key,
      kind text not null,
      payload jsonb not null default '{}',
      run_at timestamptz not null default now(),
      attempts integer not null default 0,
      max_attempts integer not null default 8,
      locked_until timestamptz,
      last_error text,
      done_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index jobs_pending on jobs (run_at) where done_at is null;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop table jobs, demographics, notifications, comment_likes, comments, topic_follows,
      votes, opinion_topics, opinions, topics, sessions, users cascade
  `,
  );
}
