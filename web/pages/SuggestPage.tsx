import { suggestionsThreadId } from '../../contract/comments.base.ts';
import { CommentThread } from '../features/comments/components/CommentThread.tsx';
import { Card } from '../ui/Card.tsx';
import { Page } from '../ui/Page.tsx';
import { pageTitle } from '../../contract/routes.ts';
import { routeQuery, type RouteHandle } from '../routing/route-handle.ts';
import { commentThreadQuery } from '../features/comments/api.ts';
import styles from './SuggestPage.module.css';

export const handle: RouteHandle = {
  queries: () => [routeQuery(commentThreadQuery(suggestionsThreadId, 'recent'))],
  head: ({ params }) => ({ title: pageTitle('suggest', params) }),
};

/**
 * The suggest page's guidelines: each one's name, and the sentence that says what it asks of a
 * suggestion and why (docs/decisions/039).
 */
export const suggestionGuidance = [
  {
    name: 'Any topic is allowed.',
    explanation:
      'Politics, science, sport, food or everyday life: if people disagree about it, it belongs here.',
  },
  {
    name: 'Avoid duplicates.',
    explanation:
      'Search Stance first; if the opinion is already here, vote and argue on it instead.',
  },
  {
    name: 'Genuine debate.',
    explanation:
      'Suggest something reasonable people disagree about, not a question of fact that one source can settle.',
  },
  {
    name: 'Controversial.',
    explanation:
      'The best opinions split the room; one that nearly everyone agrees with tells us little.',
  },
  {
    name: 'Sincerely held.',
    explanation:
      'Write a view that real people hold and would defend, not a joke or a provocation.',
  },
  {
    name: 'No straw men.',
    explanation:
      'State the opinion the way its supporters would, in its strongest and fairest form.',
  },
  {
    name: 'Start general.',
    explanation:
      'Begin with the broad claim; narrower versions and special cases can follow as opinions of their own.',
  },
  {
    name: 'Passionate communities.',
    explanation:
      'Opinions a community cares deeply about bring in the people who can argue them best.',
  },
  {
    name: 'Be willing to write the first For.',
    explanation:
      'If your opinion is published, be ready to post the first argument in its favour so the debate can start.',
  },
  {
    name: 'Some suggestions may wait for enough good points.',
    explanation:
      'A suggestion can wait until enough members have given it good points, so give them to the ones you want to see.',
  },
] as const;

/** suggest, `/suggest`: guidance, then the suggestions thread (sorted by recent). */
export default function SuggestPage() {
  return (
    <Page
      width="narrow"
      title="Suggest an opinion"
      intro="Propose an opinion for the community to vote on. Good suggestions follow these guidelines."
    >
      <Card heading="Guidelines">
        <ol className={styles.guidance}>
          {suggestionGuidance.map((item) => (
            <li key={item.name}>
              <strong className={styles.guidelineName}>{item.name}</strong> {item.explanation}
            </li>
          ))}
        </ol>
      </Card>
      <CommentThread
        threadID={suggestionsThreadId}
        heading="Suggestions"
        defaultSort="recent"
        kind="suggestions"
      />
    </Page>
  );
}
