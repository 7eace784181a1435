import { describe, expect, it } from 'vitest';
import { capitalizeFirst, truncate } from './format.ts';

describe('truncate', () => {
  it('keeps short text whole', () => {
    expect(truncate('Short title', 70)).toBe('Short title');
    expect(truncate('x'.repeat(70), 70)).toBe('x'.repeat(70));
  });

  it('cuts long text at the limit with an ellipsis', () => {
    expect(truncate('y'.repeat(71), 70)).toBe(`${'y'.repeat(70)}…`);
  });
});

describe('capitalizeFirst', () => {
  it('capitalises only the first letter', () => {
    expect(capitalizeFirst('eternals and more')).toBe('Eternals and more');
    expect(capitalizeFirst('')).toBe('');
  });
});
