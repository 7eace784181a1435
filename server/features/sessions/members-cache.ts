import { batcherPerDatabase, createBatcher, type Batcher } from '../../db/batcher.ts';
import { statementActivity, type Db } from '../../db/database.ts';
import type { SessionUser } from '../../db/schema.ts';
import * as sessionsRepository from './sessions.repository.ts';
import { isSessionLive, liveSessionBounds } from './sessions.live.ts';

/**
 * The members cache (docs/decisions/023-performance-machinery.md#members-cache): what this process knows of the members
 * whose requests it answers (their live sessions, rows, votes, followed topics and recent
 * opinions), validated rather than trusted. Triggers note every change to those rows in
 * member_changes, in the writing transaction. Before a request is answered from memory, a read of
 * the notes that started after the request arrived has dropped every member changed since: a
 * member's request sees every write committed before it arrived, as a database look-up would,
 * and logout ends a session everywhere at once. Concurrent requests share that read (one small
 * query per batch); a member whose entry was dropped is loaded again in one query.
 */

/**
 * Every table the members cache reads (sessionsRepository.loadMembers). Each needs triggers noting
 * its changes in member_changes (server/db/functions/member-changes.sql), added in the migration
 * that teaches the cache to read it: server/db/functions.db.test.ts fails for a table without them.
 */
export const memberCacheTables = [
  'sessions',
  'users',
  'votes',
  'topic_follows',
  'opinions',
] as const;

/** A member as the members cache holds them. */
export type MemberContext = {
  user: SessionUser;
  /** Every opinion the member voted on, with their rating. */
  ratings: ReadonlyMap<number, number>;
  followedTopicIds: readonly number[];
  /** See recentOwnOpinionIds. */
  recent: { ids: readonly number[]; createdMs: readonly number[]; sinceMs: number };
};

type CachedSession = { userId: number; expiresAtMs: number; lastSeenAtMs: number };

/** At most this many members (and twice as many sessions) are held; the oldest entries go first. */
const maxMembers = 10_000;
/** A process that has not read the notes for this long forgets everything before it reads again. */
const maxSilenceMs = 60_000;
/** Notes are deleted once their transactions ended at least this long ago. */
const noteRetentionMs = 10 * 60_000;
/** Recent opinions are loaded for a window this much longer than asked, so later pages reuse them. */
const recentWindowMarginMs = 86_400_000;

export class MembersCache {
  readonly sessions = new Map<string, CachedSession>();
  readonly members = new Map<number, MemberContext>();
  /** Each member's cached session token hashes, so that a change to them drops those too. */
  private readonly tokensByMember = new Map<number, Set<string>>();
  /** Counts applied changes; `changedAt` says when a member last changed (for loads in flight). */
  private epoch = 0;
  private readonly changedAt = new Map<number, number>();
  /** Loads that began before this epoch may not be stored: their member's changes are forgotten. */
  private forgottenBefore = 0;

  // The reader's place in member_changes.
  private horizon: string | null = null;
  /** Notes at or above the horizon already applied (a later read returns them again). */
  private readonly appliedNotes = new Map<number, bigint>();
  private lastReadSentAtMs = 0;
  /** The horizon seen about once a minute: notes below one that is old enough can be deleted. */
  private horizonSamples: Array<{ atMs: number; horizon: string }> = [];
  private lastPruneAtMs = Date.now();

