import { describe, expect, it } from 'vitest';
import { quizSlugOf } from './reports.ts';

describe('quizSlugOf', () => {
  it('cuts the path segment at the first % or &', () => {
    expect(quizSlugOf('fundamentals-sc%20x')).toBe('fundamentals-sc');
    expect(quizSlugOf('fundamentals-sc&utm=1')).toBe('fundamentals-sc');
    expect(quizSlugOf('fundamentals-sc&a%b')).toBe('fundamentals-sc');
    expect(quizSlugOf('opinion-dna')).toBe('opinion-dna');
    expect(quizSlugOf('%20')).toBe('');
  });
});
