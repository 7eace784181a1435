import type { Convo } from '../../../contract/questions.ts';
import { pageTitle, productName, type Head } from '../../../contract/routes.ts';
import { pluralize } from '../../ui/format.ts';
import { shorten } from '../../ui/shorten.ts';

/**
 * A question page's head: its title, its description (or what it gathers), and its share picture
 * (the server's `/og/question/{slug}.png`).
 */
export function questionHead(convo: Convo, numPositions: number): Head {
  const counts =
    `${pluralize(numPositions, 'position')}, ${pluralize(convo.NumVotes, 'vote')} and ` +
    `${pluralize(convo.NumArguments, 'argument')} on ${productName}.`;
  return {
    title: pageTitle('question', {}, convo.Title),
    description: convo.Description
      ? `${shorten(convo.Description, 150)} ${counts}`
      : `${counts} Where do you stand on each position?`,
    type: 'website',
    image: {
      path: `/og/question/${encodeURIComponent(convo.Slug)}.png`,
      alt: `“${convo.Title}”: its positions and where people stand`,
      width: 1200,
      height: 630,
    },
  };
}
