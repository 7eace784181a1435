/*
 * The questions-and-arguments calls' methods and paths, and the values both sides share: no zod, so
 * the browser can import them (docs/decisions/044-a-lighter-client.md). The schemas are in
 * questions.ts; the model and the ranking are docs/decisions/047-questions-and-arguments.md.
 */

/** The `categoryID` of the question feed's first tab: every category. */
export const allCategories = 'all';

/** The question page of a question's slug (its `Link`). */
export function questionLink(slug: string): string {
  return `/question/${slug}`;
}

/** The router's pattern of the question page. */
export const questionRoute = '/question/:slug';

/** Question titles: the question itself, one sentence. */
export const convoTitleLimits = { min: 8, max: 160 } as const;

/** Longest question description, in characters of plain text (line breaks kept). */
export const convoDescriptionMaxLength = 2000;

/** A question gathers this many positions (opinions), in the order staff chose. */
export const convoPositionLimits = { min: 2, max: 8 } as const;

export const categoryTitleLimits = { min: 2, max: 40 } as const;

/** The image types a question's image may be uploaded as (the bytes are checked, not only this). */
export const convoImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ConvoImageType = (typeof convoImageTypes)[number];

/** Largest image accepted, in bytes of the file (before base64): larger gets 413. */
export const convoImageMaxBytes = 5 * 1024 * 1024;

/**
 * The widths (CSS pixels at 1x) each image is re-encoded to as WebP, smallest first; an image
 * narrower than a width is not enlarged, so its `ImageSrcSet` may list fewer, smaller widths.
 */
export const convoImageWidths = [320, 640, 1280] as const;

/**
 * How the argument feed is ordered: `bridging` (default) by good points weighted by how the likers
 * voted on the position, `persuasive` by the minds an argument changed, then as `bridging`,
 * `liked` by good points alone, `recent` newest first.
 */
export const argumentSorts = ['bridging', 'persuasive', 'liked', 'recent'] as const;
export type ArgumentSort = (typeof argumentSorts)[number];

/** The label of an argument whose `Convincing` is true. */
export const convincingBadgeLabel = 'Convincing across sides';

/** The argument feed's empty state (docs/product/errors.md). */
export const noArgumentsText = 'Oh no! No arguments here yet...';

/** How many arguments for and against each position the question page shows. */
export const strongestArgumentsPerSide = 3;

export const convoFeed = { method: 'POST', path: '/api/convo/feed' } as const;
export const argFeed = { method: 'POST', path: '/api/arg/feed' } as const;
export const getConvo = { method: 'GET', path: '/api/convo/get' } as const;
export const createConvo = { method: 'POST', path: '/api/convo/new' } as const;
export const editConvo = { method: 'POST', path: '/api/convo/edit' } as const;
export const uploadConvoImage = { method: 'POST', path: '/api/convo/image' } as const;
export const deleteConvoImage = { method: 'POST', path: '/api/convo/image/delete' } as const;
export const getAllCategories = { method: 'GET', path: '/api/category/getall' } as const;
export const createCategory = { method: 'POST', path: '/api/category/new' } as const;
export const editCategory = { method: 'POST', path: '/api/category/edit' } as const;
export const deleteCategory = { method: 'POST', path: '/api/category/delete' } as const;