  readonly syncs: Batcher<void, void>;
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
    // One read in flight: each applies the notes in order and moves the horizon forward.
    this.syncs = createBatcher(
      async (calls) => {
        await this.readChanges();
        return calls.map(() => undefined);
      },
      { maxBatch: 100_000, maxInFlight: 1 },
    );
  }

  /** The epoch a load starts at: pass it to store. */
  get loadEpoch() {
    return this.epoch;
  }

  /**
   * The embedded database's statement activity right after the last read of the notes, when
   * nothing but that read ran while it was in flight (else null).
   */
  private activityAtLastRead: number | null = null;

  /**
   * Whether what this cache holds is as current as a read of the notes would make it, without
   * one: on the embedded database (this process its only client) when nothing has run on it since
   * the last read, which ran alone. A read in flight counts as activity.
   */
  isCurrentWithoutRead(): boolean {
    const activity = statementActivity(this.db);
    if (activity === null || activity !== this.activityAtLastRead) return false;
    this.lastReadSentAtMs = Date.now();
    return true;
  }

  private async readChanges() {
    if (this.isCurrentWithoutRead()) return;
    const sentAtMs = Date.now();
    if (this.lastReadSentAtMs !== 0 && sentAtMs - this.lastReadSentAtMs > maxSilenceMs) {
      // Notes this process has not read may have been deleted meanwhile.
      this.forgetEveryone();
      this.horizon = null;
      this.appliedNotes.clear();
    }
    const activityBefore = statementActivity(this.db);
    const { horizon, changes } = await sessionsRepository.readMemberChanges(this.db, this.horizon);
    // Only this read's own start and end since it was sent: nothing else ran around it. Anything
    // else, even finished, may have committed after the read's snapshot: read again next time.
    const activityAfter = statementActivity(this.db);
    const isOnlyActivity = activityBefore !== null && activityAfter === activityBefore + 2;
    this.activityAtLastRead = isOnlyActivity ? activityAfter : null;
    for (const change of changes) {
      if (this.appliedNotes.has(change.seq)) continue;
      this.appliedNotes.set(change.seq, BigInt(change.xid));
      if (change.userId === null) this.forgetEveryone();
      else this.forget(change.userId);
    }
    if (this.horizon === null || BigInt(horizon) > BigInt(this.horizon)) this.horizon = horizon;
    const horizonXid = BigInt(this.horizon);
    for (const [seq, xid] of this.appliedNotes) if (xid < horizonXid) this.appliedNotes.delete(seq);
    this.lastReadSentAtMs = sentAtMs;
    await this.pruneNotes(sentAtMs);
  }

  /** Deletes the notes every process has read, about once a minute. */
  private async pruneNotes(nowMs: number) {
    const lastSample = this.horizonSamples.at(-1);
    if (this.horizon && (!lastSample || nowMs - lastSample.atMs >= 60_000)) {
      this.horizonSamples.push({ atMs: nowMs, horizon: this.horizon });
    }
    if (nowMs - this.lastPruneAtMs < 60_000) return;
    this.lastPruneAtMs = nowMs;
    // Transactions below a horizon seen retention ago ended before then; every process that has
    // read the notes since (and one that has not forgets everything) has seen theirs.
    const old = this.horizonSamples.filter((sample) => nowMs - sample.atMs >= noteRetentionMs);
    const pruneBelow = old.at(-1);
    if (!pruneBelow) return;
    this.horizonSamples = this.horizonSamples.filter((sample) => !old.includes(sample));
    await sessionsRepository.pruneMemberChanges(this.db, pruneBelow.horizon);
  }

  private forget(userId: number) {
    this.epoch++;
    this.changedAt.set(userId, this.epoch);
    if (this.changedAt.size > 4 * maxMembers) {
      this.changedAt.clear();
      this.forgottenBefore = this.epoch;
    }
    this.members.delete(userId);
    for (const tokenHash of this.tokensByMember.get(userId) ?? []) this.sessions.delete(tokenHash);
    this.tokensByMember.delete(userId);
  }

  private forgetEveryone() {
    this.epoch++;
    this.forgottenBefore = this.epoch;
    this.changedAt.clear();
    this.members.clear();
    this.sessions.clear();
    this.tokensByMember.clear();
  }

  /** Whether a load that began at `loadEpoch` may be kept: nothing about the member changed since. */
  private isCurrent(userId: number, loadEpoch: number) {
    return loadEpoch >= this.forgottenBefore && (this.changedAt.get(userId) ?? 0) <= loadEpoch;
  }

  storeMember(member: MemberContext, loadEpoch: number) {
    if (!this.isCurrent(member.user.id, loadEpoch)) return;
    this.members.delete(member.user.id);
    this.members.set(member.user.id, member);
    if (this.members.size > maxMembers) this.forgetOldestMember();
  }

  storeSession(tokenHash: string, session: CachedSession, loadEpoch: number) {
    if (!this.isCurrent(session.userId, loadEpoch)) return;
    this.sessions.delete(tokenHash);
    this.sessions.set(tokenHash, session);
    let tokens = this.tokensByMember.get(session.userId);
    if (!tokens) this.tokensByMember.set(session.userId, (tokens = new Set()));
    tokens.add(tokenHash);
    if (this.sessions.size > 2 * maxMembers) {
      const [oldest, { userId }] = this.sessions.entries().next().value!;
      this.sessions.delete(oldest);
      this.tokensByMember.get(userId)?.delete(oldest);
    }
  }

  private forgetOldestMember() {
    const oldest = this.members.keys().next().value!;
    this.members.delete(oldest);
    for (const tokenHash of this.tokensByMember.get(oldest) ?? []) this.sessions.delete(tokenHash);
    this.tokensByMember.delete(oldest);
  }
}

const caches = new WeakMap<Db, MembersCache>();

