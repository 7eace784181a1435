import { pageTitle } from '../../contract/routes.ts';
import type { RouteHandle } from '../routing/route-handle.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';

export const handle: RouteHandle = {
  head: ({ params }) => ({
    title: pageTitle('notFound', params),
    description:
      'The page you were looking for isn’t here. It may have moved, or the address may be mistyped.',
    noindex: true,
  }),
};

/** notFound, `/not-found`, and every unknown path: page text 'Not found'. */
export default function NotFoundPage() {
  return (
    <Page width="narrow">
      <ErrorState message="Not found">
        The page you were looking for isn&apos;t here. It may have moved, or the address may be
        mistyped.
      </ErrorState>
    </Page>
  );
}
