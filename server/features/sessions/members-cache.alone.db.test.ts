import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { hashSessionToken, sessionCookieName } from '../../plugins/session.ts';
import { createTestDatabase } from '../../test/database.ts';
import { buildOpinion, buildTopic, buildUser, loginAs, recordVote } from '../../test/factories.ts';
import { cacheOf } from './members-cache.ts';
import { resolveSession, resolveSessionWithRating } from './sessions.service.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function loggedInMember() {
  const member = await buildUser(handle.db);
  const cookie = await loginAs(handle.db, member.id);
  return { member, tokenHash: hashSessionToken(cookie.slice(`${sessionCookieName}=`.length)) };
}

describe('the members cache', () => {
  it('answers a member again from memory while nothing about them changed', async () => {
    const { tokenHash } = await loggedInMember();
    const first = await resolveSession(handle.db, tokenHash);
    expect(first).not.toBeNull();
    expect(await resolveSession(handle.db, tokenHash)).toBe(first);
  });

  it('sees every write to what it holds, however it was made', async () => {
    const { member, tokenHash } = await loggedInMember();
    const opinion = await buildOpinion(handle.db);
    const topic = await buildTopic(handle.db);
    expect((await resolveSession(handle.db, tokenHash))?.user.fullName).toBe('');

    // Each write below goes around the cache, as another server process's would.
    await handle.db
      .updateTable('users')
      .set({ fullName: 'Ada Lovelace' })
      .where('id', '=', member.id)
      .execute();
    expect((await resolveSession(handle.db, tokenHash))?.user.fullName).toBe('Ada Lovelace');

    await recordVote(handle.db, member.id, opinion.id, 2);
    expect(await resolveSessionWithRating(handle.db, tokenHash, opinion.id)).toMatchObject({
      rating: 2,
    });
    await handle.db
      .updateTable('votes')
      .set({ rating: 5 })
      .where('userId', '=', member.id)
      .execute();
    expect((await resolveSession(handle.db, tokenHash))?.ratings.get(opinion.id)).toBe(5);

    await handle.db
      .insertInto('topicFollows')
      .values({ userId: member.id, topicId: topic.id })
      .execute();
    expect((await resolveSession(handle.db, tokenHash))?.followedTopicIds).toEqual([topic.id]);

    const own = await buildOpinion(handle.db, { authorId: member.id });
    expect((await resolveSession(handle.db, tokenHash))?.recent.ids).toEqual([own.id]);
    await handle.db
      .updateTable('opinions')
      .set({ deleted: true })
      .where('id', '=', own.id)
      .execute();
    expect((await resolveSession(handle.db, tokenHash))?.recent.ids).toEqual([]);

    await handle.db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
    expect(await resolveSession(handle.db, tokenHash)).toBeNull();
  });

  it('ends a session at once when its clock is moved past the idle limit', async () => {
    const { tokenHash } = await loggedInMember();
    expect(await resolveSession(handle.db, tokenHash)).not.toBeNull();
    await handle.db
      .updateTable('sessions')
      .set({ lastSeenAt: new Date(Date.now() - 15 * 86_400_000) })
      .where('tokenHash', '=', tokenHash)
      .execute();
    expect(await resolveSession(handle.db, tokenHash)).toBeNull();
  });

  it('does not keep a load that a change overtook', async () => {
    const { member, tokenHash } = await loggedInMember();
    const cache = cacheOf(handle.db);
    const loaded = await resolveSession(handle.db, tokenHash);
    const loadEpoch = cache.loadEpoch;
    cache.members.delete(member.id);

    await handle.db.updateTable('users').set({ karma: 7 }).where('id', '=', member.id).execute();
    await cache.syncs();
    // The member as loaded before the change arrives after it was read: it must not be kept.
    cache.storeMember(loaded!, loadEpoch);
    expect(cache.members.has(member.id)).toBe(false);
    expect((await resolveSession(handle.db, tokenHash))?.user.karma).toBe(7);
  });

  it('forgets everyone when a table it draws on is truncated', async () => {
    const { tokenHash } = await loggedInMember();
    const before = await resolveSession(handle.db, tokenHash);
    await sql`truncate topic_follows`.execute(handle.db);
    const after = await resolveSession(handle.db, tokenHash);
    expect(after?.user).toEqual(before?.user);
    expect(after).not.toBe(before);
  });

  it('deletes the notes of transactions that ended more than ten minutes ago', async () => {
    const cache = cacheOf(handle.db);
    const { member } = await loggedInMember();
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start + 120_000);
    await handle.db.updateTable('users').set({ karma: 1 }).where('id', '=', member.id).execute();
    // The horizon a read samples is the oldest transaction still running on the whole server, other
    // databases' included (a test elsewhere on the same PostgreSQL may hold one): sample it once
    // nothing older than the first note runs, as on a server with no other client.
    await expect
      .poll(
        async () =>
          (
            await sql<{ passed: boolean }>`
              select pg_snapshot_xmin(pg_current_snapshot()) > max(c.xid) as passed
              from member_changes c where c.user_id = ${member.id}
            `.execute(handle.db)
          ).rows[0]!.passed,
        { timeout: 30_000 },
      )
      .toBe(true);
    await cache.syncs();
    const noted = async () =>
      (
        await sql<{ seq: number }>`
          select c.seq from member_changes c where c.user_id = ${member.id}
        `.execute(handle.db)
      ).rows.length;
    expect(await noted()).toBe(1);

    clock.mockReturnValue(start + 120_000 + 11 * 60_000);
    await handle.db.updateTable('users').set({ karma: 2 }).where('id', '=', member.id).execute();
    await cache.syncs();
    // The first note is gone; the one made since stays for processes that have not read it yet.
    expect(await noted()).toBe(1);
  });
});
