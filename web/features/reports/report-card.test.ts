import { describe, expect, it } from 'vitest';
import {
  axisReadingOf,
  bandReadingOf,
  barDescription,
  buildCard,
  displayOrder,
  hasOwnScores,
  headlineOf,
  letterMeaning,
  unscoredText,
  type CardEntry,
  type DetailedReport,
} from './report-card.ts';

function entry(name: string, overrides: Partial<CardEntry> = {}): CardEntry {
  return {
    ID: name.toLowerCase().replace(/\W+/g, '-'),
    Name: name,
    Help: `What ${name} means.`,
    Poles: { Low: 'Progressive', High: 'Conservative' },
    Group: null,
    Letters: null,
    IsTotal: false,
    ...overrides,
  };
}

/** A Sexuality-shaped answer: five elements, then the total (as the arrays carry it). */
function sexualityReport(overrides: Partial<DetailedReport> = {}): DetailedReport {
  const entries = [
    entry('Sexual Licence'),
    entry('Innate Sexuality'),
    entry('Sex and Power'),
    entry('Relationship'),
    entry('Sex and Gender'),
    entry('Total Score', { ID: 'total', IsTotal: true }),
  ];
  return {
    Name: 'sexuality',
    Title: 'Sexuality',
    Intro: 'How you see sex.',
    Sources: [{ Title: 'A paper', Url: 'https://example.org/paper' }],
    Entries: entries,
    Reports: { sexuality: [20, 40, 60, 80, null, null] },
    Uncertainty: [5, 12, 4, 6, null, null],
    Leanings: ['low', 'balanced', 'high', 'high', null, null],
    Percentiles: [10, null, 55, 90, null, null],
    Members: [1240, 12, 1240, 1240, 3, 3],
    Answered: [4, 4, 4, 4, 1, 17],
    Headline: null,
    DetailedReports: { Text: '<p>Text</p>' },
    Completion: 60,
    Locked: false,
    Quizzes: [{ Slug: 'sexuality', Title: 'Sexuality' }],
    Scoring: {
      Formula: 'The mean of the answers.',
      Entries: [
        ...entries
          .filter((item) => !item.IsTotal)
          .map((item) => ({
            Name: item.Name,
            Items: [1, 2, 3, 4].map((n) => ({
              Text: `${item.Name} statement ${n}`,
              Keying: n % 2 ? ('+' as const) : ('-' as const),
              Link: `/o/${item.ID}-${n}`,
            })),
          })),
        { Name: 'Total Score', Items: [] },
      ],
    },
    ...overrides,
  };
}

const flatEntries = (card: ReturnType<typeof buildCard>) =>
  card.groups.flatMap((group) => group.entries);

describe('bandReadingOf', () => {
  it('keeps the band and names beside it the bands the interval reaches', () => {
    const views = flatEntries(buildCard('sexuality', sexualityReport()));
    // 20 ± 5 (15–25) reaches LOW, 40 ± 12 (28–52) MEDIUM, 60 ± 4 (56–64) HIGH, 80 ± 6 (74–86)
    // VERY HIGH; the total is unscored, and so is Sex and Gender.
    expect(views.map(bandReadingOf)).toEqual([
      null,
      { band: 'VERY LOW', couldBe: ['LOW'] },
      { band: 'LOW', couldBe: ['MEDIUM'] },
      { band: 'MEDIUM', couldBe: ['HIGH'] },
      { band: 'HIGH', couldBe: ['VERY HIGH'] },
      null,
    ]);
    expect(
      bandReadingOf({
        ...flatEntries(buildCard('sexuality', sexualityReport()))[4]!,
        score: 70,
        uncertainty: 5,
      }),
    ).toEqual({ band: 'HIGH', couldBe: [] });
  });

  it('reads a sample score with the sample interval', () => {
    const card = buildCard('sexuality', sexualityReport({ Locked: true, Reports: {} }));
    // Sample 72 ± 9: 63–81 reaches VERY HIGH.
    expect(bandReadingOf(flatEntries(card)[1]!)).toEqual({ band: 'HIGH', couldBe: ['VERY HIGH'] });
  });
});

describe('unscoredText', () => {
  it('says how many answers an element needs, and that a total needs every part', () => {
    expect(unscoredText({ IsTotal: false }, 4)).toBe(
      'Not scored yet: a score needs answers to 2 of its 4 statements',
    );
    expect(unscoredText({ IsTotal: false }, 3)).toBe(
      'Not scored yet: a score needs answers to 2 of its 3 statements',
    );
    expect(unscoredText({ IsTotal: false }, 4, 1)).toBe(
      'Not scored yet: a score needs answers to 2 of its 4 statements (1 so far)',
    );
    expect(unscoredText({ IsTotal: false }, 0)).toBe('Not scored yet');
    expect(unscoredText({ IsTotal: true }, 0)).toBe(
      'Not scored yet: the total appears once every part has a score',
    );
  });
});

