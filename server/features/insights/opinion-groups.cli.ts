/**
 * `npm run cli -- opinion-groups <votes.csv> [--summary]`: the server's opinion groups for a file
 * of votes, with no database. Reads Stance's long format (`voter,statement,vote`), Pol.is's
 * `votes.csv` (same, with Pol.is's column names) and Pol.is's `participants-votes.csv` (one row per
 * participant, one column per comment); see docs/decisions/051-opinion-groups.md.
 */
import { readFile } from 'node:fs/promises';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { adjustedRandIndex } from './opinion-groups.maths.ts';
import { computeOpinionGroups, fromFivePoint, type GroupVote } from './opinion-groups.ts';

export class VotesFileError extends Error {}

export type VotesFile = {
  votes: GroupVote[];
  format: 'long' | 'polis-votes' | 'polis-participants-votes';
  scale: 'agree-pass-disagree' | 'five-point';
  /** The groups Pol.is published in a participants-votes.csv (`group-id`), by participant. */
  publishedGroups: Map<string, string>;
};

type Row = { cells: string[]; line: number };

/** Columns of Pol.is's participants-votes.csv that are not comments. */
const PARTICIPANT_COLUMNS = new Set([
  'participant',
  'xid',
  'group-id',
  'n-comments',
  'n-votes',
  'n-agree',
  'n-disagree',
]);

function parseRows(text: string): Row[] {
  try {
    const records = parse(text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ cells: record, line: info.lines }));
  } catch (error) {
    if (error instanceof CsvError)
      throw new VotesFileError(`Not a readable CSV file: ${error.message}`);
    throw error;
  }
}

type RawVote = { voter: string; statement: string; value: string; line: number };

function readParticipantsVotes(rows: Row[]) {
  const header = rows[0]!.cells.map((cell) => cell.toLowerCase());
  const groupColumn = header.indexOf('group-id');
  const commentColumns = header.flatMap((name, column) =>
    PARTICIPANT_COLUMNS.has(name) ? [] : [column],
  );
  if (commentColumns.length === 0)
    throw new VotesFileError('The participants-votes header names no comment columns.');
  const raw: RawVote[] = [];
  const publishedGroups = new Map<string, string>();
  for (const { cells, line } of rows.slice(1)) {
    const participant = cells[0]!;
    if (!participant) throw new VotesFileError(`Line ${line}: the participant is empty.`);
    if (groupColumn >= 0 && cells[groupColumn])
      publishedGroups.set(participant, cells[groupColumn]);
    for (const column of commentColumns) {
      const value = cells[column]!;
      if (value !== '')
        raw.push({ voter: participant, statement: rows[0]!.cells[column]!, value, line });
    }
  }
  return { raw, publishedGroups };
}

function readLongVotes(rows: Row[]) {
  const first = rows[0]!.cells.map((cell) => cell.toLowerCase());
  const hasHeader = Number.isNaN(Number(first[first.length - 1]));
  const polis = hasHeader && first.includes('voter-id') && first.includes('comment-id');
  const column = (name: string, fallback: number) =>
    polis
      ? first.indexOf(name)
      : hasHeader && first.includes(name)
        ? first.indexOf(name)
        : fallback;
  const voterColumn = column(polis ? 'voter-id' : 'voter', 0);
  const statementColumn = column(polis ? 'comment-id' : 'statement', 1);
  const voteColumn = column('vote', 2);
  const timestampColumn = polis ? first.indexOf('timestamp') : -1;
  if (!polis && rows[0]!.cells.length !== 3)
    throw new VotesFileError(
      `Line ${rows[0]!.line}: expected 3 columns (voter,statement,vote), found ${rows[0]!.cells.length}.`,
    );
  const body = hasHeader ? rows.slice(1) : rows;
  // Pol.is's votes.csv lists every vote cast, changes included: the latest one counts.
  if (timestampColumn >= 0)
    body.sort((a, b) => Number(a.cells[timestampColumn]) - Number(b.cells[timestampColumn]));
  const raw = body.map(({ cells, line }) => {
    const voter = cells[voterColumn] ?? '';
    const statement = cells[statementColumn] ?? '';
    if (!voter || !statement)
      throw new VotesFileError(`Line ${line}: the voter or the statement is empty.`);
    return { voter, statement, value: cells[voteColumn] ?? '', line };
  });
  return { raw, format: polis ? ('polis-votes' as const) : ('long' as const) };
}

