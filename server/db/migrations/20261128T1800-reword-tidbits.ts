import { sql, type Kysely } from 'kysely';

// Tidbits worded for people (docs/decisions/068-insights-worded-for-people.md): `opinions.tidbit`
// now holds the tidbit's facts (field, answer, the two shares), worded when read. A tidbit stored
// before holds only its machine-worded sentence, which the reads no longer show; each such listed
// opinion gets its tidbit refresh queued (one waiting per opinion, as a vote queues it; decision
// 075), which stores the facts. Nothing else changes, so there is nothing to undo.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into jobs (kind, payload, dedupe_key)
    select 'refresh-opinion-tidbit', jsonb_build_object('opinionId', o.id),
      'refresh-opinion-tidbit' || ':' || o.id
    from opinions o
    where o.listed and o.tidbit is not null and jsonb_typeof(o.tidbit) = 'object'
      and not (o.tidbit ? 'Field')
    order by o.id
    on conflict (dedupe_key) where done_at is null and attempts = 0 do nothing
  `.execute(db);
}

export async function down(): Promise<void> {}
