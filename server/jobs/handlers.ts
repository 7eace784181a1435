import { rebuildCounters } from '../features/opinions/opinions.repository.ts';
import {
  computeMemberScoresJobKind,
  refreshMemberScores,
} from '../features/analytics/analytics.service.ts';
import { sendPasswordResetMailJob } from '../features/accounts/accounts.service.ts';
import { deliverMailJob } from '../features/mail/mail.service.ts';
import {
  notifyAboutComment,
  notifyAboutLike,
  notifyAboutPersuasion,
} from '../features/notifications/notifications.service.ts';
import { notifyPersuasionJobKind } from '../features/minds/minds.service.ts';
import {
  checkMilestonesJob,
  checkMilestonesJobKind,
} from '../features/milestones/milestones.service.ts';
import { computeNormsJobKind, computeReportNorms } from '../features/reports/reports.service.ts';
import {
  checkTopicGroupsJob,
  checkTopicGroupsJobKind,
  computeTopicGroupsJob,
  computeTopicGroupsJobKind,
  refreshMemberInsightsJob,
  refreshMemberInsightsJobKind,
  refreshOpinionInsightsJob,
  refreshOpinionInsightsJobKind,
  refreshOpinionTidbitJob,
  refreshOpinionTidbitJobKind,
} from '../features/insights/insights.service.ts';
import type { JobHandlers } from './queue.ts';

/** Every kind of background job and its handler. Features add theirs here. */
export const jobHandlers: JobHandlers = {
  /** Rebuilds the derived per-opinion counters from the raw votes and comments. */
  'rebuild-counters': async (_payload, { db }) => {
    await rebuildCounters(db);
  },
  /** Delivers one e-mail over SMTP, or into the outbox without SMTP_URL (enqueueMail). */
  'send-mail': deliverMailJob,
  /** Tells the author of the comment replied to (and e-mails them) or the opinion's author. */
  'notify-comment': notifyAboutComment,
  /** Tells a comment's author about a good point, once per member. */
  'notify-like': notifyAboutLike,
  /** Tells an argument's author that it changed a mind, without naming whose. */
  [notifyPersuasionJobKind]: notifyAboutPersuasion,
  /** Looks up the account of a reset request and mails it a link, off the request's timing. */
  'password-reset-mail': sendPasswordResetMailJob,
  /** Records a member's newly reached levels and awards and notifies them once each. */
  [checkMilestonesJobKind]: checkMilestonesJob,
  /** Recomputes every report's norms (percentiles, reliability, community averages) over all members. */
  [computeNormsJobKind]: async (_payload, { db }) => {
    await computeReportNorms(db);
  },
  /** Recomputes every member's scores on every report for the staff filters (docs/decisions/054). */
  [computeMemberScoresJobKind]: async (_payload, { db }) => {
    await refreshMemberScores(db);
  },
  /** Recounts one opinion's insight counts, then its tidbit; checks its topics' groupings (decision 052). */
  [refreshOpinionInsightsJobKind]: refreshOpinionInsightsJob,
  /** A while after votes: their moves folded into the counts, the tidbit, the topics' groupings (075, 096). */
  [refreshOpinionTidbitJobKind]: refreshOpinionTidbitJob,
  /** After a member's personal details changed: queues the refresh of every opinion they voted on. */
  [refreshMemberInsightsJobKind]: refreshMemberInsightsJob,
  /** Queues a topic's grouping when its votes changed enough (decision 052's rule). */
  [checkTopicGroupsJobKind]: checkTopicGroupsJob,
  /** Recomputes a topic's opinion groups when its votes changed enough. */
  [computeTopicGroupsJobKind]: computeTopicGroupsJob,
};
