import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { replaceMemberScores } from '../features/analytics/analytics.repository.ts';
import { hashSessionToken } from '../plugins/session.ts';
import {
  findInsightCountDrift,
  refreshOpinionTidbits,
} from '../features/insights/insights.service.ts';
import { applyVotesInSessions } from '../features/opinions/opinions.repository.ts';
import {
  listGroupMembers,
  rebuildInsightCounts,
  refreshInsightCounts,
  storeGrouping,
  type StoredGrouping,
} from '../features/insights/insights.repository.ts';
import { replaceNorms, type NormRow } from '../features/reports/reports.repository.ts';
import { createTestDatabase } from '../test/database.ts';
import { buildOpinion, buildTopic, buildUser, loginAs } from '../test/factories.ts';

// Jobs that replace derived rows whole (delete, then insert) run in every server process, so two
// processes may replace the same rows at once. On PostgreSQL (a pool of 5 connections here) each
// pair below raced and failed on the primary key before the writers took their lock
// (docs/decisions/059); the embedded database runs one statement at a time, and must still agree.

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const times = 6;

/** Runs `write` `times` times at once; every run must succeed. */
async function allAtOnce(write: (index: number) => Promise<unknown>) {
  const results = await Promise.allSettled(
    Array.from({ length: times }, (_, index) => write(index)),
  );
  const failures = results.filter((result) => result.status === 'rejected');
  expect(failures.map((failure) => String(failure.reason))).toEqual([]);
}

/** `count` new members with personal details: alternately women and men, born as `birthYear` says. */
async function votersWithDetails(count: number, birthYear: (index: number) => number) {
  const voters = await Promise.all(Array.from({ length: count }, () => buildUser(handle.db)));
  await handle.db
    .insertInto('demographics')
    .values(
      voters.map((voter, index) => ({
        userId: voter.id,
        gender: index % 2 ? 'male' : 'female',
        birthYear: birthYear(index),
        consent: 'Stance may use these details',
      })),
    )
    .execute();
  return voters;
}

/**
 * A vote batch of every voter, each in a session of their own, on the opinion `opinionOf` gives
 * the voter's index; `round` turns each voter's rating.
 */
async function batchesOfVoters(
  voters: readonly { id: number }[],
  opinionOf: (index: number) => number,
) {
  const tokenHashes = await Promise.all(
    voters.map(async (voter) =>
      hashSessionToken((await loginAs(handle.db, voter.id)).split('=')[1]!),
    ),
  );
  const live = { idleCutoff: new Date(0), touchBefore: new Date(0), insightsSettleMs: 0 };
  return (round: number) =>
    applyVotesInSessions(
      handle.db,
      tokenHashes.map((tokenHash, index) => ({
        tokenHash,
        opinionId: opinionOf(index),
        rating: 1 + ((index + round) % 5),
      })),
      { milestoneThresholds: [], ...live },
    );
}

