import type { Migration } from 'kysely/migration';
import * as createCore from './20261121T1400-create-core.ts';
import * as createInstrumentItems from './20261121T1500-create-instrument-items.ts';
import * as createAccounts from './20261121T1600-create-accounts.ts';
import * as createSearchIndexes from './20261121T1700-create-search-indexes.ts';
import * as addConversationTables from './20261121T1800-add-conversation-tables.ts';
import * as createUserMilestones from './20261121T1900-create-user-milestones.ts';
import * as addJobDedupeKey from './20261121T2000-add-job-dedupe-key.ts';
import * as castVotesInBatches from './20261121T2100-cast-votes-in-batches.ts';
import * as planVoteFunctionsOnce from './20261121T2200-plan-vote-functions-once.ts';
import * as countMembersListedVotes from './20261121T2300-count-members-listed-votes.ts';
import * as noteMemberChanges from './20261121T2400-note-member-changes.ts';
import * as castVotesInOneFunction from './20261121T2500-cast-votes-in-one-function.ts';
import * as countVotesByDay from './20261122T0100-count-votes-by-day.ts';
import * as hardenLogins from './20261125T1000-harden-logins.ts';
import * as reportNorms from './20261125T2000-report-norms.ts';
import * as reportShares from './20261125T2100-report-shares.ts';
import * as functionsFromSource from './20261125T2200-functions-from-source.ts';
import * as questionsAndArguments from './20261126T1000-questions-and-arguments.ts';
import * as createPayments from './20261126T1100-create-payments.ts';
import * as insights from './20261127T1000-insights.ts';
import * as userTags from './20261127T1100-user-tags.ts';
import * as memberScores from './20261127T1300-member-scores.ts';
import * as insightsByDifference from './20261128T1000-insights-by-difference.ts';
import * as opinionsMostVoted from './20261128T1800-index-most-voted-opinions.ts';
import * as mostVotedByBand from './20261129T0300-most-voted-by-band.ts';
import * as insightCountsByAnswer from './20261129T0400-insight-counts-by-answer.ts';
import * as insightMovesFoldedLater from './20261130T0100-insight-moves-folded-later.ts';
import * as rewordTidbits from './20261128T1800-reword-tidbits.ts';
import * as argumentTallies from './20261128T2010-argument-tallies.ts';
import * as mindsChanged from './20261128T2020-minds-changed.ts';
import * as persuasiveArguments from './20261128T2100-persuasive-arguments.ts';
import * as differentialPrivacy from './20261129T0100-differential-privacy.ts';
import * as eraseAccountsAndKeyHashes from './20261129T0200-erase-accounts-and-key-hashes.ts';

/**
 * Every migration, in order. Listed by hand (not read from the folder) so that the same list
 * runs under Node, Vitest and any bundler. Never edit a migration after it lands: add one.
 */
export const migrations: Record<string, Migration> = {
  '20261121T1400-create-core': createCore,
  '20261121T1500-create-instrument-items': createInstrumentItems,
  '20261121T1600-create-accounts': createAccounts,
  '20261121T1700-create-search-indexes': createSearchIndexes,
  '20261121T1800-add-conversation-tables': addConversationTables,
  '20261121T1900-create-user-milestones': createUserMilestones,
  '20261121T2000-add-job-dedupe-key': addJobDedupeKey,
  '20261121T2100-cast-votes-in-batches': castVotesInBatches,
  '20261121T2200-plan-vote-functions-once': planVoteFunctionsOnce,
  '20261121T2300-count-members-listed-votes': countMembersListedVotes,
  '20261121T2400-note-member-changes': noteMemberChanges,
  '20261121T2500-cast-votes-in-one-function': castVotesInOneFunction,
  '20261122T0100-count-votes-by-day': countVotesByDay,
  '20261125T1000-harden-logins': hardenLogins,
  '20261125T2000-report-norms': reportNorms,
  '20261125T2100-report-shares': reportShares,
  '20261125T2200-functions-from-source': functionsFromSource,
  '20261126T1000-questions-and-arguments': questionsAndArguments,
  '20261126T1100-create-payments': createPayments,
  '20261127T1000-insights': insights,
  '20261127T1100-user-tags': userTags,
  '20261127T1300-member-scores': memberScores,
  '20261128T1000-insights-by-difference': insightsByDifference,
  '20261128T1800-index-most-voted-opinions': opinionsMostVoted,
  '20261128T1800-reword-tidbits': rewordTidbits,
  '20261128T2010-argument-tallies': argumentTallies,
  '20261128T2020-minds-changed': mindsChanged,
  '20261128T2100-persuasive-arguments': persuasiveArguments,
  '20261129T0100-differential-privacy': differentialPrivacy,
  '20261129T0200-erase-accounts-and-key-hashes': eraseAccountsAndKeyHashes,
  '20261129T0300-most-voted-by-band': mostVotedByBand,
  '20261129T0400-insight-counts-by-answer': insightCountsByAnswer,
  '20261130T0100-insight-moves-folded-later': insightMovesFoldedLater,
};
