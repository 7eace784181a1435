/** SPEC.md §2: the quiz slug is cut at the first % or & character. */
export function quizSlugOf(rawSlug: string): string {
  return rawSlug.split(/[%&]/)[0] ?? '';
}
