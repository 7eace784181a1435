import type { NotificationEvent } from '../../../contract/notifications.ts';

/** How a notification reads: who (may be empty), what happened, and on what. */
export type NotificationText = { actor: string; action: string; subject: string };

/**
 * The sentence for an event, or null for a kind or action this client does not know: those are
 * only logged, never shown half-understood (docs/product/errors.md#logged-not-shown).
 */
export function describeNotification(event: NotificationEvent): NotificationText | null {
  const actor = event.UsernameCased;
  const subject = event.ArtifactTitle;
  switch (`${event.Kind}:${event.ActionName}`) {
    case 'Comment:reply':
      return { actor, action: 'replied to your comment on', subject };
    case 'Comment:argument':
      return { actor, action: 'argued on your opinion', subject };
    case 'LikeComment:like':
      return { actor, action: 'found your comment a good point on', subject };
    case 'Persuaded:mind':
      return { actor: '', action: 'Your argument changed a mind on', subject };
    case 'Milestone:level':
      return { actor: '', action: 'You reached', subject };
    case 'Milestone:award':
      return { actor: '', action: 'You earned the award', subject };
    default:
      if (event.Kind === 'LikeRev') return { actor, action: 'liked your edit of', subject };
      console.info('Unknown notification', event.Kind, event.ActionName, event.EventID);
      return null;
  }
}
