import { useHydrated } from '../routing/hydration.tsx';
import { lazily } from './lazily.ts';

const serverFormat = lazily(
  () =>
    new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
);
const readerFormat = lazily(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);

/**
 * A date and time in the reader's time zone and language. The server knows neither: it writes the
 * time in UTC, which the browser's hydration repeats, and the reader's own follows at once
 * (docs/decisions/085).
 */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const isHydrated = useHydrated();
  const date = new Date(iso);
  return (
    <time className={className} dateTime={iso}>
      {isHydrated ? readerFormat().format(date) : `${serverFormat().format(date)} UTC`}
    </time>
  );
}

/** The same as text, for a sentence: UTC until the app runs, then the reader's. */
export function useLocalTimeText(iso: string): string {
  const isHydrated = useHydrated();
  const date = new Date(iso);
  return isHydrated ? readerFormat().format(date) : `${serverFormat().format(date)} UTC`;
}
