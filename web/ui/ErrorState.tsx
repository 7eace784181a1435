import { useContext, type ReactNode } from 'react';
import { ButtonLink } from './Button.tsx';
import { errorTextFor } from './error-texts.ts';
import styles from './ErrorState.module.css';
import { PageHasHeadingContext } from './page-heading.ts';

type ErrorStateProps = {
  /** A failed call: its status picks the text (docs/product/errors.md#page-states). */
  error?: unknown;
  /** A fixed text instead (e.g. 'Access denied'). */
  message?: string;
  children?: ReactNode;
  /** Offer a way back to the feed (default) or not. */
  hasHomeLink?: boolean;
  /**
   * Whether the message is the page's h1: by default when the state is all there is on a page
   * without a title (Not found, a missing opinion, topic or profile).
   */
  isPageHeading?: boolean;
};

export function ErrorState({
  error,
  message,
  children,
  hasHomeLink = true,
  isPageHeading,
}: ErrorStateProps) {
  const pageHasHeading = useContext(PageHasHeadingContext);
  const Message = (isPageHeading ?? !pageHasHeading) ? 'h1' : 'p';
  return (
    <div className={styles.state} role="alert">
      <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true" fill="none">
        <circle cx="24" cy="24" r="20" stroke="currentColor" strokeWidth="2.5" />
        <path d="M24 14v12" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        <circle cx="24" cy="33" r="2" fill="currentColor" />
      </svg>
      <Message className={styles.message}>{message ?? errorTextFor(error)}</Message>
      {children ? <div className={styles.detail}>{children}</div> : null}
      {hasHomeLink ? (
        <div className={styles.actions}>
          <ButtonLink to="/" variant="primary">
            Go to For You
          </ButtonLink>
          <ButtonLink to="/topics">Browse topics</ButtonLink>
        </div>
      ) : null}
    </div>
  );
}
