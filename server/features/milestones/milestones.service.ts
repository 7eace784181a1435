import {
  awardDescription,
  awardFamilies,
  awardTitle,
  levelForKarma,
  levels,
  reachedThresholds,
  type AwardFamily,
} from '../../../contract/milestones.ts';
import type { Milestones } from '../../../contract/people.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { enqueueUniqueJob, type BatchJobHandler } from '../../jobs/queue.ts';
import { checkMilestonesJobKind } from './milestones.job-kind.ts';
import * as milestonesRepository from './milestones.repository.ts';
import type { ContributionTotals } from './milestones.repository.ts';

/*
 * Levels and awards (docs/decisions/020-levels-awards-and-milestones.md). A milestone is recorded
 * once, in user_milestones, together with its Milestone notification; checks can run any number
 * of times, in any order, concurrently, and still notify once per milestone.
 */

export { checkMilestonesJobKind };

/** The counter each award family counts. */
const familyCounts: Record<AwardFamily, (totals: ContributionTotals) => number> = {
  votes: (totals) => totals.votes,
  comments: (totals) => totals.comments,
  goodPoints: (totals) => totals.goodPoints,
  minds: (totals) => totals.minds,
};

/**
 * The profile's Milestones field naming each family (docs/product/entities.md#profile), also the
 * notification's FieldName.
 */
const familyFieldNames: Record<AwardFamily | 'level', keyof Milestones> = {
  level: 'Level',
  votes: 'Award',
  comments: 'Comments',
  goodPoints: 'GoodPointsReceived',
  minds: 'MindsChanged',
};

type MilestoneKey = { family: AwardFamily | 'level'; threshold: number };

/** Every milestone the totals reach: each award threshold, and each level above the first. */
export function milestonesReachedBy(totals: { karma: number } & Record<AwardFamily, number>) {
  const reached: MilestoneKey[] = [];
  const level = levelForKarma(totals.karma).number;
  for (const candidate of levels) {
    if (candidate.number > 1 && candidate.number <= level) {
      reached.push({ family: 'level', threshold: candidate.number });
    }
  }
  for (const family of awardFamilies) {
    for (const threshold of reachedThresholds(family, totals[family])) {
      reached.push({ family, threshold });
    }
  }
  return reached;
}

function toFamilyTotals(totals: ContributionTotals) {
  return {
    karma: totals.karma,
    votes: familyCounts.votes(totals),
    comments: familyCounts.comments(totals),
    goodPoints: familyCounts.goodPoints(totals),
    minds: familyCounts.minds(totals),
  };
}

function describeMilestone(milestone: MilestoneKey, userId: number, username: string) {
  const fieldName = familyFieldNames[milestone.family];
  const common = {
    userId,
    argsJson: { FieldName: fieldName, Value: milestone.threshold },
    url: `/u/${encodeURIComponent(username)}`,
    dedupeKey: `milestone:${userId}:${milestone.family}:${milestone.threshold}`,
  };
  if (milestone.family === 'level') {
    const level = levels.find((candidate) => candidate.number === milestone.threshold)!;
    return {
      ...common,
      actionName: 'level',
      artifactTitle: `Level ${level.number}: ${level.name}`,
      body: `Level ${level.number} starts at ${level.minKarma.toLocaleString('en-US')} karma.`,
    };
  }
  const title = awardTitle(milestone.family, milestone.threshold);
  return {
    ...common,
    actionName: 'award',
    artifactTitle: title,
    body: `${awardDescription(milestone.family, milestone.threshold)}.`,
  };
}

/**
 * Records every milestone the member has newly reached and, unless `notify` is false, sends one
 * Milestone notification for each (and sets the member's NewNotification), all in one
 * transaction. Returns what it recorded.
 */
export async function checkMilestones(
  db: Db,
  userId: number,
  options: { notify?: boolean } = {},
): Promise<MilestoneKey[]> {
  const recorded = await checkMilestonesOfMembers(db, [userId], options);
  return recorded.map(({ family, threshold }) => ({ family, threshold }));
}

/** Identifies a member's milestone across the rows found, recorded and inserted. */
const milestoneKeyOf = (row: { userId: number; family: string; threshold: number }) =>
  `${row.userId}:${row.family}:${row.threshold}`;

/**
 * checkMilestones for many members at once: a few queries and one transaction however many
 * members (the worker's batch of check-milestones jobs). Returns what it recorded, per member in
 * the order of `userIds`.
 */
