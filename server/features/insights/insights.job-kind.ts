/**
 * The kinds of the insights jobs (docs/decisions/052-insights-and-stored-groups.md). Their own
 * module, with no imports: the vote's database function queues the first by this name
 * (server/db/functions/index.ts), and the database layer must not load the insights service.
 */

/**
 * Recounts one opinion's insight counts from its votes, then refreshes its tidbit and checks its
 * topics' groupings (after a member's personal details changed); payload `{opinionId}`.
 */
export const refreshOpinionInsightsJobKind = 'refresh-opinion-insights';

/**
 * Folds one opinion's waiting insight moves into its counts, then refreshes its tidbit from them
 * and checks its topics' groupings, a while after its votes (the vote batch queues it; a worker
 * takes the ones it claimed together); payload `{opinionId}`.
 */
export const refreshOpinionTidbitJobKind = 'refresh-opinion-tidbit';

/** Queues the refresh of every listed opinion a member voted on; payload `{userId}`. */
export const refreshMemberInsightsJobKind = 'refresh-member-insights';

/**
 * Checks a topic's votes against the "changed enough" rule and queues its grouping accordingly;
 * payload `{topicId}`. Queued by the opinions' tidbit refreshes, one waiting per topic.
 */
export const checkTopicGroupsJobKind = 'check-topic-groups';

/** Recomputes a topic's opinion groups if its votes changed enough; payload `{topicId}`. */
export const computeTopicGroupsJobKind = 'compute-topic-groups';
