// What other features and tools may use of the staff analytics besides analytics.service.ts: the
// recomputation of the member scores the filters read (the synthetic population runs it after
// seeding its votes, as the compute-member-scores job does).
export {
  computeMemberScoresJobKind,
  refreshMemberScores,
  requestMemberScoresIfStale,
} from './analytics.service.ts';
