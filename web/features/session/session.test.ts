import { describe, expect, it } from 'vitest';
import { anonymousUser } from '../../../contract/constants.ts';
import type { CurrentUser } from '../../../contract/user.ts';
import { toSession } from './session.ts';

const visitor: CurrentUser = anonymousUser;

describe('toSession', () => {
  it('starts loading and logged out', () => {
    expect(toSession(undefined, true)).toMatchObject({ loading: true, loggedIn: false });
  });

  it('is logged in when Username is non-empty, and AdminHub grants listing conversations', () => {
    const session = toSession(
      { ...visitor, Username: 'ada', UserID: 3, AdminHub: true, ExternalID: 'r9' },
      false,
    );
    expect(session).toMatchObject({
      loggedIn: true,
      loading: false,
      username: 'ada',
      userID: 3,
      rid: 'r9',
      canSeeAdminHub: true,
      canListConvos: true,
    });
  });

  it('treats an empty Username as logged out', () => {
    expect(toSession(visitor, false)).toMatchObject({ loggedIn: false, loading: false });
  });
});
