import { describe, expect, it } from 'vitest';
import { quizSlugOf } from './quiz-slug.ts';

describe('quizSlugOf', () => {
  it('cuts the slug at the first % or &', () => {
    expect(quizSlugOf('opinion-dna')).toBe('opinion-dna');
    expect(quizSlugOf('opinion-dna&ref=mail')).toBe('opinion-dna');
    expect(quizSlugOf('200q%26x')).toBe('200q');
  });
});
