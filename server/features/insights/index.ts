/*
 * What other features use of insights besides its service: the job kinds (the personal details
 * queue a refresh when they change), and the tidbit's wording (the opinion reads word the stored
 * facts). docs/decisions/052-insights-and-stored-groups.md, 068-insights-worded-for-people.md.
 */
export {
  computeTopicGroupsJobKind,
  refreshMemberInsightsJobKind,
  refreshOpinionInsightsJobKind,
} from './insights.job-kind.ts';
export { wordStoredTidbit } from './insights.wording.ts';
/** An erasure queues the recount a change of the member's personal details still waits for. */
export { queuePendingRecountsOfMember } from './insights.repository.ts';

/** The complement rule of figures about parts of a whole (the minds-changed movement uses it). */
export { shownParts } from './insights.figures.ts';
