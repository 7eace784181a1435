const countFormat = new Intl.NumberFormat('en-US');

/** Every count and karma figure, in the reader's locale (docs/product/constants.md#counts). */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** 'Title' from 'title': topic titles are shown with the first letter capitalised. */
export function capitalizeFirst(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** Keeps the first `limit` characters of text, adding an ellipsis when it had more. */
export function truncate(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit).trimEnd()}…`;
}

/** '1 vote', '2 votes', with the count in locale format. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
