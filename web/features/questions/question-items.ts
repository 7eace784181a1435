import {
  allCategories,
  convoImageMaxBytes,
  type ArgumentSort,
} from '../../../contract/questions.base.ts';
import { statusOf } from '../../api/client.ts';

/**
 * Every page's items in order, each once: a page can repeat an item of an earlier one when new
 * items arrive between fetches, and the first copy stays where it was.
 */
export function collectUniqueItems<Item extends { ID: number }>(
  pages: readonly { Feed: readonly Item[] }[],
): Item[] {
  const seen = new Set<number>();
  const items: Item[] = [];
  for (const page of pages) {
    for (const item of page.Feed) {
      if (seen.has(item.ID)) continue;
      seen.add(item.ID);
      items.push(item);
    }
  }
  return items;
}

/** The argument feed's orders, the bridging rank first (docs/decisions/048). */
export const argumentSortOptions: readonly { value: ArgumentSort; label: string }[] = [
  { value: 'bridging', label: 'Convincing across sides' },
  { value: 'persuasive', label: 'Most persuasive' },
  { value: 'liked', label: 'Most liked' },
  { value: 'recent', label: 'Newest' },
];

/** The `sort` of the argument feed's URL (`?sort=liked`); anything else is the default. */
export function argumentSortFromParam(value: string | null): ArgumentSort {
  return argumentSortOptions.find((option) => option.value === value)?.value ?? 'bridging';
}

/** The category tab of the question feed's URL (`?category=3`); anything else is All. */
export function categoryFromParam(value: string | null): typeof allCategories | number {
  if (value === null || !/^[1-9]\d{0,14}$/.test(value)) return allCategories;
  return Number(value);
}

/** How a side reads on an argument (docs/product/entities.md#response-types). */
export const sideLabels = { pro: 'For', con: 'Against', neutral: 'Mixed' } as const;

const megabytes = convoImageMaxBytes / (1024 * 1024);

/** What a failed image upload tells staff, by the server's status (docs/decisions/048). */
export function imageUploadErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  switch (statusOf(error)) {
    case 413:
      return `The image is too large: at most ${megabytes} MB. Choose a smaller file.`;
    case 415:
      return 'That file type is not accepted: choose a JPEG, PNG or WebP image.';
    case 400:
      return `The image could not be read${message ? ` (${message})` : ''}. Choose another file.`;
    default:
      return message || 'The image could not be uploaded.';
  }
}

/** Checked before sending: a file over the limit would only travel to be refused with 413. */
export function isImageTooLarge(file: { size: number }): boolean {
  return file.size > convoImageMaxBytes;
}
