/*
 * What other features use of insights besides its service: the job kinds (the personal details
 * queue a refresh when they change). docs/decisions/052-insights-and-stored-groups.md.
 */
export {
  computeTopicGroupsJobKind,
  refreshMemberInsightsJobKind,
  refreshOpinionInsightsJobKind,
} from './insights.job-kind.ts';
