import { describe, expect, it } from 'vitest';
import { awardThresholds, levels } from '../../../contract/milestones.ts';
import { articles } from '../articles/articles.ts';
import { formatCount } from '../../ui/format.ts';

describe('the levels and awards article', () => {
  it('shows every level threshold and every award threshold the server uses', () => {
    const article = articles['levels-awards']!;
    const text = article.sections
      .flatMap((section) => [...section.paragraphs, ...(section.items ?? [])])
      .join('\n');
    for (const level of levels.slice(1)) {
      expect(text).toContain(
        `Level ${level.number}, ${level.name}: ${formatCount(level.minKarma)} karma`,
      );
    }
    for (const threshold of awardThresholds.goodPoints.slice(1)) {
      expect(text).toContain(`${formatCount(threshold)} good points`);
    }
    for (const threshold of awardThresholds.comments.slice(1)) {
      expect(text).toContain(`${formatCount(threshold)} comments`);
    }
    for (const threshold of awardThresholds.votes.slice(1)) {
      expect(text).toContain(`${formatCount(threshold)} votes`);
    }
    expect(text).toContain('First comment');
  });
});
