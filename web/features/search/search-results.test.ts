import { describe, expect, it } from 'vitest';
import { searchPagePath } from './search-results.ts';

describe('searchPagePath', () => {
  it('is the results page for the trimmed query, encoded, with the cursor when given', () => {
    expect(searchPagePath('  climate change ')).toBe('/search?q=climate+change');
    expect(searchPagePath('a&b=c#d')).toBe('/search?q=a%26b%3Dc%23d');
    expect(searchPagePath('climate', 'eyJuIjoyMH0')).toBe('/search?q=climate&after=eyJuIjoyMH0');
  });
});
