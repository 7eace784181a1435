import { fullDate, timeAgo } from '../features/comments/comment-text.ts';
import { useHydrated } from '../routing/hydration.tsx';
import { lazily } from './lazily.ts';

/** The same words on the server and in the browser's first render: the date in UTC. */
const fixedDate = lazily(
  () => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }),
);

/**
 * A time, relative to now ('3 hours ago') in the reader's locale once the app runs; until then
 * (the server's render and hydration) its UTC date, which does not depend on when or where it
 * renders.
 */
export function TimeAgo({ iso, className }: { iso: string; className?: string }) {
  const isHydrated = useHydrated();
  return (
    <time className={className} dateTime={iso} title={isHydrated ? fullDate(iso) : undefined}>
      {isHydrated ? timeAgo(iso) : fixedDate().format(new Date(iso))}
    </time>
  );
}
