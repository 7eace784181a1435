import type { Profile } from '../../../contract/people.ts';
import { pageTitle, productName, type Head } from '../../../contract/routes.ts';
import { pluralize } from '../../ui/format.ts';
import { shorten } from '../../ui/shorten.ts';

/**
 * A profile page's head: who the member is, what they have contributed and their bio, and their
 * share picture (the server's `/og/profile/{username}.png`).
 */
export function profileHead(profile: Profile): Head {
  const username = profile.UsernameCased;
  const summary =
    `${username} on ${productName}: ${pluralize(profile.OpinionsTotal, 'opinion')}, ` +
    `${pluralize(profile.NumVotes, 'vote')} and ${pluralize(profile.NumComments, 'comment')}.`;
  return {
    title: pageTitle('userProfile', { username }),
    description: profile.Bio ? `${summary} ${shorten(profile.Bio, 160)}` : summary,
    type: 'website',
    image: {
      path: `/og/profile/${encodeURIComponent(username)}.png`,
      alt: `${username} on ${productName}: level, karma and contributions`,
      width: 1200,
      height: 630,
    },
  };
}
