import { suggestionsThreadId } from '../../contract/comments.ts';
import { CommentThread } from '../features/comments/components/CommentThread.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { Card } from '../ui/Card.tsx';
import { Page } from '../ui/Page.tsx';
import styles from './SuggestPage.module.css';

/** SPEC.md §2: the suggest page's guidance list. */
export const suggestionGuidance = [
  'any topic is allowed',
  'avoid duplicates',
  'genuine debate',
  'controversial',
  'sincerely held',
  'no straw men',
  'start general',
  'passionate communities',
  'be willing to write the first For',
  'some suggestions may wait for enough good points',
] as const;

/** suggest, `/suggest`: guidance, then the suggestions thread (sorted by recent). */
export default function SuggestPage() {
  usePageTitle('suggest');
  return (
    <Page
      width="narrow"
      title="Suggest an opinion"
      intro="Propose an opinion for the community to vote on. Good suggestions follow these guidelines."
    >
      <Card heading="Guidelines">
        <ol className={styles.guidance}>
          {suggestionGuidance.map((item) => (
            <li key={item}>{item}</li>
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