/** This database handle's members cache (exported for its tests). */
export function cacheOf(db: Db): MembersCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new MembersCache(db)));
  return cache;
}

type Loaded = sessionsRepository.LoadedMember & {
  session: { expiresAt: Date; lastSeenAt: Date } | null;
  /** The recent opinions were loaded for those created after this. */
  recentSinceMs: number;
};

/** Concurrent loads share one query (docs/decisions/023-performance-machinery.md#batching). */
const loads = batcherPerDatabase(
  async (
    db,
    requests: Array<{ tokenHash: string | null; userId: number | null }>,
  ): Promise<Array<Loaded | null>> => {
    const nowMs = Date.now();
    const recentSinceMs = nowMs - recentOwnOpinionsWindowMs - recentWindowMarginMs;
    const { now, idleCutoff } = liveSessionBounds(nowMs);
    const found = await sessionsRepository.loadMembers(db, requests, {
      now,
      idleCutoff,
      recentSince: new Date(recentSinceMs),
      recentLimit: recentOwnOpinionsLimit,
    });
    const answers: Array<Loaded | null> = requests.map(() => null);
    for (const { position, ...member } of found)
      answers[position - 1] = { ...member, recentSinceMs };
    return answers;
  },
  { maxBatch: 200 },
);

function toContext(loaded: Loaded): MemberContext {
  const ratings = new Map<number, number>();
  loaded.votedOpinionIds.forEach((opinionId, index) => {
    ratings.set(opinionId, loaded.votedRatings[index]!);
  });
  return {
    user: loaded.user,
    ratings,
    followedTopicIds: loaded.followedTopicIds,
    recent: {
      ids: loaded.recentIds,
      createdMs: loaded.recentCreatedMs,
      sinceMs: loaded.recentSinceMs,
    },
  };
}

/** The live session's member when the cache holds both, as of the cache's last read of the notes. */
function heldSessionMember(cache: MembersCache, tokenHash: string) {
  const session = cache.sessions.get(tokenHash);
  if (!session || !isSessionLive(session, Date.now())) return null;
  const member = cache.members.get(session.userId);
  return member ? { member, lastSeenAtMs: session.lastSeenAtMs } : null;
}

/**
 * findSessionMember's answer when memory gives it at once: on the embedded database, when nothing
 * has run on it since the cache's last read of the notes and the cache holds the live session
 * and its member. Null otherwise, and then findSessionMember must be asked.
 */
export function findHeldSessionMember(
  db: Db,
  tokenHash: string,
): { member: MemberContext; lastSeenAtMs: number } | null {
  const cache = cacheOf(db);
  return cache.isCurrentWithoutRead() ? heldSessionMember(cache, tokenHash) : null;
}

/**
 * The member behind a session token hash while the session is live (it has not ended, expired or
 * idled out), with when its idle clock was last written; null otherwise. Answered from memory when
 * this process holds the session and the member, after a read of the change notes that started
 * after this call (on the embedded database, none when nothing has run since the last read).
 */
export async function findSessionMember(
  db: Db,
  tokenHash: string,
): Promise<{ member: MemberContext; lastSeenAt: Date } | null> {
  const cache = cacheOf(db);
  // A hit on an idle embedded database needs no turn of the event loop.
  if (!cache.isCurrentWithoutRead()) await cache.syncs();
  const held = heldSessionMember(cache, tokenHash);
  if (held) return { member: held.member, lastSeenAt: new Date(held.lastSeenAtMs) };
  const loadEpoch = cache.loadEpoch;
  const loaded = await loads(db)({ tokenHash, userId: null });
  if (!loaded?.session) return null;
  const member = toContext(loaded);
  cache.storeMember(member, loadEpoch);
  cache.storeSession(
    tokenHash,
    {
      userId: member.user.id,
      expiresAtMs: loaded.session.expiresAt.getTime(),
      lastSeenAtMs: loaded.session.lastSeenAt.getTime(),
    },
    loadEpoch,
  );
  return { member, lastSeenAt: loaded.session.lastSeenAt };
}

/** The feed shows a member's own opinions of this window first, at most this many. */
export const recentOwnOpinionsWindowMs = 7 * 86_400_000;
export const recentOwnOpinionsLimit = 5;

/**
 * The member's own live, listed opinions created after `since`, newest first (at most
 * recentOwnOpinionsLimit), or null when the context was loaded for a later window.
 */
export function recentOwnOpinionIds(member: MemberContext, since: Date): number[] | null {
  if (since.getTime() < member.recent.sinceMs) return null;
  return member.recent.ids.filter((_, index) => member.recent.createdMs[index]! > since.getTime());
}
