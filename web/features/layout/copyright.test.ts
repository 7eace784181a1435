import { describe, expect, it } from 'vitest';
import { copyrightText, productStartYear } from './copyright.ts';

describe('copyrightText', () => {
  it('names the one year while Stance is in its first', () => {
    expect(copyrightText(productStartYear)).toBe('© 2026 Stance');
  });

  it('runs from the start year to the current one after that', () => {
    expect(copyrightText(2028)).toBe('© 2026–2028 Stance');
  });

  it('never shows a range that runs backwards (a clock set in the past)', () => {
    expect(copyrightText(2024)).toBe('© 2026 Stance');
  });
});
