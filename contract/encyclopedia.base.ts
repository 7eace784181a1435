/*
 * The encyclopedia's call and its sizes: no zod, so the browser can import them
 * (docs/decisions/044-a-lighter-client.md). The schemas are in encyclopedia.ts; what the page shows
 * is docs/decisions/073-the-encyclopedia-and-home.md.
 */

/** The encyclopedia's index: every topic, each category's questions, the most-voted opinions. */
export const getEncyclopedia = { method: 'GET', path: '/api/encyclopedia/get' } as const;

/** How many opinions the 'Most voted' list holds, and questions each category shows. */
export const encyclopediaSizes = { mostVoted: 10, questionsPerCategory: 5 } as const;
