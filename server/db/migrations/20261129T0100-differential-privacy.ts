import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

// Differentially private staff figures (docs/decisions/082-differentially-private-staff-figures.md).
//
// - privacy_spending: what each staff member has spent of their daily privacy budget, per UTC day,
//   in millionths of ε (integers, so sums are exact). A question locks its row (select … for
//   update) from the budget check to the stored answer, so concurrent questions, in one process or
//   several, are counted one after another and never overspend.
// - privacy_answers: the noisy answer given to a question (its call and normalised filters,
//   hashed) on a day; the same question that day gets it again at no cost, so repeating a question
//   averages nothing away. Rows of past days are deleted as the member asks on a new day.
// - analytics_secrets goes: the CSV export no longer carries pseudonymous member ids.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table privacy_spending (
      staff_id integer not null references users (id) on delete cascade,
      day date not null,
      spent_micro bigint not null default 0 check (spent_micro >= 0),
      primary key (staff_id, day)
    );

    create table privacy_answers (
      staff_id integer not null references users (id) on delete cascade,
      day date not null,
      question text not null,
      answer jsonb not null,
      created_at timestamptz not null default now(),
      primary key (staff_id, day, question)
    );

    drop table analytics_secrets;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table analytics_secrets (
      name text primary key,
      secret bytea not null,
      created_at timestamptz not null default now()
    );
    drop table privacy_answers;
    drop table privacy_spending;
  `,
  );
}
