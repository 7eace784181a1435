import { sql, type RawBuilder } from 'kysely';
import { generationOptions } from '../../../contract/demographics.base.ts';

/*
 * What other features may use of the personal details beside the service: SQL over the
 * `demographics` table that their own repositories join. No imports of other features, so that
 * none of them forms a cycle through this one.
 */

/**
 * A member's generation (contract/demographics.base.ts, `generationOptions`) from a birth-year
 * column, as SQL: null when the birth year is. The bands are the code's own constants, written into
 * the statement as literals so that the same expression can be selected and grouped by.
 */
export function generationOfSql(birthYear: RawBuilder<unknown>): RawBuilder<string | null> {
  const cases = generationOptions.map(
    (option) =>
      sql`when ${birthYear} between ${sql.lit(option.from)} and ${sql.lit(option.to)} then ${sql.lit(option.value)}`,
  );
  return sql<string | null>`(case ${sql.join(cases, sql` `)} end)`;
}
