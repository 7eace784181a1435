import { sql, type Kysely } from 'kysely';

/**
 * Runs a script of SQL statements one by one. PGlite's query() takes one statement at a time
 * (extended protocol), so migrations split their DDL here. Statements must not contain ';'
 * except as their terminator.
 */
export async function runStatements(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
