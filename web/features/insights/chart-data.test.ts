import { describe, expect, it } from 'vitest';
import { chartsShownFirst, insightsShownFirst } from '../../../contract/insights.base.ts';
import {
  consensusText,
  dotSizeFor,
  groupCharts,
  groupStyles,
  mapSummary,
  matrixCharts,
  placePoints,
  rowFigures,
  rowSummary,
  shapePath,
  splitWithheld,
  stacksFigures,
  stanceText,
  toDistribution,
  visibleItems,
  withheldText,
} from './chart-data.ts';

describe('visibleItems', () => {
  const insights = ['a', 'b', 'c', 'd', 'e'];

  it('shows two insights until See more, then all of them', () => {
    expect(visibleItems(insights, insightsShownFirst, false)).toEqual({
      shown: ['a', 'b'],
      hiddenCount: 3,
    });
    expect(visibleItems(insights, insightsShownFirst, true)).toEqual({
      shown: insights,
      hiddenCount: 0,
    });
  });

  it('shows one chart until See more', () => {
    expect(visibleItems(['gender', 'generation'], chartsShownFirst, false).shown).toEqual([
      'gender',
    ]);
  });

  it('hides nothing when there are no more than the first items', () => {
    expect(visibleItems(['a', 'b'], 2, false)).toEqual({ shown: ['a', 'b'], hiddenCount: 0 });
    expect(visibleItems([], 2, false)).toEqual({ shown: [], hiddenCount: 0 });
  });
});

describe('toDistribution', () => {
  it('stacks the five shares in vote order, filling the bar', () => {
    const distribution = toDistribution([40, 30, 10, 15, 5]);
    if (distribution.kind !== 'shown') throw new Error('expected a shown distribution');
    expect(distribution.segments.map((segment) => segment.label)).toEqual([
      'Strongly Agree',
      'Agree',
      'Neutral',
      'Disagree',
      'Strongly Disagree',
    ]);
    expect(distribution.segments.map((segment) => segment.start)).toEqual([0, 40, 70, 80, 95]);
    expect(distribution.segments.map((segment) => segment.width)).toEqual([40, 30, 10, 15, 5]);
  });

  it('reads 999 as zero, never as 999 %', () => {
    const distribution = toDistribution([999, 60, 999, 40, 999]);
    if (distribution.kind !== 'shown') throw new Error('expected a shown distribution');
    expect(distribution.segments.map((segment) => segment.percent)).toEqual([0, 60, 0, 40, 0]);
    expect(distribution.segments.map((segment) => segment.width)).toEqual([0, 60, 0, 40, 0]);
    const last = distribution.segments.at(-1)!;
    expect(last.start + last.width).toBe(100);
  });

  it('scales shares that rounding left at 99 or 101 so the bar is exactly full', () => {
    for (const shares of [
      [33, 33, 33, 999, 999],
      [34, 34, 33, 999, 999],
    ]) {
      const distribution = toDistribution(shares);
      if (distribution.kind !== 'shown') throw new Error('expected a shown distribution');
      const total = distribution.segments.reduce((sum, segment) => sum + segment.width, 0);
      expect(total).toBeCloseTo(100, 10);
      // Labels keep the server's figures.
      expect(distribution.segments[0]!.percent).toBe(shares[0]);
    }
  });

  it('tells a withheld row (null) from a row nobody voted in (all 999)', () => {
    expect(toDistribution(null)).toEqual({ kind: 'withheld' });
    expect(toDistribution([999, 999, 999, 999, 999])).toEqual({ kind: 'empty' });
  });

  it('refuses a list that is not five long', () => {
    expect(() => toDistribution([50, 50])).toThrow(/5 values/);
  });
});

describe('rows and their summaries', () => {
  it('summarises a row as agree and disagree shares, and a withheld one as too few voters', () => {
    expect(rowSummary({ key: 'f', label: 'Female', percentages: [20, 40, 10, 20, 10] }, 10)).toBe(
      'Female: 60% agree, 30% disagree',
    );
    expect(rowSummary({ key: 'o', label: 'Other', percentages: null }, 10)).toBe(
      'Other: Fewer than 10 voters',
    );
    expect(withheldText(null)).toBe('Too few voters to show');
  });

  it('puts the figures on a line of their own only when they would run into the label', () => {
    const row = {
      key: 'a',
      label: 'Group A (24 people)',
      percentages: [60, 25, 5, 5, 5],
      isMine: true,
    };
    expect(rowFigures(row)).toBe('85% agree · 10% disagree');
    expect(stacksFigures(row, 640)).toBe(false);
    expect(stacksFigures(row, 330)).toBe(true);
    expect(stacksFigures({ ...row, label: 'Male', isMine: false }, 330)).toBe(false);
  });

  it('draws rows with figures and gathers the withheld ones', () => {
    const rows = [
      { key: 'a', label: 'A', percentages: [100, 999, 999, 999, 999] },
      { key: 'b', label: 'B', percentages: null },
      { key: 'c', label: 'C', percentages: null },
    ];
    const { drawn, withheld } = splitWithheld(rows);
    expect(drawn.map((row) => row.key)).toEqual(['a']);
    expect(withheld.map((row) => row.key)).toEqual(['b', 'c']);
  });
});