describe('displayOrder', () => {
  const withTotal = [{ IsTotal: false }, { IsTotal: false }, { IsTotal: true }];

  it('puts the total first on the cards that list it first', () => {
    expect(displayOrder('sexuality', withTotal)).toEqual([2, 0, 1]);
    expect(displayOrder('climate', withTotal)).toEqual([2, 0, 1]);
    expect(displayOrder('fem', withTotal)).toEqual([2, 0, 1]);
    expect(displayOrder('gender', withTotal)).toEqual([2, 0, 1]);
  });

  it('keeps the arrays order elsewhere, the total last', () => {
    expect(displayOrder('woke', withTotal)).toEqual([0, 1, 2]);
    expect(displayOrder('religiosity', withTotal)).toEqual([0, 1, 2]);
    expect(displayOrder('bigfive', [{ IsTotal: false }, { IsTotal: false }])).toEqual([0, 1]);
  });
});

describe('buildCard', () => {
  it("draws the member's own entries, total first, each with its own interval and percentile", () => {
    const card = buildCard('sexuality', sexualityReport());
    expect(card.sampleReason).toBeNull();
    expect(card.hasCommunity).toBe(false);
    const views = flatEntries(card);
    expect(views.map((view) => view.entry.Name)).toEqual([
      'Total Score',
      'Sexual Licence',
      'Innate Sexuality',
      'Sex and Power',
      'Relationship',
      'Sex and Gender',
    ]);
    expect(views[1]).toMatchObject({
      index: 0,
      score: 20,
      uncertainty: 5,
      leaning: 'low',
      percentile: 10,
      members: 1240,
      statements: 4,
    });
    expect(views[2]).toMatchObject({ score: 40, leaning: 'balanced', percentile: null });
    expect(views[0]).toMatchObject({ index: 5, score: null, statements: 0 });
  });

  it('draws samples, marked, for a locked report', () => {
    const card = buildCard(
      'sexuality',
      sexualityReport({
        Locked: true,
        Reports: {},
        Uncertainty: null,
        Leanings: null,
        Percentiles: null,
      }),
    );
    expect(card.sampleReason).toBe('locked');
    const views = flatEntries(card);
    expect(views.map((view) => view.score)).toEqual([53, 72, 35, 58, 81, 17]);
    expect(views.every((view) => view.percentile === null && view.uncertainty === 9)).toBe(true);
  });

  it('falls back to samples when the scores array has the wrong length', () => {
    const card = buildCard('sexuality', sexualityReport({ Reports: { sexuality: [50, 50] } }));
    expect(card.sampleReason).toBe('wrong-length');
    expect(flatEntries(card).map((view) => view.score)).toEqual([53, 72, 35, 58, 81, 17]);
  });

  it('shows samples when nothing of the report is answered yet', () => {
    const card = buildCard('sexuality', sexualityReport({ Reports: { sexuality: null } }));
    expect(card.sampleReason).toBe('unanswered');
  });

  it('ignores a side array of the wrong length rather than misplacing its values', () => {
    const card = buildCard('sexuality', sexualityReport({ Percentiles: [99], Uncertainty: [1] }));
    expect(flatEntries(card).every((view) => view.percentile === null)).toBe(true);
    expect(flatEntries(card).every((view) => view.uncertainty === null)).toBe(true);
  });

  it('carries the community average, null when withheld, for admin-hub viewers', () => {
    const card = buildCard(
      'sexuality',
      sexualityReport({ Community: [51.4, null, 40, 60, 70, 55], MinGroupSize: 7 }),
    );
    expect(card.hasCommunity).toBe(true);
    const views = flatEntries(card);
    expect(views[1]!.community).toBe(51.4);
    expect(views[2]!.community).toBeNull();
    // The server's MIN_GROUP_SIZE, not a number written into the client.
    expect(barDescription(views[2]!, false)).toContain(
      'community average withheld: fewer than 7 members',
    );
    expect(barDescription(views[1]!, false)).toContain('community average 51');
  });

  it("groups the Opinion DNA's elements by their group, in order", () => {
    const groups = ['Personality', 'Values', 'Meta-Thinking'];
    const counts = [12, 24, 12];
    const entries = groups.flatMap((group, g) =>
      Array.from({ length: counts[g]! }, (_, n) => entry(`${group} ${n}`, { Group: group })),
    );
    const report = sexualityReport({
      Name: 'opiniondna',
      Entries: entries,
      Reports: { opiniondna: entries.map(() => 50) },
      Uncertainty: null,
      Leanings: null,
      Percentiles: null,
      Members: entries.map(() => 0),
    });
    const card = buildCard('opiniondna', report);
    expect(card.groups.map((group) => [group.name, group.entries.length])).toEqual([
      ['Personality', 12],
      ['Values', 24],
      ['Meta-Thinking', 12],
    ]);
  });
});

