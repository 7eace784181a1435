import { describe, expect, it } from 'vitest';
import {
  awardDescription,
  awardThresholds,
  awardTitle,
  highestReached,
  levelForKarma,
  levels,
  nextLevel,
  nextThreshold,
  reachedThresholds,
} from './milestones.ts';

describe('levels', () => {
  it('are seven, numbered 1 to 7, with rising karma thresholds starting at 0', () => {
    expect(levels.map((level) => level.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(levels[0]!.minKarma).toBe(0);
    for (let index = 1; index < levels.length; index++) {
      expect(levels[index]!.minKarma).toBeGreaterThan(levels[index - 1]!.minKarma);
    }
  });

  it('change exactly at each threshold', () => {
    for (const level of levels) {
      expect(levelForKarma(level.minKarma).number).toBe(level.number);
      if (level.number > 1) expect(levelForKarma(level.minKarma - 1).number).toBe(level.number - 1);
    }
    expect(levelForKarma(24).number).toBe(1);
    expect(levelForKarma(25).number).toBe(2);
    expect(levelForKarma(2499).number).toBe(6);
    expect(levelForKarma(2500).number).toBe(7);
    expect(levelForKarma(10_000_000).number).toBe(7);
    expect(levelForKarma(-5).number).toBe(1);
  });

  it('name the next level until the top', () => {
    expect(nextLevel(0)?.number).toBe(2);
    expect(nextLevel(99)?.number).toBe(3);
    expect(nextLevel(100)?.number).toBe(4);
    expect(nextLevel(2500)).toBeNull();
  });
});

describe('awards', () => {
  it('use the thresholds of docs/product/constants.md#levels-and-awards', () => {
    expect(awardThresholds.votes).toEqual([1, 10, 100, 1000, 10000]);
    expect(awardThresholds.comments).toEqual([1, 10, 100, 500, 1000, 2500, 5000, 10000, 100000]);
    expect(awardThresholds.goodPoints).toEqual([
      1, 10, 100, 1000, 2500, 5000, 10000, 100000, 1000000,
    ]);
  });

  it('are reached at the threshold, not one below', () => {
    for (const [family, thresholds] of Object.entries(awardThresholds) as [
      keyof typeof awardThresholds,
      readonly number[],
    ][]) {
      thresholds.forEach((threshold, index) => {
        expect(reachedThresholds(family, threshold)).toEqual(thresholds.slice(0, index + 1));
        expect(reachedThresholds(family, threshold - 1)).toEqual(thresholds.slice(0, index));
        expect(highestReached(family, threshold)).toBe(threshold);
        expect(nextThreshold(family, threshold - 1)).toBe(threshold);
      });
    }
    expect(highestReached('votes', 0)).toBe(0);
    expect(nextThreshold('votes', 10_000)).toBeNull();
    expect(highestReached('comments', 499)).toBe(100);
    expect(highestReached('comments', 500)).toBe(500);
    expect(highestReached('goodPoints', 2499)).toBe(1000);
    expect(highestReached('goodPoints', 2500)).toBe(2500);
  });

  it('have readable names and descriptions', () => {
    expect(awardTitle('comments', 1)).toBe('First comment');
    expect(awardTitle('votes', 10)).toBe('10 votes');
    expect(awardTitle('goodPoints', 1_000_000)).toBe('1,000,000 good points');
    expect(awardTitle('goodPoints', 1000, (value) => value.toLocaleString('de-DE'))).toBe(
      '1.000 good points',
    );
    expect(awardDescription('votes', 1)).toBe('Cast your first vote');
    expect(awardDescription('comments', 500)).toBe('Write 500 comments');
    expect(awardDescription('goodPoints', 1)).toBe('Receive your first good point');
    expect(awardThresholds.minds).toEqual([1, 10, 100]);
    expect(awardTitle('minds', 1)).toBe('First mind changed');
    expect(awardTitle('minds', 10)).toBe('10 minds changed');
    expect(awardDescription('minds', 100)).toBe('Change 100 members’ minds with your arguments');
    expect(awardDescription('goodPoints', 10)).toBe('Receive 10 good points on your comments');
  });
});