describe('derived rows replaced by several writers at once', () => {
  it("an opinion's insight counts: each refresh succeeds, and the rows are one refresh's", async () => {
    const opinion = await buildOpinion(handle.db);
    const voters = await votersWithDetails(12, () => 1990);
    await handle.db
      .insertInto('votes')
      .values(
        voters.map((voter, index) => ({
          userId: voter.id,
          opinionId: opinion.id,
          rating: 1 + (index % 5),
        })),
      )
      .execute();
    const counts = () =>
      handle.db
        .selectFrom('opinionInsightCounts')
        .select(['field', 'answer', 'votes1', 'votes2', 'votes3', 'votes4', 'votes5'])
        .where('opinionId', '=', opinion.id)
        .orderBy('field')
        .orderBy('answer')
        .execute();

    await refreshInsightCounts(handle.db, opinion.id);
    const once = await counts();
    expect(once.length).toBeGreaterThan(0);
    await allAtOnce((index) =>
      index === 0 ? rebuildInsightCounts(handle.db) : refreshInsightCounts(handle.db, opinion.id),
    );
    expect(await counts()).toEqual(once);
  });

  it("an opinion's insight counts: vote batches moving them, recounts and a rebuild at once all succeed and agree with the votes", async () => {
    const opinion = await buildOpinion(handle.db);
    const castBatch = await batchesOfVoters(
      await votersWithDetails(24, (index) => 1960 + index),
      () => opinion.id,
    );
    await castBatch(0);
    await allAtOnce((index) =>
      index === 0
        ? rebuildInsightCounts(handle.db)
        : index % 2
          ? castBatch(index)
          : refreshInsightCounts(handle.db, opinion.id),
    );
    await castBatch(times);
    expect(await findInsightCountDrift(handle.db)).toEqual([]);
  });

  it("opinions' insight moves: spread vote batches logging them, folds, recounts and a rebuild at once all succeed and agree with the votes", async () => {
    // Eight votes an opinion a batch: each is logged as a move, for a fold later (decision 096).
    const opinions = await Promise.all([1, 2, 3].map(() => buildOpinion(handle.db)));
    const castBatch = await batchesOfVoters(
      await votersWithDetails(24, (index) => 1950 + index),
      (index) => opinions[index % 3]!.id,
    );
    const opinionIds = opinions.map((opinion) => opinion.id);
    await castBatch(0);
    const waiting = await handle.db
      .selectFrom('opinionInsightMoves')
      .select('opinionId')
      .where('opinionId', 'in', opinionIds)
      .execute();
    expect(waiting).toHaveLength(24);
    await allAtOnce((index) =>
      index === 0
        ? rebuildInsightCounts(handle.db)
        : index % 2
          ? castBatch(index)
          : index % 4
            ? refreshOpinionTidbits(handle.db, opinionIds, 10)
            : refreshInsightCounts(handle.db, opinions[0]!.id),
    );
    await castBatch(times);
    expect(await findInsightCountDrift(handle.db)).toEqual([]);
    await refreshOpinionTidbits(handle.db, opinionIds, 10);
    expect(await findInsightCountDrift(handle.db)).toEqual([]);
  });

  it("a topic's stored groups: each store succeeds, and the last one's members are kept whole", async () => {
    const topic = await buildTopic(handle.db);
    const members = await Promise.all(Array.from({ length: 20 }, () => buildUser(handle.db)));
    const grouping: StoredGrouping = {
      checkedAt: new Date(),
      votesAtCheck: 160,
      computedAt: new Date(),
      consensus: [],
      divisive: [],
      groups: [
        { id: 0, size: 10, representative: [] },
        { id: 1, size: 10, representative: [] },
      ],
      members: members.map((member, index) => ({
        userId: member.id,
        groupId: index % 2,
        x: index,
        y: -index,
      })),
    };
    await allAtOnce(() => storeGrouping(handle.db, topic.id, grouping));
    expect(await listGroupMembers(handle.db, topic.id)).toHaveLength(members.length);
  });

  it('the report norms: each replacement succeeds, and one whole set is kept', async () => {
    const rows: NormRow[] = Array.from({ length: 40 }, (_, index) => ({
      report: 'race-check',
      entryIndex: index,
      members: 50,
      mean: 50,
      sd: 10,
      alpha: null,
      histogram: [index],
    }));
    await allAtOnce(() => replaceNorms(handle.db, rows, new Date()));
    const stored = await handle.db.selectFrom('reportNorms').select('entryIndex').execute();
    expect(stored).toHaveLength(rows.length);
  });

  it("members' stored scores: each replacement of a range succeeds, and the range is whole", async () => {
    const members = await Promise.all(Array.from({ length: 30 }, () => buildUser(handle.db)));
    const ids = members.map((member) => member.id).sort((a, b) => a - b);
    const rows = ids.map((userId) => ({ report: 'ownership', userId, scores: [50, null] }));
    await allAtOnce(() =>
      replaceMemberScores(handle.db, ids[0]! - 1, ids.at(-1)!, rows, new Date()),
    );
    const stored = await handle.db
      .selectFrom('memberScores')
      .select('userId')
      .where('userId', 'in', ids)
      .execute();
    expect(stored).toHaveLength(ids.length);
  });
});
