import { usePageTitle } from '../hooks/use-page-title.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Page } from '../ui/Page.tsx';

/** The argument feed's empty state (docs/product/errors.md#empty-states). */
export const noArgumentsText = 'Oh no! No arguments here yet...';

/** argFeed, `/arguments`. */
export default function ArgumentsPage() {
  usePageTitle('argFeed');
  return (
    <Page title="Arguments on Stance">
      <EmptyState title={noArgumentsText}>
        The best arguments for and against each opinion will be collected here.
      </EmptyState>
    </Page>
  );
}
