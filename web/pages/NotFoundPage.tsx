import { usePageTitle } from '../hooks/use-page-title.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';

/** notFound, `/not-found`, and every unknown path: page text 'Not found'. */
export default function NotFoundPage() {
  usePageTitle('notFound');
  return (
    <Page width="narrow">
      <ErrorState message="Not found">
        The page you were looking for isn&apos;t here. It may have moved, or the address may be
        mistyped.
      </ErrorState>
    </Page>
  );
}
