/**
 * The opinion-groups benchmark of issue 22: `computeOpinionGroups` on one topic of 10,000 voters
 * × 50 statements with 40 % of the votes missing (seeded synthetic data: three planted camps,
 * 20 % noise, a fifth of the votes moderate, as five-point ratings give), against a control in the
 * same process: building the vote matrix alone (the step every method needs). Each round runs in
 * a fresh Node process, so that its peak memory (resourceUsage().maxRSS) is its own: the peak
 * before the computation (votes generated, control run) and after it. The report gives the median
 * over rounds. Targets (docs/decisions/051-opinion-groups.md): under 10 s and under 500 MB.
 *
 * Usage: npm run bench:groups
 * BENCH_ROUNDS (default 3), BENCH_VOTERS (default 10000), BENCH_STATEMENTS (default 50).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { adjustedRandIndex } from '../server/features/insights/opinion-groups.maths.ts';
import { plantCamps } from '../server/features/insights/opinion-groups.synthetic.ts';
import {
  buildVoteMatrix,
  computeOpinionGroups,
} from '../server/features/insights/opinion-groups.ts';
import { median } from './harness.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const voters = Number(process.env.BENCH_VOTERS ?? 10_000);
const statements = Number(process.env.BENCH_STATEMENTS ?? 50);
const targetSeconds = 10;
const targetMegabytes = 500;

type Round = {
  votes: number;
  /** Distinct voters in the matrix. */
  voters: number;
  controlMs: number;
  computeMs: number;
  /** maxRSS in MB before and after the computation. */
  peakBefore: number;
  peakAfter: number;
  k: number;
  grouped: number;
  agreement: number;
};

/** One round, in this (fresh) process: prints its measures as JSON. */
function runRound(seed: number): Round {
  const topic = plantCamps({ voters, statements, camps: 3, missing: 0.4, noise: 0.2, seed });
  // A fifth of the votes moderate (Agree / Disagree rather than Strongly), as five-point ratings give.
  const votes = topic.votes.map((vote, index) =>
    index % 5 === 0 ? { ...vote, vote: vote.vote / 2 } : vote,
  );
  let started = performance.now();
  const matrix = buildVoteMatrix(votes);
  const controlMs = performance.now() - started;
  const peakBefore = process.resourceUsage().maxRSS / 1024;
  started = performance.now();
  const result = computeOpinionGroups(votes);
  const computeMs = performance.now() - started;
  const peakAfter = process.resourceUsage().maxRSS / 1024;
  if (!result) throw new Error('The benchmark topic formed no groups.');
  const grouped = result.voters.filter((voter) => voter.group !== null);
  return {
    votes: votes.length,
    voters: matrix.voters.length,
    controlMs,
    computeMs,
    peakBefore,
    peakAfter,
    k: result.k,
    grouped: grouped.length,
    agreement: adjustedRandIndex(
      grouped.map((voter) => voter.group),
      grouped.map((voter) => topic.campOf.get(voter.voter)),
    ),
  };
}

function main() {
  const child = process.argv.indexOf('--round');
  if (child >= 0) {
    console.log(JSON.stringify(runRound(Number(process.argv[child + 1]))));
    return;
  }
  const results: Round[] = [];
  for (let round = 0; round < rounds; round++) {
    const run = spawnSync(
      process.execPath,
      [fileURLToPath(import.meta.url), '--round', String(round + 1)],
      {
        encoding: 'utf8',
      },
    );
    if (run.status !== 0) throw new Error(`Round ${round + 1} failed:\n${run.stderr}`);
    results.push(JSON.parse(run.stdout) as Round);
  }
  const pick = (f: (round: Round) => number) => median(results.map(f))!;
  const computeMs = pick((r) => r.computeMs);
  const controlMs = pick((r) => r.controlMs);
  const peakAfter = pick((r) => r.peakAfter);
  const peakBefore = pick((r) => r.peakBefore);
  const rows: [string, string][] = [
    [
      'topic',
      `${results[0]!.voters} voters × ${statements} statements, ${results[0]!.votes} votes (40 % missing)`,
    ],
    ['rounds (fresh process each)', String(rounds)],
    ['control: build the vote matrix', `${controlMs.toFixed(0)} ms`],
    ['computeOpinionGroups (median)', `${computeMs.toFixed(0)} ms`],
    ['ratio compute / control', `${(computeMs / controlMs).toFixed(1)} ×`],
    ['all rounds (ms)', results.map((r) => r.computeMs.toFixed(0)).join(', ')],
    ['peak RSS before compute (MB)', peakBefore.toFixed(0)],
    ['peak RSS after compute (MB)', peakAfter.toFixed(0)],
    ['peak RSS added by compute (MB)', (peakAfter - peakBefore).toFixed(0)],
    ['groups k / grouped voters', `${results[0]!.k} / ${results[0]!.grouped}`],
    ['adjusted Rand index vs planted camps', results.map((r) => r.agreement.toFixed(3)).join(', ')],
    [
      `target < ${targetSeconds} s and < ${targetMegabytes} MB`,
      computeMs < targetSeconds * 1000 && peakAfter < targetMegabytes ? 'met' : 'NOT met',
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log('Opinion groups benchmark\n');
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
}

main();
