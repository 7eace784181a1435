import type { ReactNode } from 'react';
import type { Profile } from '../../../../contract/people.ts';
import { levelForKarma } from '../../../../contract/milestones.ts';
import { formatCount, formatMonthYear } from '../../../ui/format.ts';
import { Avatar } from './Avatar.tsx';
import styles from './ProfileHeader.module.css';

/** Name, avatar, who they are and where, when they joined, level and karma. */
export function ProfileHeader({
  profile,
  headingLevel = 'h1',
  children,
}: {
  profile: Profile;
  headingLevel?: 'h1' | 'h2';
  children?: ReactNode;
}) {
  const Heading = headingLevel;
  const level = levelForKarma(profile.Karma);
  // One locale and time zone on the server and in the browser: the page hydrates as it was sent.
  const facts = [profile.Location, `Joined ${formatMonthYear(new Date(profile.Joined))}`].filter(
    Boolean,
  );
  return (
    <div className={styles.header}>
      <Avatar username={profile.UsernameCased} size={96} />
      <div className={styles.text}>
        <Heading className={styles.name}>{profile.UsernameCased}</Heading>
        {profile.FullName ? <p className={styles.fullName}>{profile.FullName}</p> : null}
        <p className={styles.facts}>{facts.join(' · ')}</p>
        <p className={styles.standing}>
          <span className={styles.levelChip}>
            Level {level.number} · {level.name}
          </span>
          <span>
            <strong>{formatCount(profile.Karma)}</strong> karma
          </span>
        </p>
        {children}
      </div>
    </div>
  );
}
