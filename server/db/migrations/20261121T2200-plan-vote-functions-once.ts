import { sql, type Kysely } from 'kysely';

// The vote functions' statements take their ids and ratings as arrays. PostgreSQL plans such a
// statement for the arrays at hand (a "custom plan") for its first five runs, then keeps the
// generic plan only when its estimated cost is no higher; an array parameter makes the generic
// estimate (ten rows) dearer than a custom one for a small batch, so every call went on being
// planned again. Planning was about half of a small batch's cost (docs/decisions/023-performance-machinery.md#batching): with the
// generic plan, planned once per connection, a one-vote batch costs 0.7 ms instead of 1.3 ms on
// the embedded database. The generic plans are the index look-ups and nested loops a batch of up
// to maxBatch votes wants anyway.
const functions = [
  'cast_votes(integer[], integer[], integer[], integer[])',
  'cast_votes_in_sessions(text[], integer[], integer[], integer[], timestamptz, timestamptz)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const signature of functions) {
    await sql
      .raw(`alter function ${signature} set plan_cache_mode = force_generic_plan`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const signature of functions) {
    await sql.raw(`alter function ${signature} reset plan_cache_mode`).execute(db);
  }
}
