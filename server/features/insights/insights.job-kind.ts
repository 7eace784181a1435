/**
 * The kinds of the insights jobs (docs/decisions/052-insights-and-stored-groups.md). Their own
 * module, with no imports: the vote's database function queues the first by this name
 * (server/db/functions/index.ts), and the database layer must not load the insights service.
 */

/** Recomputes one opinion's insight counts and tidbit; payload `{opinionId}`. */
export const refreshOpinionInsightsJobKind = 'refresh-opinion-insights';

/** Queues the refresh of every listed opinion a member voted on; payload `{userId}`. */
export const refreshMemberInsightsJobKind = 'refresh-member-insights';

/** Recomputes a topic's opinion groups if its votes changed enough; payload `{topicId}`. */
export const computeTopicGroupsJobKind = 'compute-topic-groups';
