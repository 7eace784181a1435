import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimumMembersForPercentile } from '../../../contract/report-readings.ts';
import { jobHandlers } from '../../jobs/handlers.ts';
import { startJobWorker } from '../../jobs/worker.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/factories.ts';
import { checkInstruments } from '../instruments/instruments.check.ts';
import {
  generateLatentAnswers,
  mulberry32,
  standardNormal,
} from '../instruments/instruments.psychometrics.ts';
import { ITEM_STANDARD_DEVIATION, scoreReport } from '../instruments/instruments.scoring.ts';
import {
  halfWidthOf,
  MEMBERS_FOR_RELIABILITY,
  percentileOf,
  reliabilityOfPart,
  summarizeScores,
} from './reports.norms.ts';
import {
  computeNormsJobKind,
  computeReportNorms,
  requestNormsComputation,
  requestNormsIfStale,
} from './reports.service.ts';
import {
  answerItems,
  answerItemsForMany,
  content,
  createMembers,
  createQuizItems,
} from './reports.test-support.ts';

let t: TestApp;
let opinionIds: Map<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  opinionIds = await createQuizItems(t.db);
});
afterAll(async () => {
  await t.close();
});

const trans = content.reports.trans;
const transItems = trans.elements[0]!.items;

/** A member's answers to the Transgenderism items from a latent score, so that items agree. */
function latentTransAnswers(seed: number): Map<string, number> {
  const random = mulberry32(seed);
  return generateLatentAnswers(transItems, standardNormal(random), random, {
    loading: 0.75,
    acquiescence: 0,
    itemOffset: () => 0,
  });
}

async function pendingNormJobs() {
  return t.db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', computeNormsJobKind)
    .where('doneAt', 'is', null)
    .execute();
}

async function finishPendingNormJobs() {
  await t.db
    .updateTable('jobs')
    .set({ doneAt: new Date() })
    .where('kind', '=', computeNormsJobKind)
    .execute();
}

