import { Link } from 'react-router';
import type { NotificationEvent } from '../../../../contract/notifications.ts';
import { TimeAgo } from '../../../ui/TimeAgo.tsx';
import { describeNotification } from '../notification-text.ts';
import styles from './NotificationList.module.css';

/** The member's events, newest first; each links to where it happened. */
export function NotificationList({ events }: { events: NotificationEvent[] }) {
  return (
    <ol className={styles.list}>
      {events.flatMap((event) => {
        const text = describeNotification(event);
        if (!text) return [];
        return [
          <li key={event.EventID}>
            <Link className={styles.item} to={event.URL || '/'}>
              <span
                className={[styles.icon, styles[event.Kind] ?? ''].join(' ')}
                aria-hidden="true"
              >
                {event.Kind === 'LikeComment'
                  ? '+1'
                  : event.Kind === 'Milestone'
                    ? '★'
                    : event.Kind === 'Persuaded'
                      ? '⇄'
                      : '“'}
              </span>
              <span className={styles.text}>
                <span className={styles.sentence}>
                  {text.actor ? <strong>{text.actor}</strong> : null} {text.action}{' '}
                  <strong>{text.subject}</strong>
                </span>
                {event.Body ? <span className={styles.excerpt}>{event.Body}</span> : null}
                <TimeAgo className={styles.time} iso={event.Created} />
              </span>
            </Link>
          </li>,
        ];
      })}
    </ol>
  );
}
