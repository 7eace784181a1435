import { describe, expect, it } from 'vitest';
import { readingGuide, textHeadings } from './payments.ebook.ts';

describe('the manual’s bands', () => {
  it('heads each of an element’s three texts with the product’s five bands', () => {
    expect(textHeadings).toEqual([
      ['low', 'VERY LOW and LOW (0–40)'],
      ['middle', 'MEDIUM (41–60)'],
      ['high', 'HIGH and VERY HIGH (61–100)'],
    ]);
  });

  it('explains the five bands, the interval beside the band and the letters’ clarity', () => {
    expect(readingGuide).toContain(
      '0–20 VERY LOW, 21–40 LOW, 41–60 MEDIUM, 61–80 HIGH, 81–100 VERY HIGH',
    );
    expect(readingGuide).toContain('“HIGH, could be MEDIUM”');
    expect(readingGuide).toContain('X only at exactly 50');
    expect(readingGuide).not.toContain('BALANCED');
  });
});
