import { describe, expect, it } from 'vitest';
import { activityTitleLimit } from '../feed/components/SidebarCards.tsx';
import { truncate } from '../../ui/format.ts';

describe('activity rows', () => {
  it('cut opinion titles at 70 characters (docs/product/constants.md)', () => {
    expect(activityTitleLimit).toBe(70);
    const title =
      'Governments should guarantee every citizen a basic income regardless of whether they work';
    const shown = truncate(title, activityTitleLimit);
    expect(shown).toBe('Governments should guarantee every citizen a basic income regardless o…');
    expect(shown.length).toBeLessThanOrEqual(71);
    const exactly70 = 'x'.repeat(70);
    expect(truncate(exactly70, activityTitleLimit)).toBe(exactly70);
  });
});
