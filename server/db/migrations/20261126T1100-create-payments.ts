import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

// Payments through Stripe (docs/decisions/049-payments-and-the-ebook.md). The member's status
// stays in users.subscription_status, where the reports read it; these tables hold what links a
// member to Stripe and what makes each event and each checkout count once.
//
// - stripe_customers: the member's Stripe customer (created once, reused for every checkout),
//   the subscription their status follows, its period and the Stripe time of the newest event
//   applied (`status_as_of`), so that an older event delivered late changes nothing.
// - stripe_events: every verified event id, inserted in the transaction that applies it: a
//   replayed or concurrent duplicate finds the id taken and does nothing.
// - stripe_fulfilments: one row per paid checkout session, by whichever came first, the webhook
//   or the member's return to Stance.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table stripe_customers (
      user_id integer primary key references users (id) on delete cascade,
      customer_id text not null unique,
      subscription_id text,
      status_as_of timestamptz not null default 'epoch',
      current_period_end timestamptz,
      cancel_at_period_end boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table stripe_events (
      event_id text primary key,
      type text not null,
      user_id integer references users (id) on delete set null,
      outcome text not null,
      received_at timestamptz not null default now()
    );

    create table stripe_fulfilments (
      checkout_session_id text primary key,
      user_id integer references users (id) on delete set null,
      subscription_id text,
      source text not null check (source in ('webhook', 'return')),
      fulfilled_at timestamptz not null default now()
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop table stripe_fulfilments;
    drop table stripe_events;
    drop table stripe_customers;
  `,
  );
}