export async function checkMilestonesOfMembers(
  db: Db,
  userIds: readonly number[],
  { notify = true }: { notify?: boolean } = {},
): Promise<Array<MilestoneKey & { userId: number }>> {
  const members = [...new Set(userIds)];
  const [totalsOfMembers, recorded] = await Promise.all([
    milestonesRepository.countContributions(db, members),
    milestonesRepository.listReachedMilestones(db, members),
  ]);
  const isRecorded = new Set(recorded.map(milestoneKeyOf));
  const totalsById = new Map(totalsOfMembers.map((totals) => [totals.userId, totals]));
  const fresh = members.flatMap((userId) => {
    const totals = totalsById.get(userId);
    if (!totals) return [];
    return milestonesReachedBy(toFamilyTotals(totals))
      .map((milestone) => ({ userId, ...milestone }))
      .filter((milestone) => !isRecorded.has(milestoneKeyOf(milestone)));
  });
  // Most checks (a vote between thresholds) end here, without a write.
  if (fresh.length === 0) return [];
  return inTransaction(db, async (trx) => {
    const inserted = (await milestonesRepository.insertReachedMilestones(trx, fresh)) as Array<
      MilestoneKey & { userId: number }
    >;
    // The insert answers in no set order; record and notify in the order the milestones were found.
    const isInserted = new Set(inserted.map(milestoneKeyOf));
    const recordedNow = fresh.filter((row) => isInserted.has(milestoneKeyOf(row)));
    if (notify) {
      await milestonesRepository.insertMilestoneNotifications(
        trx,
        recordedNow.map((milestone) =>
          describeMilestone(
            milestone,
            milestone.userId,
            totalsById.get(milestone.userId)!.username,
          ),
        ),
      );
    }
    return recordedNow;
  });
}

/**
 * Queues a milestone check for the member. Call it after a comment or a good point (for the
 * comment's author), inside the same transaction so the check sees the change; votes queue theirs
 * inside cast_votes_in_sessions, and only when a vote award is reached. At most one check per
 * member waits in the queue: a burst of activity costs one check.
 */
export async function enqueueMilestoneCheck(db: Db, userId: number): Promise<void> {
  await enqueueUniqueJob(
    db,
    checkMilestonesJobKind,
    { userId },
    `${checkMilestonesJobKind}:${userId}`,
  );
}

/** The check-milestones jobs a worker claimed, checked together. */
export const checkMilestonesJob: BatchJobHandler = {
  async runBatch(payloads, { db }) {
    const userIds = payloads.map((payload) => {
      const userId = payload.userId;
      if (typeof userId !== 'number' || !Number.isSafeInteger(userId)) {
        throw new Error(
          `check-milestones: payload.userId must be an integer, got ${String(userId)}`,
        );
      }
      return userId;
    });
    await checkMilestonesOfMembers(db, userIds);
  },
};

/**
 * Records what every member has reached so far without notifying: for loaded content (the demo
 * seed), whose members did not just earn those awards.
 */
export async function recordMilestonesWithoutNotifying(db: Db): Promise<void> {
  const userIds = (await milestonesRepository.listUserIds(db)).map((row) => row.id);
  for (let start = 0; start < userIds.length; start += 500) {
    await checkMilestonesOfMembers(db, userIds.slice(start, start + 500), { notify: false });
  }
}

/** A member's contribution totals and Milestones for the profile. */
export async function getContributionSummary(db: Db, userId: number) {
  const [[totals], recorded] = await Promise.all([
    milestonesRepository.countContributions(db, [userId]),
    milestonesRepository.listReachedMilestones(db, [userId]),
  ]);
  if (!totals) return undefined;
  const familyTotals = toFamilyTotals(totals);
  // An award stays earned once recorded, even if a deleted comment later lowers the count.
  const highest = (family: AwardFamily) =>
    Math.max(
      0,
      ...reachedThresholds(family, familyTotals[family]),
      ...recorded.filter((row) => row.family === family).map((row) => row.threshold),
    );
  const milestones: Milestones = {
    Level: levelForKarma(totals.karma).number,
    Award: highest('votes'),
    Comments: highest('comments'),
    GoodPointsReceived: highest('goodPoints'),
    MindsChanged: highest('minds'),
  };
  return { totals, milestones };
}
