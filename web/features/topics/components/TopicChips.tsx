import { Link } from 'react-router';
import type { TopicSummary } from '../../../../contract/entities.ts';
import { capitalizeFirst } from '../../../ui/format.ts';
import styles from './TopicChips.module.css';

export const chipClassName = styles.chip;

export function TopicChips({ topics }: { topics: readonly TopicSummary[] }) {
  if (topics.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Topics">
      {topics.map((topic) => (
        <li key={topic.ArtifactID}>
          <Link className={styles.chip} to={`/t/${topic.Slug}`}>
            {capitalizeFirst(topic.Title)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