/**
 * Which scale the votes are on: any −1 or 0 means Pol.is's agree 1 / pass 0 / disagree −1; any
 * 2…5 means Stance's five points (1 Strongly Agree … 5 Strongly Disagree). A file of only 1s is
 * read either way alike, since 1 is full agreement on both.
 */
function detectScale(raw: RawVote[]): VotesFile['scale'] {
  let agreePassDisagree: RawVote | null = null;
  let fivePoint: RawVote | null = null;
  for (const vote of raw) {
    const value = Number(vote.value);
    if (vote.value === '' || !Number.isInteger(value) || value < -1 || value > 5)
      throw new VotesFileError(
        `Line ${vote.line}: the vote '${vote.value}' is neither −1, 0, 1 nor 1 to 5.`,
      );
    if (value <= 0) agreePassDisagree ??= vote;
    if (value >= 2) fivePoint ??= vote;
  }
  if (agreePassDisagree && fivePoint)
    throw new VotesFileError(
      `The votes mix scales: line ${agreePassDisagree.line} has ${agreePassDisagree.value} ` +
        `(−1/0/1 scale), line ${fivePoint.line} has ${fivePoint.value} (1–5 scale).`,
    );
  return fivePoint ? 'five-point' : 'agree-pass-disagree';
}

/**
 * The comments a Pol.is `comments.csv` marks as moderated out (`moderated` = −1): Pol.is zeroes
 * them in its maths, so a researcher comparing groups passes them as `moderatedOut` too.
 */
export function readModeratedOut(text: string): Set<string> {
  const rows = parseRows(text);
  const header = rows[0]?.cells.map((cell) => cell.toLowerCase()) ?? [];
  const idColumn = header.indexOf('comment-id');
  const moderatedColumn = header.indexOf('moderated');
  if (idColumn < 0 || moderatedColumn < 0)
    throw new VotesFileError(
      "A Pol.is comments.csv needs the columns 'comment-id' and 'moderated'.",
    );
  return new Set(
    rows
      .slice(1)
      .filter(({ cells }) => cells[moderatedColumn] === '-1')
      .map(({ cells }) => cells[idColumn]!),
  );
}

/** A votes file's text → votes on the −1…+1 scale `computeOpinionGroups` takes. */
export function readVotesFile(text: string): VotesFile {
  const rows = parseRows(text);
  if (rows.length === 0) throw new VotesFileError('The file has no rows.');
  const isParticipantsVotes = rows[0]!.cells[0]!.toLowerCase() === 'participant';
  const { raw, format, publishedGroups } = isParticipantsVotes
    ? { ...readParticipantsVotes(rows), format: 'polis-participants-votes' as const }
    : { ...readLongVotes(rows), publishedGroups: new Map<string, string>() };
  if (raw.length === 0) throw new VotesFileError('The file has no votes.');
  const scale = detectScale(raw);
  const votes = raw.map(({ voter, statement, value }) => ({
    voter,
    statement,
    vote:
      scale === 'five-point' ? fromFivePoint(Number(value) as 1 | 2 | 3 | 4 | 5) : Number(value),
  }));
  return { votes, format, scale, publishedGroups };
}

const FORMAT_NAMES: Record<VotesFile['format'], string> = {
  long: 'voter,statement,vote rows',
  'polis-votes': "Pol.is's votes.csv",
  'polis-participants-votes': "Pol.is's participants-votes.csv",
};
const SCALE_NAMES: Record<VotesFile['scale'], string> = {
  'agree-pass-disagree': 'the −1/0/1 scale (1 agree, 0 pass, −1 disagree)',
  'five-point': 'the 1–5 scale (1 Strongly Agree … 5 Strongly Disagree, read as +1, +½, 0, −½, −1)',
};

const percent = (share: number) => `${Math.round(share * 100)}%`;

