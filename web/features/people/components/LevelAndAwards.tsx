import { Link } from 'react-router';
import {
  awardDescription,
  awardFamilies,
  awardThresholds,
  awardTitle,
  levelForKarma,
  nextLevel,
  type AwardFamily,
} from '../../../../contract/milestones.ts';
import type { Profile } from '../../../../contract/people.ts';
import { formatCount } from '../../../ui/format.ts';
import styles from './LevelAndAwards.module.css';

const familyHeadings: Record<AwardFamily, string> = {
  votes: 'Votes',
  comments: 'Comments',
  goodPoints: 'Good points received',
  minds: 'Minds changed',
};

const familyNouns: Record<AwardFamily, string> = {
  votes: 'votes',
  comments: 'comments',
  goodPoints: 'good points',
  minds: 'minds changed',
};

function listOf(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function countOf(profile: Profile, family: AwardFamily): number {
  if (family === 'votes') return profile.NumVotes;
  if (family === 'comments') return profile.NumComments;
  if (family === 'minds') return profile.MindsChanged;
  return profile.NumCommentLikes;
}

function highestOf(profile: Profile, family: AwardFamily): number {
  if (family === 'votes') return profile.Milestones.Award;
  if (family === 'comments') return profile.Milestones.Comments;
  if (family === 'minds') return profile.Milestones.MindsChanged;
  return profile.Milestones.GoodPointsReceived;
}

export function LevelProgress({ profile }: { profile: Profile }) {
  const level = levelForKarma(profile.Karma);
  const next = nextLevel(profile.Karma);
  const span = next ? next.minKarma - level.minKarma : 1;
  const progress = next ? (profile.Karma - level.minKarma) / span : 1;
  return (
    <div className={styles.level}>
      <div className={styles.levelBadge} aria-hidden="true">
        {profile.Milestones.Level}
      </div>
      <div className={styles.levelText}>
        <p className={styles.levelName}>
          Level {profile.Milestones.Level} · {level.name}
        </p>
        <p className={styles.muted}>
          {formatCount(profile.Karma)} karma
          {next
            ? ` · ${formatCount(next.minKarma - profile.Karma)} more to reach level ${next.number}, ${next.name}`
            : ' · the highest level'}
        </p>
        <div
          className={styles.bar}
          role="progressbar"
          aria-label={next ? `Progress to level ${next.number}` : 'Highest level reached'}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
        >
          <span className={styles.barFill} style={{ width: `${Math.round(progress * 100)}%` }} />
        </div>
      </div>
    </div>
  );
}

/** Each family's earned awards, the next one to earn, and the thresholds after it. */
export function AwardsList({ profile }: { profile: Profile }) {
  return (
    <div className={styles.families}>
      {awardFamilies.map((family) => {
        const highest = highestOf(profile, family);
        const count = countOf(profile, family);
        const next = awardThresholds[family].find((threshold) => threshold > highest);
        const later = awardThresholds[family].filter((threshold) => threshold > (next ?? Infinity));
        return (
          <section key={family} className={styles.family} aria-label={familyHeadings[family]}>
            <h3 className={styles.familyHeading}>
              {familyHeadings[family]} <span className={styles.muted}>{formatCount(count)}</span>
            </h3>
            <ul className={styles.badges}>
              {awardThresholds[family]
                .filter((threshold) => threshold <= (next ?? Infinity))
                .map((threshold) => {
                  const isEarned = threshold <= highest;
                  return (
                    <li
                      key={threshold}
                      className={[styles.badge, isEarned ? styles.earned : styles.next].join(' ')}
                      title={awardDescription(family, threshold, formatCount)}
                    >
                      <span>{awardTitle(family, threshold, formatCount)}</span>
                      <span className="visually-hidden">
                        {isEarned
                          ? ' (earned)'
                          : ` (next: ${formatCount(count)} of ${formatCount(threshold)})`}
                      </span>
                    </li>
                  );
                })}
            </ul>
            {later.length > 0 ? (
              <p className={styles.muted}>
                Still to come: {listOf(later.map((threshold) => formatCount(threshold)))}{' '}
                {familyNouns[family]}
              </p>
            ) : null}
          </section>
        );
      })}
      <p className={styles.muted}>
        <Link to="/article/levels-awards">How levels and awards work</Link>
      </p>
    </div>
  );
}
