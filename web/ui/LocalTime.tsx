import { useHydrated } from '../routing/hydration.tsx';
import { formatDateTime } from './format.ts';

/**
 * A date and time in the reader's time zone, written as en-US writes it. The server does not know
 * the zone: it writes the time in UTC, which the browser's hydration repeats, and the reader's
 * own follows at once (docs/decisions/085 and 094).
 */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const text = useLocalTimeText(iso);
  return (
    <time className={className} dateTime={iso}>
      {text}
    </time>
  );
}

/** The same as text, for a sentence: UTC until the app runs, then the reader's. */
export function useLocalTimeText(iso: string): string {
  const isHydrated = useHydrated();
  const date = new Date(iso);
  return isHydrated ? formatDateTime(date, 'reader') : `${formatDateTime(date, 'UTC')} UTC`;
}