function parseArguments(args: string[]) {
  const paths: string[] = [];
  let summary = false;
  let comments: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--summary') summary = true;
    else if (arg === '--comments' && args[i + 1] && comments === null) comments = args[++i]!;
    else if (arg.startsWith('--')) return null;
    else paths.push(arg);
  }
  return paths.length === 1 ? { path: paths[0]!, summary, comments } : null;
}

export const opinionGroupsCommand = {
  usage: 'opinion-groups <votes.csv> [--summary] [--comments <comments.csv>]',
  summary:
    'opinion groups of a votes file (voter,statement,vote or a Pol.is export): prints voter,group',
  async run(args: string[]): Promise<number> {
    const parsed = parseArguments(args);
    if (!parsed) {
      console.error(`Usage: npm run cli -- ${opinionGroupsCommand.usage}`);
      return 2;
    }
    let path = parsed.path;
    let file: VotesFile;
    let moderatedOut = new Set<string>();
    try {
      file = readVotesFile(await readFile(path, 'utf8'));
      if (parsed.comments !== null) {
        path = parsed.comments;
        moderatedOut = readModeratedOut(await readFile(path, 'utf8'));
        file.votes = file.votes.filter((vote) => !moderatedOut.has(vote.statement));
        console.error(
          `Zeroed ${moderatedOut.size} comments moderated out in ${path}, as Pol.is does.`,
        );
      }
    } catch (error) {
      if (error instanceof VotesFileError) {
        console.error(`${path}: ${error.message}`);
        return 2;
      }
      if (error instanceof Error && 'code' in error) {
        console.error(`Cannot read ${path}: ${error.message}`);
        return 2;
      }
      throw error;
    }
    const voterCount = new Set(file.votes.map((vote) => vote.voter)).size;
    const statementCount = new Set(file.votes.map((vote) => vote.statement)).size;
    console.error(
      `Read ${file.votes.length} votes by ${voterCount} voters on ${statementCount} statements ` +
        `(${FORMAT_NAMES[file.format]}), on ${SCALE_NAMES[file.scale]}.`,
    );
    const result = computeOpinionGroups(file.votes, { moderatedOut: [...moderatedOut] });
    if (!result) {
      console.error(
        'Too little to group: it takes at least 2 statements, 20 voters with at least ' +
          'min(7, statements) votes each, and a split into groups of at least 10 voters.',
      );
      return 1;
    }
    process.stdout.write(
      stringify(
        result.voters.map(({ voter, group }) => [voter, group ?? '']),
        { header: true, columns: ['voter', 'group'] },
      ),
    );
    if (parsed.summary) {
      const grouped = result.voters.filter((voter) => voter.group !== null);
      const lines = [
        `${grouped.length} of ${voterCount} voters grouped into ${result.k} groups ` +
          `(silhouette ${result.silhouette?.toFixed(2)}).`,
      ];
      for (const group of result.groups) {
        lines.push(`Group ${group.id}: ${group.size} voters. Representative statements:`);
        for (const statement of group.representative)
          lines.push(
            `  ${statement.statement}: ${statement.direction}s (${percent(statement.agree)} agree, ` +
              `${percent(statement.disagree)} disagree; ${statement.repness.toFixed(1)}× the rest)`,
          );
      }
      lines.push(
        `Every group agrees with: ${result.consensus.map((c) => `${c.statement} (≥ ${percent(c.agree)})`).join(', ') || 'none'}.`,
        `The groups split on: ${result.divisive.map((d) => `${d.statement} (spread ${d.spread.toFixed(2)})`).join(', ') || 'none'}.`,
      );
      const both = grouped.filter(({ voter }) => file.publishedGroups.has(voter));
      if (both.length > 0)
        lines.push(
          `Adjusted Rand index against the export's group-id: ${adjustedRandIndex(
            both.map(({ group }) => String(group)),
            both.map(({ voter }) => file.publishedGroups.get(voter)!),
          ).toFixed(3)} over ${both.length} voters grouped by both.`,
        );
      console.error(lines.join('\n'));
    }
    return 0;
  },
};
