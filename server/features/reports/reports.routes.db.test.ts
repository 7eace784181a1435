import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demographicsConsentText } from '../../../contract/demographics.ts';
import { quizGateFields, reportNames } from '../../../contract/reports.ts';
import { createTestApp, postJson, type TestApp } from '../../test/app.ts';
import { buildMember, buildOpinion } from '../../test/factories.ts';
import { itemSlug } from '../instruments/instruments.seed.ts';
import { scoreReport } from '../instruments/instruments.scoring.ts';
import { ITEM_STANDARD_DEVIATION } from '../instruments/instruments.scoring.ts';
import { entryNamesOf } from './reports.content.ts';
import { Z_90 } from './reports.norms.ts';
import { readMemberReport, scoringFormula } from './reports.service.ts';
import {
  answerItems,
  answersFor,
  content,
  createQuizItems,
  setSubscriptionStatus,
} from './reports.test-support.ts';

let t: TestApp;
let opinionIds: Map<string, number>;

beforeAll(async () => {
  // Staff's community averages are noisy (docs/decisions/082); at this ε the noise is 0, so they
  // are checked exactly.
  t = await createTestApp({
    env: {
      ADMIN_EMAILS: 'staff@example.test',
      MIN_GROUP_SIZE: '2',
      DP_EPSILON: '1000000',
      DP_DAILY_BUDGET: '1000000000',
    },
  });
  opinionIds = await createQuizItems(t.db);
});
afterAll(async () => {
  await t.close();
});