async function detailed(name: string, cookie: string) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/reports/getdetailed?name=${name}`,
    headers: { cookie },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().body;
}

describe('the norms job', () => {
  it('is queued when the app starts without norms, never twice while one waits', async () => {
    expect(await pendingNormJobs()).toHaveLength(1);
    expect(await requestNormsIfStale(t.db)).toBe(false);
    expect(await requestNormsComputation(t.db)).toBe(false);
    expect(await pendingNormJobs()).toHaveLength(1);
  });

  it('runs through the worker and leaves a norm per report entry', async () => {
    const worker = startJobWorker(t.db, jobHandlers, { autoStart: false, config: t.config });
    await worker.drain();
    await worker.stop();
    expect(await pendingNormJobs()).toHaveLength(0);
    const rows = await t.db.selectFrom('reportNorms').selectAll().execute();
    const expected = Object.values(content.reports).reduce(
      (sum, report) => sum + report.elements.length + (report.total ? 1 : 0),
      0,
    );
    expect(rows).toHaveLength(expected);
    expect(rows.every((row) => row.members === 0 && row.histogram.length === 101)).toBe(true);
    expect(await requestNormsIfStale(t.db)).toBe(false);
  });

  it('is queued again by a detailed report that finds the norms older than 10 minutes', async () => {
    const { cookie } = await buildMember(t.db);
    await detailed('ownership', cookie);
    expect(await pendingNormJobs()).toHaveLength(0);
    await sql`update report_norms set computed_at = now() - interval '11 minutes'`.execute(t.db);
    await detailed('ownership', cookie);
    expect(await pendingNormJobs()).toHaveLength(1);
    await detailed('ownership', cookie);
    expect(await pendingNormJobs()).toHaveLength(1);
    await finishPendingNormJobs();
    expect(await requestNormsIfStale(t.db)).toBe(true);
    await finishPendingNormJobs();
  });
});

describe('percentiles and reliability', () => {
  let viewerCookie: string;
  let viewerAnswers: Map<string, number>;
  const others: { userId: number; answers: Map<string, number> }[] = [];

  beforeAll(async () => {
    const viewer = await buildMember(t.db, { subscriptionStatus: 'active' });
    viewerCookie = viewer.cookie;
    // The viewer answers 8 of the 12 statements: enough for a score, fewer than all.
    viewerAnswers = new Map([...latentTransAnswers(1)].slice(0, 8));
    await answerItems(t.db, opinionIds, viewer.user.id, viewerAnswers);
  });

  async function addMembers(count: number) {
    const ids = await createMembers(t.db, `norm${others.length}_`, count);
    const added = ids.map((userId, index) => ({
      userId,
      answers: latentTransAnswers(1000 + others.length + index),
    }));
    await answerItemsForMany(t.db, opinionIds, added);
    others.push(...added);
  }

  /** Every member's Transgenderism score, the viewer's included. */
  function allScores(): number[] {
    return [viewerAnswers, ...others.map((other) => other.answers)].map(
      (answers) => scoreReport(trans, answers).elements[0]!.score!,
    );
  }

  it('withholds the percentile under 30 other members', async () => {
    await addMembers(minimumMembersForPercentile - 1);
    await computeReportNorms(t.db);
    const body = await detailed('trans', viewerCookie);
    // 30 members have the score, the viewer among them: 29 others.
    expect(body.Members).toEqual([minimumMembersForPercentile - 1]);
    expect(body.Percentiles).toEqual([null]);
  });

  it('gives the mid-rank percentile among the other members from 30 on', async () => {
    await addMembers(1);
    await computeReportNorms(t.db);
    const body = await detailed('trans', viewerCookie);
    expect(body.Members).toEqual([minimumMembersForPercentile]);
    const otherScores = allScores().slice(1);
    const mine = body.Reports.trans[0] as number;
    const below = otherScores.filter((score) => score < mine).length;
    const level = otherScores.filter((score) => score === mine).length;
    const midRank = Math.round((100 * (below + level / 2)) / otherScores.length);
    expect(body.Percentiles).toEqual([Math.min(99, Math.max(1, midRank))]);
    expect(body.Percentiles[0]).toBe(
      percentileOf(mine, { ...summarizeScores(allScores()), alpha: null }),
    );
  });

  it('measures the interval on members’ reliability from 100 members on', async () => {
    await addMembers(MEMBERS_FOR_RELIABILITY - 1 - others.length - 1);
    await computeReportNorms(t.db);
    const before = await detailed('trans', viewerCookie);
    expect(before.Members).toEqual([MEMBERS_FOR_RELIABILITY - 2]);
    expect(before.Uncertainty).toEqual([halfWidthOf(ITEM_STANDARD_DEVIATION / Math.sqrt(8))]);

    await addMembers(1);
    await computeReportNorms(t.db);
    const after = await detailed('trans', viewerCookie);
    expect(after.Members).toEqual([MEMBERS_FOR_RELIABILITY - 1]);
    const norm = await t.db
      .selectFrom('reportNorms')
      .selectAll()
      .where('report', '=', 'trans')
      .executeTakeFirstOrThrow();
    // The stored alpha is the one the psychometric check computes from the same votes.
    const check = (await checkInstruments(t.db)).find((row) => row.report === 'trans')!;
    expect(norm.alpha).toBeCloseTo(check.alpha!, 10);
    expect(norm.alpha).toBeGreaterThan(0.5);
    expect(norm.sd).toBeCloseTo(summarizeScores(allScores()).sd!, 10);
    const reliability = reliabilityOfPart(norm.alpha!, transItems.length, 8);
    expect(after.Uncertainty).toEqual([halfWidthOf(norm.sd! * Math.sqrt(1 - reliability))]);
    expect(after.Uncertainty[0]).not.toBe(before.Uncertainty[0]);
  });
});