describe('bar descriptions', () => {
  it('reads the score, interval, label and poles, and marks samples', () => {
    const [total, licence] = flatEntries(buildCard('sexuality', sexualityReport()));
    expect(barDescription(licence!, false)).toBe(
      'Sexual Licence: 20 out of 100; 90 % interval 15 to 25; VERY LOW, could be LOW; Progressive at 0, Conservative at 100',
    );
    expect(barDescription(total!, false)).toBe(
      'Total Score: not scored yet; Progressive at 0, Conservative at 100',
    );
    expect(barDescription(licence!, true)).toMatch(/^Sample value, not yours; /);
  });
});

describe('headlines', () => {
  const axes = [
    entry('Extravert/Introvert', {
      Letters: { Low: 'E', High: 'I' },
      Poles: { Low: 'Extravert', High: 'Introvert' },
    }),
    entry('Sensing/Intuition', {
      Letters: { Low: 'S', High: 'N' },
      Poles: { Low: 'Sensing', High: 'Intuition' },
    }),
    entry('Thinking/Feeling', {
      Letters: { Low: 'T', High: 'F' },
      Poles: { Low: 'Thinking', High: 'Feeling' },
    }),
    entry('Judging/Perceiving', {
      Letters: { Low: 'J', High: 'P' },
      Poles: { Low: 'Judging', High: 'Perceiving' },
    }),
  ];

  it("uses the server's letters for the member's own scores", () => {
    const report = sexualityReport({
      Name: 'sixteen',
      Entries: axes,
      Reports: { sixteen: [30, 50, 70, 20] },
      Headline: 'EXFJ',
    });
    expect(headlineOf('sixteen', report, buildCard('sixteen', report))).toBe('EXFJ');
  });

  it('derives sample letters from the samples by score, as the server does', () => {
    const report = sexualityReport({ Name: 'sixteen', Entries: axes, Locked: true, Reports: {} });
    // Samples 72, 35, 58, 81: a letter on every axis, though 58 ± 9 reaches the middle.
    expect(headlineOf('sixteen', report, buildCard('sixteen', report))).toBe('ISFP');
  });

  it('shows each axis’s letter with its clarity', () => {
    const report = sexualityReport({
      Name: 'sixteen',
      Entries: axes,
      Reports: { sixteen: [63, 37, 50, null] },
      Uncertainty: [18, 10, 10, null],
      Leanings: ['balanced', 'low', 'balanced', null],
      Percentiles: [null, null, null, null],
      Members: [0, 0, 0, 0],
      Headline: 'ISXX',
    });
    const views = flatEntries(buildCard('sixteen', report));
    expect(views.map(axisReadingOf)).toEqual([
      { letter: 'I', clarity: 'slight', couldBe: 'E' },
      { letter: 'S', clarity: 'clear', couldBe: null },
      { letter: 'X', clarity: 'even', couldBe: null },
      { letter: 'X', clarity: 'unscored', couldBe: null },
    ]);
    expect(axisReadingOf(flatEntries(buildCard('sexuality', sexualityReport()))[1]!)).toBeNull();
  });

  it('explains each letter by its pole, X as the middle', () => {
    expect(letterMeaning('I', axes[0]!)).toBe('Introvert');
    expect(letterMeaning('S', axes[1]!)).toBe('Sensing');
    expect(letterMeaning('X', axes[2]!)).toBe('between Thinking and Feeling');
  });

  it('classes a sample climate total', () => {
    const climate = sexualityReport({
      Name: 'climate',
      Entries: [entry('Pessimism'), entry('Total Climate Score', { IsTotal: true })],
      Locked: true,
      Reports: {},
    });
    // Sample 72, total 72: BELIEVER.
    expect(headlineOf('climate', climate, buildCard('climate', climate))).toBe('BELIEVER');
  });
});

describe('hasOwnScores', () => {
  it('is true only for an unlocked card with at least one score of its own', () => {
    expect(hasOwnScores('sexuality', sexualityReport())).toBe(true);
    expect(hasOwnScores('sexuality', sexualityReport({ Locked: true, Reports: {} }))).toBe(false);
    expect(hasOwnScores('sexuality', sexualityReport({ Reports: { sexuality: null } }))).toBe(
      false,
    );
    expect(
      hasOwnScores(
        'sexuality',
        sexualityReport({ Reports: { sexuality: [null, null, null, null, null, null] } }),
      ),
    ).toBe(false);
  });
});
