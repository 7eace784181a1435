import { fullDate, timeAgo } from '../features/comments/comment-text.ts';
import { useHydrated } from '../routing/hydration.tsx';
import { formatDate } from './format.ts';

/**
 * A time, relative to now ('3 hours ago') once the app runs; until then (the server's render and
 * hydration) its UTC date ('Nov 30, 2026'), which does not depend on when or where it renders.
 * Neither needs `Intl` (docs/decisions/094).
 */
export function TimeAgo({ iso, className }: { iso: string; className?: string }) {
  const isHydrated = useHydrated();
  return (
    <time className={className} dateTime={iso} title={isHydrated ? fullDate(iso) : undefined}>
      {isHydrated ? timeAgo(iso) : formatDate(new Date(iso), 'UTC')}
    </time>
  );
}