describe('matrixCharts', () => {
  it('makes one chart per field in the contract order, answers labelled, missing ones withheld', () => {
    const charts = matrixCharts({
      gender: { male: [50, 50, 999, 999, 999], female: [10, 20, 30, 20, 20] },
      generation: { y: [25, 25, 25, 25, 999] },
    });
    expect(charts.map((chart) => chart.title)).toEqual(['Gender', 'Generation']);
    expect(charts[0]!.rows.map((row) => [row.label, row.percentages === null])).toEqual([
      ['Male', false],
      ['Female', false],
      ['Non-binary', true],
      ['Other', true],
    ]);
    expect(charts[1]!.rows.find((row) => row.key === 'y')!.label).toBe('Millennial (1981–1996)');
  });

  it('puts a field with something to draw before fields whose answers are all withheld', () => {
    const charts = matrixCharts({
      gender: { male: null, female: null },
      religion: { atheist: [20, 20, 20, 20, 20] },
    });
    expect(charts.map((chart) => chart.key)).toEqual(['religion', 'gender']);
  });

  it('names the nationalities the matrix holds and leaves out a field with no answers', () => {
    const charts = matrixCharts({ nationality: { us: [100, 999, 999, 999, 999], gb: null } });
    expect(charts).toHaveLength(1);
    expect(charts[0]!.rows.map((row) => row.label)).toEqual(['United Kingdom', 'United States']);
    expect(matrixCharts({ nationality: {} })).toEqual([]);
  });
});

describe('groups', () => {
  it('makes one chart per topic with each group sized and the member’s group marked', () => {
    const charts = groupCharts([
      { TopicSlug: 'a', TopicTitle: 'A', ID: 0, Size: 12, Percentages: null, Mine: false },
      {
        TopicSlug: 'a',
        TopicTitle: 'A',
        ID: 1,
        Size: 1,
        Percentages: [1, 2, 3, 4, 90],
        Mine: true,
      },
      { TopicSlug: 'b', TopicTitle: 'B', ID: 0, Size: 30, Percentages: null, Mine: false },
    ]);
    expect(charts.map((chart) => chart.slug)).toEqual(['a', 'b']);
    expect(charts[0]!.rows.map((row) => [row.label, row.shortLabel, row.isMine])).toEqual([
      ['Group A (12 people)', 'Group A', false],
      ['Group B (1 person)', 'Group B', true],
    ]);
  });

  it('keeps a group’s name, colour and shape with its id, whatever the order', () => {
    const styled = groupStyles([
      { ID: 2, Size: 5 },
      { ID: 0, Size: 9 },
    ]);
    expect(styled.map((group) => [group.ID, group.name, group.shape])).toEqual([
      [0, 'Group A', 'circle'],
      [2, 'Group C', 'triangle'],
    ]);
    expect(groupStyles([{ ID: 2, Size: 1 }])[0]!.shape).toBe('triangle');
    expect(groupStyles([{ ID: 5, Size: 1 }])[0]!.shape).toBe('circle');
  });

  it('words a group’s opinion by the side it stands on', () => {
    expect(stanceText({ Agree: 82, Disagree: 10, Direction: 'agree' }, 'of this group')).toBe(
      '82% of this group agree',
    );
    expect(stanceText({ Agree: 5, Disagree: 71, Direction: 'disagree' }, 'of this group')).toBe(
      '71% of this group disagree',
    );
    expect(consensusText(64)).toBe('At least 64% of every group agree');
    expect(consensusText(100)).toBe('Everyone in every group agrees');
  });

  it('summarises the map for screen readers, with the reader’s group', () => {
    const styled = groupStyles([
      { ID: 0, Size: 30 },
      { ID: 1, Size: 1 },
    ]);
    expect(mapSummary(styled, 31, 1)).toBe(
      'Map of 31 voters in 2 opinion groups: Group A, 30 people, circles; ' +
        'Group B, 1 person, squares. You are in Group B, marked You.',
    );
    expect(mapSummary(styled, 31, null)).not.toMatch(/You/);
  });
});

describe('placePoints', () => {
  const frame = { width: 600, height: 360, padding: 20 };

  it('fits the points inside the frame with one scale for both axes, y upwards', () => {
    const placed = placePoints(
      [
        { X: -1, Y: 0, Group: 1 },
        { X: 1, Y: 0, Group: 2 },
        { X: 0, Y: 0.5, Group: 1 },
      ],
      frame,
    );
    // x spans 2 units over 560 px (scale 280); y's 0.5 units then take 140 px, centred.
    expect(placed.map((point) => [point.x, point.y])).toEqual([
      [20, 250],
      [580, 250],
      [300, 110],
    ]);
    for (const point of placed) {
      expect(point.x).toBeGreaterThanOrEqual(frame.padding);
      expect(point.x).toBeLessThanOrEqual(frame.width - frame.padding);
      expect(point.y).toBeGreaterThanOrEqual(frame.padding);
      expect(point.y).toBeLessThanOrEqual(frame.height - frame.padding);
    }
  });

  it('puts a lone point, or points all in one place, in the middle', () => {
    expect(placePoints([{ X: 5, Y: -3, Group: 1 }], frame)).toEqual([
      { x: 300, y: 180, group: 1, index: 0 },
    ]);
    expect(placePoints([], frame)).toEqual([]);
  });

  it('draws fewer voters with larger dots', () => {
    expect(dotSizeFor(60)).toBeGreaterThan(dotSizeFor(1_000));
    expect(dotSizeFor(1_000)).toBeGreaterThan(dotSizeFor(10_000));
  });

  it('draws each mark as a closed path around its point', () => {
    for (const shape of ['circle', 'square', 'triangle', 'diamond', 'cross'] as const) {
      const path = shapePath(shape, 100, 50, 10);
      expect(path.startsWith('M')).toBe(true);
      expect(path.endsWith('Z')).toBe(true);
    }
  });
});
