import { noVotesMarker } from '../../../contract/constants.ts';
import type { Opinion, VoteResults } from '../../../contract/entities.ts';
import { formatCount } from '../../../contract/numbers.base.ts';
import { pageTitle, productName, type Head } from '../../../contract/routes.ts';

/**
 * "62% agree and 30% disagree (1,204 votes so far)", and an invitation to vote; without the
 * shares for a reader who has not voted (results come after one's own vote), as the page shows.
 */
export function describeStanding(results: VoteResults | null, numVotes: number): string {
  const invitation = `Where do you stand? Vote and argue for or against on ${productName}.`;
  if (numVotes === 0) return `Nobody has voted yet. ${invitation}`;
  const votes = `${formatCount(numVotes)} ${numVotes === 1 ? 'vote' : 'votes'}`;
  if (!results) return `${votes} so far. ${invitation}`;
  const share = (rating: number) => {
    const percent = results.Percentages[rating] ?? noVotesMarker;
    return percent === noVotesMarker ? 0 : percent;
  };
  const agree = share(0) + share(1);
  const disagree = share(3) + share(4);
  return `${agree}% agree and ${disagree}% disagree (${votes} so far). ${invitation}`;
}

/**
 * An opinion page's head: its title, where people stand, and its share image, whose address
 * changes with the standing so a preview shows the new one (the image route's ETag checks it).
 */
export function opinionHead(
  params: Record<string, string>,
  opinion: Opinion,
  results: VoteResults | null,
): Head {
  const version = [opinion.NumVotes, ...(results?.Percentages ?? [])].join('.');
  return {
    title: pageTitle('opinion', params, opinion.Title),
    description: describeStanding(results, opinion.NumVotes),
    type: 'article',
    image: {
      path: `/og/opinion/${encodeURIComponent(opinion.Slug)}.png?v=${version}`,
      alt: `How people voted on “${opinion.Title}”`,
      width: 1200,
      height: 630,
    },
  };
}
