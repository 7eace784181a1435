import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { erasedUsername } from '../../../../contract/constants.ts';

/**
 * A member's name linking to their profile; an erased account's `[deleted]` is plain text, since
 * it has no profile (docs/decisions/083-your-data-and-the-privacy-secret.md).
 */
export function MemberLink({
  username,
  className,
  children,
}: {
  username: string;
  className?: string;
  /** What the link shows; the username by default. */
  children?: ReactNode;
}) {
  if (username === erasedUsername) {
    return <span className={className}>{children ?? username}</span>;
  }
  return (
    <Link className={className} to={`/u/${encodeURIComponent(username)}`}>
      {children ?? username}
    </Link>
  );
}
