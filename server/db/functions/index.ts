import fs from 'node:fs';
import { sql, type QueryExecutorProvider } from 'kysely';

/**
 * The database's functions, each defined in one readable source: the `.sql` files beside this one
 * (docs/decisions/042-database-functions-in-one-source.md). A migration applies a file's current
 * text with `applyFunctionSources`; to change a function, edit its file and add a migration that
 * applies it again. Triggers are created by migrations, like tables.
 */
export const functionSources = [
  'argument-persuasion',
  'argument-tallies',
  'cast-votes-in-sessions',
  'fold-insight-moves',
  'insight-answers',
  'member-changes',
  'vote-days',
] as const;

export type FunctionSource = (typeof functionSources)[number];

/**
 * The names the sources take from the code, as `:'name'` placeholders. They are imported when a
 * migration runs, not when this module loads, so that the database layer (which every feature
 * imports) imports no feature at load time.
 */
export async function namesFromCode(): Promise<Record<string, string>> {
  const { checkMilestonesJobKind } =
    await import('../../features/milestones/milestones.job-kind.ts');
  const { refreshOpinionTidbitJobKind } =
    await import('../../features/insights/insights.job-kind.ts');
  const { karmaPerMindChanged } = await import('../../features/users/users.karma.ts');
  const { generationOptions } = await import('../../../contract/demographics.base.ts');
  // Bands in order, each starting the year after the last ends: width_bucket finds a year's band.
  const generationStarts = `{${generationOptions
    .slice(1)
    .map((band) => band.from)
    .join(',')}}`;
  const generationNames = `{${generationOptions.map((band) => band.value).join(',')}}`;
  return {
    checkMilestonesJobKind,
    refreshOpinionTidbitJobKind,
    generationStarts,
    generationNames,
    karmaPerMindChanged: String(karmaPerMindChanged),
  };
}

/** A source's statements, its placeholders filled in with `names` as quoted literals. */
export function readFunctionSource(
  source: FunctionSource,
  names: Readonly<Record<string, string>>,
): string[] {
  const text = fs.readFileSync(new URL(`./${source}.sql`, import.meta.url), 'utf8');
  return splitStatements(text).map((statement) =>
    statement.replace(/:'([A-Za-z_][A-Za-z0-9_]*)'/g, (_, name: string) => {
      const value = names[name];
      if (value === undefined) throw new Error(`${source}.sql: no value for :'${name}'`);
      return `'${value.replaceAll("'", "''")}'`;
    }),
  );
}

/** Creates or replaces the functions of each source, as their files define them now. */
export async function applyFunctionSources(
  db: QueryExecutorProvider,
  sources: readonly FunctionSource[],
): Promise<void> {
  const names = await namesFromCode();
  for (const source of sources) {
    // One statement at a time: PGlite's query() takes one.
    for (const statement of readFunctionSource(source, names)) await sql.raw(statement).execute(db);
  }
}

/**
 * Splits a script at the semicolons outside `$$` bodies, string literals and comments, and drops
 * the comments outside bodies (a body keeps its own, which the database stores with it).
 */
function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let current = '';
  let index = 0;
  while (index < script.length) {
    if (script.startsWith('--', index)) {
      const end = script.indexOf('\n', index);
      index = end === -1 ? script.length : end;
    } else if (script.startsWith('$$', index)) {
      const end = script.indexOf('$$', index + 2);
      if (end === -1) throw new Error('A $$ body is never closed');
      current += script.slice(index, end + 2);
      index = end + 2;
    } else if (script[index] === "'") {
      const literalPattern = /'(?:[^']|'')*'/y;
      literalPattern.lastIndex = index;
      const literal = literalPattern.exec(script);
      if (!literal) throw new Error('A string literal is never closed');
      current += literal[0];
      index += literal[0].length;
    } else if (script[index] === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
      index += 1;
    } else {
      current += script[index];
      index += 1;
    }
  }
  if (current.trim()) throw new Error('The last statement has no semicolon');
  return statements;
}
