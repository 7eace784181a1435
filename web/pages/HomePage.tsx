import { usePageTitle } from '../hooks/use-page-title.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { Page } from '../ui/Page.tsx';

/** home, `/home`: a placeholder text page (docs/product/screens.md#routes). */
export default function HomePage() {
  usePageTitle('home');
  return (
    <Page
      width="narrow"
      title="Welcome to Stance"
      intro="The encyclopedia of opinion: what people think about the questions that matter, and why."
    >
      <Card>
        <p>
          Vote on opinions on a five-point scale, read the strongest arguments for and against, and
          see where you stand compared with everyone else.
        </p>
        <p style={{ marginTop: 'var(--space-4)', display: 'flex', gap: 'var(--space-3)' }}>
          <ButtonLink to="/" variant="primary">
            Start voting
          </ButtonLink>
          <ButtonLink to="/topics">Browse topics</ButtonLink>
        </p>
      </Card>
    </Page>
  );
}
