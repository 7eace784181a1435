import { useId } from 'react';
import { useOpinionTrend } from '../api.ts';
import styles from './Movement.module.css';

const width = 300;
const height = 80;

/**
 * A small chart of an opinion's vote shares over its last 30 days: the Agree side's and the
 * Disagree side's share at each day's end, with the same figures as a table for screen readers.
 * Nothing while it loads, fails or has fewer than two days to compare (docs/decisions/077).
 */
export function OpinionTrend({ opinionId }: { opinionId: number }) {
  const trend = useOpinionTrend(opinionId);
  const captionId = useId();
  const days = trend.data?.Days ?? [];
  if (days.length < 2) return null;
  const x = (index: number) => (index / (days.length - 1)) * width;
  const y = (percent: number) => height - (percent / 100) * height;
  const line = (pick: (day: (typeof days)[number]) => number) =>
    days.map((day, index) => `${index === 0 ? 'M' : 'L'}${x(index)},${y(pick(day))}`).join(' ');
  const first = days[0]!;
  const last = days.at(-1)!;
  return (
    <figure className={styles.trend}>
      <figcaption id={captionId} className={styles.trendCaption}>
        Vote shares since {first.Day}: Agree {first.Agree}% → {last.Agree}%, Disagree{' '}
        {first.Disagree}% → {last.Disagree}%
      </figcaption>
      <svg
        className={styles.trendChart}
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        <path d={line((day) => day.Agree)} className={styles.agreeLine} />
        <path d={line((day) => day.Disagree)} className={styles.disagreeLine} />
      </svg>
      <p className={styles.legend} aria-hidden="true">
        <span className={styles.agreeKey}>Agree</span>
        <span className={styles.disagreeKey}>Disagree</span>
      </p>
      <div className="visually-hidden">
        <table aria-labelledby={captionId}>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Agree</th>
              <th scope="col">Neutral</th>
              <th scope="col">Disagree</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.Day}>
                <th scope="row">{day.Day}</th>
                <td>{day.Agree}%</td>
                <td>{day.Neutral}%</td>
                <td>{day.Disagree}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
