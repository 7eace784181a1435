import { profileImageUrl } from '../../../../contract/people.base.ts';
import styles from './Avatar.module.css';

/** A member's generated profile image; decorative, since the name is always shown beside it. */
export function Avatar({ username, size }: { username: string; size: number }) {
  return (
    <img
      className={styles.avatar}
      src={profileImageUrl(username, size)}
      width={size}
      height={size}
      alt=""
      loading="lazy"
      decoding="async"
    />
  );
}
