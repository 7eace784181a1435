import { pageTitle, productName, type Head } from '../../../contract/routes.ts';
import { shorten } from '../../ui/shorten.ts';
import type { SharedResult } from './shares-api.ts';

/** The removed state's text, as the server says it (410). */
export const removedSharedResultText = 'This result was removed by the person who shared it';

/** Who shared the result: their username when they chose to show it. */
export function whoShared(shared: SharedResult): string {
  return shared.Username ?? `A ${productName} member`;
}

/**
 * A shared result's head (docs/decisions/041): its title, its scores as the description and its
 * share picture, so a shared link previews with the card. Never listed by search engines.
 */
export function sharedResultHead(params: Record<string, string>, shared: SharedResult): Head {
  const scores = shared.Entries.filter((entry) => entry.Score !== null)
    .map((entry) => `${entry.Name} ${entry.Score}`)
    .join(', ');
  const headline = shared.Headline ? ` (${shared.Headline})` : '';
  return {
    title: pageTitle('sharedReport', params, shared.Title),
    description: shorten(
      `${whoShared(shared)}'s ${shared.Title} result${headline} on ${productName}: ${scores}. ` +
        'Take the quiz yourself.',
      200,
    ),
    type: 'website',
    noindex: true,
    image: {
      path: shared.ImageUrl,
      alt: `${shared.Title}: ${whoShared(shared)}'s scores, each with its 90 % interval`,
      width: 1200,
      height: 630,
    },
  };
}

/** A removed result's head (410): that its member removed it. */
export function removedSharedResultHead(params: Record<string, string>): Head {
  return {
    title: pageTitle('sharedReport', params),
    description: removedSharedResultText,
    noindex: true,
  };
}
