import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { hashSessionToken, sessionCookieName } from '../../plugins/session.ts';
import { createTestDatabase } from '../../test/database.ts';
import { buildOpinion, buildUser, loginAs, recordVote } from '../../test/factories.ts';
import { resolveSession, resolveSessionWithRating } from './sessions.service.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const tokenHashOf = (cookie: string) =>
  hashSessionToken(cookie.slice(`${sessionCookieName}=`.length));

describe("a request's member", () => {
  it('is the whole member row but the password hash, which no request needs, and the erasure mark', async () => {
    const member = await buildUser(handle.db, {
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
      fullName: 'Ada Lovelace',
      canCreateOpinions: true,
    });
    const tokenHash = tokenHashOf(await loginAs(handle.db, member.id));
    // An erased account has no session (docs/decisions/083): its mark is no request's business.
    const { passwordHash: _passwordHash, erasedAt: _erasedAt, ...expected } = member;

    expect((await resolveSession(handle.db, tokenHash))?.user).toEqual(expected);

    const opinion = await buildOpinion(handle.db);
    await recordVote(handle.db, member.id, opinion.id, 4);
    expect(await resolveSessionWithRating(handle.db, tokenHash, opinion.id)).toEqual({
      user: expected,
      rating: 4,
    });
  });

  it('is nobody for an unknown or expired session', async () => {
    const member = await buildUser(handle.db);
    const tokenHash = tokenHashOf(await loginAs(handle.db, member.id));
    await handle.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('tokenHash', '=', tokenHash)
      .execute();
    const opinion = await buildOpinion(handle.db);
    expect(await resolveSession(handle.db, tokenHash)).toBeNull();
    expect(await resolveSessionWithRating(handle.db, tokenHash, opinion.id)).toBeNull();
    expect(await resolveSession(handle.db, hashSessionToken('never-issued'))).toBeNull();
  });
});
