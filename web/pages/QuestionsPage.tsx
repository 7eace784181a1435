import { usePageTitle } from '../hooks/use-page-title.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Page } from '../ui/Page.tsx';

/** questionFeed, `/questions`: questions for category 'all', with category tabs. */
export default function QuestionsPage() {
  usePageTitle('questionFeed');
  return (
    <Page title="Questions on Stance">
      <nav aria-label="Categories">
        <span
          aria-current="page"
          style={{
            display: 'inline-block',
            padding: 'var(--space-1) var(--space-3)',
            borderRadius: 'var(--radius-full)',
            background: 'var(--color-accent)',
            color: 'var(--color-accent-text)',
            fontWeight: 600,
            fontSize: 'var(--text-sm)',
          }}
        >
          All
        </span>
      </nav>
      <EmptyState title="No questions here yet">
        Questions gather related opinions into one conversation. The first ones are coming soon.
      </EmptyState>
    </Page>
  );
}
