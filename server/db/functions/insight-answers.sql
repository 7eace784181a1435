-- insight_answers: a member's answer to each demographic field of the insight matrix
-- (docs/decisions/052-insights-and-stored-groups.md), one row per field answered. The one place
-- that says which answers an insight count is grouped by: the full recount of an opinion's counts
-- (server/features/insights/insights.repository.ts) and the vote batch's moves by difference
-- (cast-votes-in-sessions.sql) both read it, so they cannot disagree.
--
-- Only details given with consent count; political views 0 means 'not set'. The generation is read
-- from the birth year by the bands of contract/demographics.base.ts (generationOptions), filled in
-- when a migration applies this file (server/db/functions/index.ts): :'generationStarts' the first
-- year of every band but the first, :'generationNames' the bands' values, as array literals.

create or replace function insight_answers(d demographics)
returns table (field text, answer text)
language sql immutable as $$
  select f.field, f.answer
  from (values
    ('gender', d.gender),
    ('generation', (:'generationNames'::text[])[width_bucket(d.birth_year, :'generationStarts'::int[]) + 1]),
    ('nationality', d.nationality),
    ('education', d.education::text),
    ('maritalStatus', d.marital_status),
    ('householdIncome', d.household_income::text),
    ('sexualOrientation', d.sexual_orientation),
    ('religion', d.religion),
    ('politicalSpectrum', nullif(d.political_spectrum, 0)::text),
    ('numChildren', d.num_children::text)
  ) as f (field, answer)
  where d.consent <> '' and f.answer is not null
$$;
