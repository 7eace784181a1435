import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ButtonLink } from '../ui/Button.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';

/**
 * When a page fails to render (or its code fails to load after a deploy), say so and offer a
 * reload, instead of a blank screen.
 */
export default function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Something went wrong on this page';
  return (
    <Page width="narrow">
      <ErrorState message={message} hasHomeLink={false}>
        <p>Reloading usually helps. If it keeps happening, please tell us.</p>
        <p
          style={{
            marginTop: 'var(--space-4)',
            display: 'flex',
            gap: 12,
            justifyContent: 'center',
          }}
        >
          <a href={window.location.href}>Reload this page</a>
          <ButtonLink to="/">Go to For You</ButtonLink>
        </p>
      </ErrorState>
    </Page>
  );
}
