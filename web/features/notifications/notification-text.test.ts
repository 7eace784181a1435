import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationEvent } from '../../../contract/notifications.ts';
import { describeNotification } from './notification-text.ts';

const base: NotificationEvent = {
  EventID: 1,
  Kind: 'Comment',
  ActionName: 'reply',
  ArgsJSON: '{}',
  ArtifactTitle: 'Naps make people kinder',
  URL: '/o/naps#comment-3',
  Body: 'Or grumpier.',
  UsernameCased: 'Bob',
  FullName: '',
  Created: '2026-01-01T00:00:00Z',
};

afterEach(() => vi.restoreAllMocks());

describe('describeNotification', () => {
  it('words each known kind', () => {
    expect(describeNotification(base)).toEqual({
      actor: 'Bob',
      action: 'replied to your comment on',
      subject: 'Naps make people kinder',
    });
    expect(describeNotification({ ...base, ActionName: 'argument' })?.action).toBe(
      'argued on your opinion',
    );
    expect(
      describeNotification({ ...base, Kind: 'Persuaded', ActionName: 'mind', UsernameCased: '' }),
    ).toEqual({
      actor: '',
      action: 'Your argument changed a mind on',
      subject: 'Naps make people kinder',
    });
    expect(describeNotification({ ...base, Kind: 'LikeComment', ActionName: 'like' })?.action).toBe(
      'found your comment a good point on',
    );
    expect(
      describeNotification({
        ...base,
        Kind: 'Milestone',
        ActionName: 'award',
        ArtifactTitle: 'First comment',
      }),
    ).toEqual({ actor: '', action: 'You earned the award', subject: 'First comment' });
  });

  it('only logs an unknown kind or action', () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    expect(describeNotification({ ...base, Kind: 'Poke', ActionName: 'poke' })).toBeNull();
    expect(describeNotification({ ...base, ActionName: 'teleport' })).toBeNull();
    expect(log).toHaveBeenCalledTimes(2);
  });
});
