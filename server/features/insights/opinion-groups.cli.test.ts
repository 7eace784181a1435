import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readVotesFile, VotesFileError } from './opinion-groups.cli.ts';
import { plantCamps } from './opinion-groups.synthetic.ts';
import { computeOpinionGroups, fromFivePoint } from './opinion-groups.ts';

const directory = mkdtempSync(join(tmpdir(), 'opinion-groups-cli-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const topic = plantCamps({
  voters: 90,
  statements: 15,
  camps: 3,
  missing: 0.3,
  noise: 0.15,
  seed: 7,
});
const statements = [...new Set(topic.votes.map((vote) => vote.statement))].sort();

/** Stance's five-point ratings for the planted −1/0/+1 votes, with some moderate ones. */
const ratings = topic.votes.map((vote, index) => {
  const strong = 3 - 2 * vote.vote;
  const rating = vote.vote !== 0 && index % 5 === 0 ? (strong + 3) / 2 : strong;
  return { ...vote, rating: rating as 1 | 2 | 3 | 4 | 5 };
});

function writeFile(name: string, text: string) {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
}

const longFile = writeFile(
  'votes.csv',
  'voter,statement,vote\n' +
    ratings.map((vote) => `${vote.voter},${vote.statement},${vote.rating}`).join('\n') +
    '\n',
);

/** Pol.is's participants-votes.csv: the planted camps stand in for Pol.is's group-id. */
function participantsVotes(): string {
  const byVoter = new Map<string, Map<string, number>>();
  for (const vote of topic.votes) {
    const row = byVoter.get(vote.voter) ?? new Map<string, number>();
    row.set(vote.statement, vote.vote);
    byVoter.set(vote.voter, row);
  }
  const header = `participant,group-id,n-comments,n-votes,n-agree,n-disagree,${statements.join(',')}`;
  const rows = [...byVoter].map(([voter, row]) =>
    [
      voter,
      topic.campOf.get(voter),
      0,
      row.size,
      0,
      0,
      ...statements.map((s) => row.get(s) ?? ''),
    ].join(','),
  );
  return [header, ...rows].join('\n') + '\n';
}
const wideFile = writeFile('participants-votes.csv', participantsVotes());

function runCli(...args: string[]) {
  const result = spawnSync(process.execPath, ['server/cli.ts', 'opinion-groups', ...args], {
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function printedGroups(stdout: string): Map<string, string> {
  const [header, ...lines] = stdout.trim().split('\n');
  expect(header).toBe('voter,group');
  return new Map(lines.map((line) => line.split(',') as [string, string]));
}

function expectedGroups(votes: { voter: string; statement: string; vote: number }[]) {
  const result = computeOpinionGroups(votes)!;
  return new Map(result.voters.map((voter) => [voter.voter, String(voter.group ?? '')]));
}

describe('npm run cli -- opinion-groups', () => {
  it('prints the same groups as computeOpinionGroups for voter,statement,vote rows on the 1–5 scale', () => {
    const { status, stdout, stderr } = runCli(longFile);
    expect(status).toBe(0);
    expect(stderr).toContain('1–5 scale');
    const expected = expectedGroups(
      ratings.map(({ voter, statement, rating }) => ({
        voter,
        statement,
        vote: fromFivePoint(rating),
      })),
    );
    expect(printedGroups(stdout)).toEqual(expected);
    expect(new Set(expected.values()).size).toBe(3);
  });

  it("reads Pol.is's participants-votes.csv and compares with its group-id", () => {
    const { status, stdout, stderr } = runCli(wideFile, '--summary');
    expect(status).toBe(0);
    expect(stderr).toContain("Pol.is's participants-votes.csv");
    expect(stderr).toContain('−1/0/1 scale');
    expect(printedGroups(stdout)).toEqual(expectedGroups(topic.votes));
    expect(stderr).toMatch(/Group 0: \d+ voters\. Representative statements:/);
    expect(stderr).toContain(
      "Adjusted Rand index against the export's group-id: 1.000 over 90 voters",
    );
  });

  it("zeroes the comments Pol.is's comments.csv marks as moderated out", () => {
    const comments = writeFile(
      'comments.csv',
      'timestamp,datetime,comment-id,author-id,agrees,disagrees,moderated,comment-body\n' +
        `1,x,${statements[1]},1,0,0,-1,"spam, spam"\n1,x,${statements[2]},1,0,0,1,fine\n`,
    );
    const { status, stdout, stderr } = runCli(wideFile, '--comments', comments);
    expect(status).toBe(0);
    expect(stderr).toContain('Zeroed 1 comments moderated out');
    expect(printedGroups(stdout)).toEqual(
      expectedGroups(topic.votes.filter((vote) => vote.statement !== statements[1])),
    );
  });

  it('refuses a missing file, bad rows and unknown options with exit code 2', () => {
    const missing = runCli(join(directory, 'nowhere.csv'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('Cannot read');
    const badVote = runCli(writeFile('bad-vote.csv', 'a,s1,1\nb,s1,yes\n'));
    expect(badVote.status).toBe(2);
    expect(badVote.stderr).toContain("Line 2: the vote 'yes'");
    expect(runCli(longFile, '--bogus').status).toBe(2);
  });

  it('says so, with exit code 1, when there is too little to group', () => {
    const { status, stdout, stderr } = runCli(writeFile('tiny.csv', 'a,s1,1\nb,s1,-1\na,s2,1\n'));
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('Too little to group');
  });
});

describe('readVotesFile', () => {
  it("takes the latest vote of Pol.is's votes.csv, whatever the row order", () => {
    const file = readVotesFile(
      'timestamp,datetime,comment-id,voter-id,vote\n' + '20,b,3,7,-1\n10,a,3,7,1\n15,c,4,7,0\n',
    );
    expect(file.format).toBe('polis-votes');
    expect(file.scale).toBe('agree-pass-disagree');
    const byStatement = new Map<string, number>();
    for (const vote of file.votes) byStatement.set(vote.statement, vote.vote);
    expect(byStatement).toEqual(
      new Map([
        ['3', -1],
        ['4', 0],
      ]),
    );
  });

  it('names the line of a bad row, and refuses mixed scales', () => {
    expect(() => readVotesFile('a,s1,1\nb,s1\n')).toThrow(/Not a readable CSV file.*line 2/);
    expect(() => readVotesFile('a,s1,1\nb,,1\n')).toThrow(
      'Line 2: the voter or the statement is empty.',
    );
    expect(() => readVotesFile('a,s1,-1\nb,s1,4\n')).toThrow(/mix scales: line 1 .* line 2/);
    expect(() => readVotesFile('a,s1,0.5\n')).toThrow(VotesFileError);
    expect(() => readVotesFile('')).toThrow('The file has no rows.');
  });

  it('reads rows without a header', () => {
    const file = readVotesFile('v1,s1,1\nv1,s2,5\n');
    expect(file.format).toBe('long');
    expect(file.scale).toBe('five-point');
    expect(file.votes).toEqual([
      { voter: 'v1', statement: 's1', vote: 1 },
      { voter: 'v1', statement: 's2', vote: -1 },
    ]);
  });
});