async function get(url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

/** A rating for every item, varied but fixed, so that scores differ between elements. */
const varied = (_item: unknown, index: number) => ((index * 7) % 5) + 1;

/** Every item of every report answered with `varied`. */
function answersToEverything(): Map<string, number> {
  const answers = new Map<string, number>();
  for (const report of Object.values(content.reports)) {
    for (const [itemId, rating] of answersFor(report, varied)) answers.set(itemId, rating);
  }
  return answers;
}

function valuesOf(name: keyof typeof content.reports, answers: Map<string, number>) {
  const score = scoreReport(content.reports[name], answers);
  const values = score.elements.map((element) => element.score);
  if (score.total) values.push(score.total.score);
  return values;
}

describe('GET /api/quiz/get', () => {
  it('needs a member, saying what to do', async () => {
    const answer = await get('/api/quiz/get?slug=bigfive');
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({
      success: false,
      error: 'Please log in or sign up to answer this quiz',
    });
  });

  it('answers 404 naming an unknown quiz, and 400 for a missing slug', async () => {
    const { cookie } = await buildMember(t.db);
    const unknown = await get('/api/quiz/get?slug=no-such-quiz', cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('There is no quiz called "no-such-quiz"');
    // Names that an object has by inheritance are not quizzes either.
    expect((await get('/api/quiz/get?slug=constructor', cookie)).statusCode).toBe(404);
    expect((await get('/api/quiz/get?slug=__proto__', cookie)).statusCode).toBe(404);
    const missing = await get('/api/quiz/get', cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/slug/);
    expect((await get('/api/quiz/get?slug=%20%20', cookie)).json().error).toMatch(/slug/);
  });

  it('trims the slug and cuts it at the first % or &', async () => {
    const { cookie } = await buildMember(t.db);
    for (const raw of [
      'fundamentals-sc%2520x',
      'fundamentals-sc%26utm%3D1',
      '%20fundamentals-sc%20',
    ]) {
      const answer = await get(`/api/quiz/get?slug=${raw}`, cookie);
      expect(answer.statusCode, raw).toBe(200);
      expect(answer.json().body.Quiz.Slug).toBe('fundamentals-sc');
    }
  });

  it('gives the items as opinions in quiz order with the member’s answers and completion', async () => {
    const { user, cookie } = await buildMember(t.db);
    const quiz = content.quizzes['fundamentals-sc']!;
    // The first ten statements of the quiz answered "Agree".
    const answered = new Map(quiz.itemIds.slice(0, 10).map((itemId) => [itemId, 2] as const));
    await answerItems(t.db, opinionIds, user.id, answered);

    const answer = await get('/api/quiz/get?slug=fundamentals-sc', cookie);
    expect(answer.statusCode).toBe(200);
    const body = answer.json().body;
    expect(body.Quiz).toEqual({
      Slug: 'fundamentals-sc',
      Title: quiz.title,
      Desc: quiz.description,
      EstimatedMinutes: quiz.estimatedMinutes,
      OpinionIDs: quiz.itemIds.map((itemId) => opinionIds.get(itemId)),
    });
    expect(body.Opinions.map((opinion: { ArtifactID: number }) => opinion.ArtifactID)).toEqual(
      body.Quiz.OpinionIDs,
    );
    expect(body.Opinions[0]).toMatchObject({
      Slug: itemSlug(quiz.itemIds[0]!),
      Title: content.items.get(quiz.itemIds[0]!)!.item.text,
      Link: `/o/${itemSlug(quiz.itemIds[0]!)}`,
      Rating: 2,
    });
    expect(body.Opinions.map((opinion: { Rating: number }) => opinion.Rating)).toEqual(
      quiz.itemIds.map((_itemId, index) => (index < 10 ? 2 : 0)),
    );
    // The quiz feeds the Big Five and the Sixteen Types: each one's share of items answered.
    const expected = Object.fromEntries(
      (['bigfive', 'sixteen'] as const).map((name) => {
        const report = content.reports[name];
        const items = report.elements.flatMap((element) => element.items);
        const count = items.filter((item) => answered.has(item.id)).length;
        return [name, Math.floor((100 * count) / items.length)];
      }),
    );
    expect(body.Percentages).toEqual(expected);
    expect(Object.values(expected).every((value) => value > 0)).toBe(true);
    expect(body.Gate).toEqual([...quizGateFields]);
    expect(body.MyDemographicsComplete).toBe(false);
  });

  it('knows the demographics gate is done once details are saved, fields declined included', async () => {
    const { cookie } = await buildMember(t.db);
    const complete = async () =>
      (await get('/api/quiz/get?slug=trans', cookie)).json().body.MyDemographicsComplete;
    expect(await complete()).toBe(false);
    // 'Prefer not to say' for nationality and the political leaning: sent as null, and the quiz
    // starts all the same (docs/decisions/067).
    const answer = await postJson(
      t.app,
      '/api/user/demographics/set',
      {
        gender: 'female',
        birthYear: 1990,
        nationality: null,
        education: 50,
        politicalSpectrum: null,
        consent: demographicsConsentText,
      },
      cookie,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await complete()).toBe(true);
  });
});

describe('a database without quiz items (not seeded with the demo)', () => {
  it('gets them made from content on the first quiz read', async () => {
    const fresh = await createTestApp();
    try {
      const { cookie } = await buildMember(fresh.db);
      const answer = await fresh.app.inject({
        method: 'GET',
        url: '/api/quiz/get?slug=ir',
        headers: { cookie },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const items = content.quizzes.ir!.itemIds;
      expect(answer.json().body.Opinions.map((opinion: { Slug: string }) => opinion.Slug)).toEqual(
        items.map(itemSlug),
      );
      const count = await fresh.db
        .selectFrom('instrumentItems')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(count.count)).toBe(content.items.size);
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /api/reports/getuserreports', () => {
  it('needs a member', async () => {
    const answer = await get('/api/reports/getuserreports');
    expect(answer.statusCode).toBe(401);
    expect(answer.json().error).toBe('Please log in or sign up to see your reports');
  });

  it('keeps locked scores on the server for a non-subscriber; Ownership is always open', async () => {
    const { user, cookie } = await buildMember(t.db);
    const answers = answersToEverything();
    await answerItems(t.db, opinionIds, user.id, answers);

    const answer = await get('/api/reports/getuserreports', cookie);
    expect(answer.statusCode).toBe(200);
    const body = answer.json().body;
    expect(Object.keys(body.Reports)).toEqual(['ownership']);
    expect(body.Reports.ownership).toEqual(valuesOf('ownership', answers));
    expect(body.Headlines).toEqual({});
    // A locked report's intervals and percentiles stay on the server with its scores.
    for (const field of ['Uncertainty', 'Percentiles', 'Members']) {
      expect(Object.keys(body[field]), field).toEqual(['ownership']);
    }
    expect(body.Uncertainty.ownership).toHaveLength(body.Reports.ownership.length);
    for (const name of reportNames) {
      expect(body.Locked[name], name).toBe(name !== 'ownership');
      expect(body.Completion[name], name).toBe(100);
      expect(body.Entries[name], name).toEqual(entryNamesOf(content.reports[name]));
    }
    // Not one locked report's scores is anywhere in what was sent.
    for (const name of reportNames.filter((name) => name !== 'ownership')) {
      const scores = valuesOf(name, answers);
      expect(scores.every((score) => score !== null)).toBe(true);
      if (scores.length > 1) expect(answer.body).not.toContain(JSON.stringify(scores).slice(1, -1));
    }
  });

  it('sends every score to active and past-due subscribers, and none to others', async () => {
    const { user, cookie } = await buildMember(t.db);
    const answers = answersToEverything();
    await answerItems(t.db, opinionIds, user.id, answers);
    for (const status of ['active', 'past_due'] as const) {
      await setSubscriptionStatus(t.db, user.id, status);
      const body = (await get('/api/reports/getuserreports', cookie)).json().body;
      expect(Object.keys(body.Reports), status).toEqual([...reportNames]);
      for (const name of reportNames) {
        expect(body.Reports[name], `${status} ${name}`).toEqual(valuesOf(name, answers));
        expect(body.Locked[name]).toBe(false);
      }
      expect(body.Headlines.climate).toBe(
        scoreReport(content.reports.climate, answers).climateClass,
      );
      expect(body.Headlines.sixteen).toMatch(/^[EIX][SNX][TFX][JPX]$/);
      expect(Object.keys(body.Headlines).sort()).toEqual(['climate', 'sixteen']);
    }
    for (const status of ['inactive', ''] as const) {
      await setSubscriptionStatus(t.db, user.id, status);
      const body = (await get('/api/reports/getuserreports', cookie)).json().body;
      expect(Object.keys(body.Reports), status).toEqual(['ownership']);
    }
  });

  it('gives completion per report and null scores for a report with nothing answered', async () => {
    const { user, cookie } = await buildMember(t.db, { subscriptionStatus: 'active' });
    const bigfive = content.reports.bigfive;
    const items = bigfive.elements.flatMap((element) => element.items);
    // Half of the Big Five (four of each element's eight) and one of the 24 political items.
    const half = bigfive.elements.flatMap((element) => element.items.slice(0, 4));
    const answers = new Map<string, number>(half.map((item) => [item.id, 3]));
    answers.set(content.reports.ps.elements[0]!.items[0]!.id, 1);
    await answerItems(t.db, opinionIds, user.id, answers);

    const body = (await get('/api/reports/getuserreports', cookie)).json().body;
    expect(items).toHaveLength(40);
    expect(body.Completion.bigfive).toBe(50);
    expect(body.Completion.ps).toBe(4); // ⌊100 · 1 / 24⌋
    expect(body.Completion.climate).toBe(0);
    expect(body.Reports.bigfive).toEqual([50, 50, 50, 50, 50]);
    // One answer is not enough for a score, but the report is no longer untouched.
    expect(body.Reports.ps).toEqual([null, null]);
    expect(body.Reports.climate).toBeNull();
    expect(body.Headlines).toEqual({});
    // Intervals and percentiles come with the scores: none for a report with nothing answered.
    expect(body.Uncertainty.ps).toEqual([null, null]);
    expect(body.Uncertainty.bigfive.every((width: number | null) => width !== null)).toBe(true);
    expect(body.Percentiles.bigfive).toEqual([null, null, null, null, null]);
    expect('climate' in body.Uncertainty).toBe(false);
  });

  it('mirrors balanced scales when every answer is reversed', async () => {
    const first = await buildMember(t.db, { subscriptionStatus: 'active' });
    const second = await buildMember(t.db, { subscriptionStatus: 'active' });
    const bigfive = content.reports.bigfive;
    const answers = answersFor(bigfive, (_item, index) => ((index * 3) % 5) + 1);
    const reversed = new Map([...answers].map(([itemId, rating]) => [itemId, 6 - rating] as const));
    await answerItems(t.db, opinionIds, first.user.id, answers);
    await answerItems(t.db, opinionIds, second.user.id, reversed);

    const scores = (await get('/api/reports/getuserreports', first.cookie)).json().body.Reports
      .bigfive as number[];
    const mirrored = (await get('/api/reports/getuserreports', second.cookie)).json().body.Reports
      .bigfive as number[];
    expect(scores.some((score) => score !== 50)).toBe(true);
    expect(mirrored).toEqual(scores.map((score) => 100 - score));
  });
});

describe('GET /api/reports/getdetailed', () => {
  it('needs a member, answers 404 naming an unknown report and 400 without a name', async () => {
    expect((await get('/api/reports/getdetailed?name=bigfive')).statusCode).toBe(401);
    const { cookie } = await buildMember(t.db);
    const unknown = await get('/api/reports/getdetailed?name=horoscope', cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('There is no report called "horoscope"');
    expect((await get('/api/reports/getdetailed?name=toString', cookie)).statusCode).toBe(404);
    const missing = await get('/api/reports/getdetailed', cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/name/);
  });

  it('describes a locked report without a single score', async () => {
    const { user, cookie } = await buildMember(t.db);
    const answers = answersFor(content.reports.climate, varied);
    await answerItems(t.db, opinionIds, user.id, answers);
    const answer = await get('/api/reports/getdetailed?name=climate', cookie);
    expect(answer.statusCode).toBe(200);
    const body = answer.json().body;
    expect(body).toMatchObject({
      Name: 'climate',
      Locked: true,
      Completion: 100,
      Reports: {},
      Uncertainty: null,
      Leanings: null,
      Percentiles: null,
      Headline: null,
    });
    expect(body.Entries).toHaveLength(6);
    const text = body.DetailedReports.Text as string;
    expect(text).toContain(content.reports.climate.elements[0]!.help);
    expect(text).not.toMatch(/class="(value|band|interval|class|type)"|Not scored yet|Class:/);
    const score = scoreReport(content.reports.climate, answers);
    for (const element of content.reports.climate.elements) {
      expect(text).not.toContain(element.texts.low);
      expect(text).not.toContain(element.texts.high);
    }
    expect(answer.body).not.toContain(score.climateClass!);
    expect(answer.body).not.toContain(JSON.stringify(valuesOf('climate', answers)).slice(1, -1));
    expect(body.Community).toBeUndefined();
  });

  it('gives an unlocked report’s entries, scores, 90 % intervals, leanings and open key', async () => {
    const { user, cookie } = await buildMember(t.db, { subscriptionStatus: 'active' });
    const climate = content.reports.climate;
    // Strong agreement with every + item and disagreement with every − item: 100 everywhere…
    const answers = answersFor(climate, (item) => (item.keying === '+' ? 1 : 5));
    // …except the first element, answered Neutral on three of its six items only.
    const first = climate.elements[0]!;
    first.items.forEach((item, index) => {
      if (index < 3) answers.set(item.id, 3);
      else answers.delete(item.id);
    });
    await answerItems(t.db, opinionIds, user.id, answers);

    const body = (await get('/api/reports/getdetailed?name=climate', cookie)).json().body;
    expect(body.Entries.map((entry: { ID: string }) => entry.ID)).toEqual([
      ...climate.elements.map((element) => element.id),
      'total',
    ]);
    expect(body.Entries[0]).toEqual({
      ID: first.id,
      Name: first.name,
      Help: first.help,
      Poles: { Low: first.poles.low, High: first.poles.high },
      Group: null,
      Letters: null,
      IsTotal: false,
    });
    expect(body.Entries.at(-1)).toMatchObject({
      Name: climate.total!.name,
      Help: climate.total!.help,
      IsTotal: true,
    });
    expect(body.Reports).toEqual({ climate: [50, 100, 100, 100, 100, 90] });
    // Without norms, each element's SE is 25 / √k; the total's is √(Σ SE²) / m.
    const elementErrors = [3, 6, 6, 6, 6].map((k) => ITEM_STANDARD_DEVIATION / Math.sqrt(k));
    const totalError = Math.sqrt(elementErrors.reduce((sum, e) => sum + e ** 2, 0)) / 5;
    const round = (value: number) => Math.round(value * 10) / 10;
    expect(body.Uncertainty).toEqual(
      [...elementErrors, totalError].map((error) => round(Z_90 * error)),
    );
    expect(body.Leanings).toEqual(['balanced', 'high', 'high', 'high', 'high', 'high']);
    expect(body.Percentiles).toEqual([null, null, null, null, null, null]);
    expect(body.Members).toEqual([0, 0, 0, 0, 0, 0]);
    // Per element the statements answered, then the total's: all of the report's.
    expect(body.Answered).toEqual([3, 6, 6, 6, 6, 27]);
    expect(body.Headline).toBe('ACTIVIST');
    expect(body.Completion).toBe(Math.floor((100 * 27) / 30));
    expect(body.Quizzes[0]).toEqual({ Slug: 'climate', Title: content.quizzes.climate!.title });
    expect(body.Quizzes.map((quiz: { Slug: string }) => quiz.Slug)).toContain('fundamentals-sw');
    expect(body.Sources).toEqual(
      climate.sources.map((source) => ({ Title: source.title, Url: source.url })),
    );
    expect(body.Scoring.Formula).toBe(scoringFormula);
    expect(body.Scoring.Entries).toHaveLength(6);
    expect(body.Scoring.Entries[0].Items[0]).toEqual({
      Text: first.items[0]!.text,
      Keying: first.items[0]!.keying,
      Link: `/o/${itemSlug(first.items[0]!.id)}`,
    });
    expect(body.Scoring.Entries.at(-1)).toEqual({ Name: climate.total!.name, Items: [] });
    const text = body.DetailedReports.Text as string;
    expect(text).toContain('<span class="value">100</span> <span class="band">VERY HIGH</span>');
    const halfWidth = body.Uncertainty[1] as number;
    expect(text).toContain(`90 % interval ${Math.round(100 - halfWidth)}–100`);
    expect(text).toContain('Class: <strong>ACTIVIST</strong>');
    expect(text).not.toContain('±');
  });

  it('lists Opinion DNA groups and Sixteen Types letters by score, X only at exactly 50', async () => {
    const { user, cookie } = await buildMember(t.db, { subscriptionStatus: 'past_due' });
    const sixteen = content.reports.sixteen;
    // Axis 1 towards its first pole, axis 2 towards its second, axis 3 a little towards its
    // second (half Agree, half Neutral: 62.5, shown 63), axis 4 neutral.
    const answers = answersFor(sixteen, (item) => {
      const element = sixteen.elements.find((candidate) => candidate.items.includes(item))!;
      const axis = sixteen.elements.indexOf(element);
      const agree = item.keying === '+' ? 1 : 5;
      if (axis === 0) return 6 - agree;
      if (axis === 1) return agree;
      if (axis === 2) {
        return element.items.indexOf(item) < element.items.length / 2
          ? item.keying === '+'
            ? 2
            : 4
          : 3;
      }
      return 3;
    });
    await answerItems(t.db, opinionIds, user.id, answers);
    const body = (await get('/api/reports/getdetailed?name=sixteen', cookie)).json().body;
    const letters = sixteen.elements.map((element) => element.letters!);
    expect(body.Entries.map((entry: { Letters: unknown }) => entry.Letters)).toEqual(
      letters.map((pair) => ({ Low: pair.low, High: pair.high })),
    );
    expect(body.Reports.sixteen).toEqual([0, 100, 63, 50]);
    // 63's interval reaches below the middle: its letter stands, said to be slight.
    expect(body.Headline).toBe(`${letters[0]!.low}${letters[1]!.high}${letters[2]!.high}X`);
    expect(body.Leanings).toEqual(['low', 'high', 'balanced', 'balanced']);
    expect(body.DetailedReports.Text).toContain(`Your type: <strong>${body.Headline}</strong>`);
    expect(body.DetailedReports.Text).toContain(
      `Your letter: <strong>${letters[2]!.high}</strong> (slight: could be ${letters[2]!.low})`,
    );
    expect(body.DetailedReports.Text).toContain(
      `Your letter: <strong>${letters[0]!.low}</strong> (clear)`,
    );
    const listed = (await get('/api/reports/getuserreports', cookie)).json().body;
    expect(listed.Headlines.sixteen).toBe(body.Headline);
    expect(listed.Uncertainty.sixteen).toEqual(body.Uncertainty);
    expect(listed.Percentiles.sixteen).toEqual(body.Percentiles);
    expect(listed.Members.sixteen).toEqual(body.Members);

    const dna = (await get('/api/reports/getdetailed?name=opiniondna', cookie)).json().body;
    expect(new Set(dna.Entries.map((entry: { Group: string }) => entry.Group))).toEqual(
      new Set(['Personality', 'Values', 'Meta-Thinking']),
    );
    expect(dna.Reports).toEqual({ opiniondna: null });
    expect(dna.Quizzes.map((quiz: { Slug: string }) => quiz.Slug).slice(0, 2)).toEqual([
      'opinion-dna',
      '200q',
    ]);
  });

  it('shows community averages to admin-hub viewers only, withheld for small groups', async () => {
    const staff = await buildMember(t.db, { email: 'staff@example.test' });
    const hub = await buildMember(t.db, { adminHub: true });
    const { computeReportNorms } = await import('./reports.service.ts');
    await computeReportNorms(t.db);
    const norms = await t.db
      .selectFrom('reportNorms')
      .select(['entryIndex', 'members', 'mean'])
      .where('report', '=', 'ownership')
      .orderBy('entryIndex')
      .execute();
    for (const viewer of [staff, hub]) {
      const body = (await get('/api/reports/getdetailed?name=ownership', viewer.cookie)).json()
        .body;
      expect(body.Community).toEqual(
        norms.map((norm) =>
          norm.members >= 2 && norm.mean !== null ? Math.round(norm.mean * 10) / 10 : null,
        ),
      );
      expect(body.CommunityMargins).toEqual(
        norms.map((norm) => (norm.members >= 2 && norm.mean !== null ? 0 : null)),
      );
      expect(body.Budget).toMatchObject({ Limit: 1_000_000_000 });
      expect(body.Members).toEqual(norms.map((norm) => norm.members));
      expect(body.MinGroupSize).toBe(2);
    }
    // Members of earlier tests answered every Ownership item: enough for an average.
    expect(norms.every((norm) => norm.members >= 2)).toBe(true);
  });
});

describe('readMemberReport (what sharing reads)', () => {
  it('gives the scores and intervals the calls give, and none of a locked report', async () => {
    const { user, cookie } = await buildMember(t.db, { subscriptionStatus: 'active' });
    const answers = answersFor(content.reports.climate, varied);
    await answerItems(t.db, opinionIds, user.id, answers);
    const detailed = (await get('/api/reports/getdetailed?name=climate', cookie)).json().body;
    const report = await readMemberReport(t.db, user, 'climate');
    expect(report).toEqual({
      name: 'climate',
      title: content.reports.climate.title,
      locked: false,
      completion: 100,
      entries: detailed.Entries.map(
        (
          entry: { Name: string; Poles: { Low: string; High: string }; IsTotal: boolean },
          index: number,
        ) => ({
          name: entry.Name,
          poles: { low: entry.Poles.Low, high: entry.Poles.High },
          isTotal: entry.IsTotal,
          score: detailed.Reports.climate[index],
          uncertainty: detailed.Uncertainty[index],
        }),
      ),
      headline: detailed.Headline,
    });
    expect(report.entries.every((entry) => entry.score !== null)).toBe(true);

    const locked = await readMemberReport(t.db, { id: user.id, subscriptionStatus: '' }, 'climate');
    expect(locked.locked).toBe(true);
    expect(locked.completion).toBe(100);
    expect(locked.headline).toBeNull();
    expect(
      locked.entries.every((entry) => entry.score === null && entry.uncertainty === null),
    ).toBe(true);
    const free = await readMemberReport(t.db, { id: user.id, subscriptionStatus: '' }, 'ownership');
    expect(free.locked).toBe(false);
  });
});

describe('the opinion page of a quiz item', () => {
  it('names the shortest quiz that asks it, and no quiz for an ordinary opinion', async () => {
    const itemId = content.reports.bigfive.elements[0]!.items[0]!.id;
    const asking = Object.entries(content.quizzes)
      .filter(([, quiz]) => quiz.itemIds.includes(itemId))
      .sort(([, a], [, b]) => a.itemIds.length - b.itemIds.length);
    expect(asking.length).toBeGreaterThan(1);
    const [slug, quiz] = asking[0]!;
    const page = (await get(`/api/opinion/get?slug=${itemSlug(itemId)}`)).json().body;
    expect(page.Quiz).toEqual({ Slug: slug, Title: quiz.title });

    const { user, cookie } = await buildMember(t.db);
    await answerItems(t.db, opinionIds, user.id, new Map([[itemId, 2]]));
    const voted = (await get(`/api/opinion/get?slug=${itemSlug(itemId)}`, cookie)).json().body;
    expect(voted.Opinion.Rating).toBe(2);
    expect(voted.Quiz).toEqual({ Slug: slug, Title: quiz.title });

    const ordinary = await buildOpinion(t.db, { title: 'Cities should ban cars from centres' });
    expect((await get(`/api/opinion/get?slug=${ordinary.slug}`)).json().body.Quiz).toBeNull();
  });
});
