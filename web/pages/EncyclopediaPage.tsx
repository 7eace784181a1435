import { usePageTitle } from '../hooks/use-page-title.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { Page } from '../ui/Page.tsx';

/** encyclopedia, `/encyclopedia`: what the encyclopedia of opinion is, and where to start. */
export default function EncyclopediaPage() {
  usePageTitle('encyclopedia');
  return (
    <Page
      width="narrow"
      title="Encyclopedia of opinion"
      intro="Every opinion on Stance has a page: the votes, the arguments for and against, and who holds it."
    >
      <Card>
        <p>
          Browse by topic to see the questions people care about, from the news of the day to the
          eternal questions, and add your own vote to each.
        </p>
        <p style={{ marginTop: 'var(--space-4)', display: 'flex', gap: 'var(--space-3)' }}>
          <ButtonLink to="/topics" variant="primary">
            Browse all topics
          </ButtonLink>
          <ButtonLink to="/">Start voting</ButtonLink>
        </p>
      </Card>
    </Page>
  );
}
