import { isSubscriptionOpen } from '../../../contract/payments.base.ts';
import { announceChange } from '../../cache-changes.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { HttpError } from '../../http.ts';
import { queuePendingRecountsOfMember } from '../insights/index.ts';
import { karmaAmounts } from './users.karma.ts';
import * as yourData from './users.yourdata.repository.ts';

/*
 * Your data (docs/decisions/083-your-data-and-the-privacy-secret.md): the download of everything a
 * member gave, and the erasure of their account in one transaction.
 */

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The download's file name: `stance-<username>.json` (usernames are safe in a header). */
export function exportFileName(username: string): string {
  return `stance-${username}.json`;
}

/**
 * Everything the member gave, as one JSON document: their own rows only. Other members appear by
 * no name: a good point names the comment, not its author; notifications, which quote other
 * members, are left out.
 */
export async function exportMemberData(db: Db, userId: number) {
  const account = await yourData.findAccount(db, userId);
  if (!account) throw new HttpError(401, 'Please log in first');
  const [
    details,
    votes,
    changes,
    credits,
    comments,
    goodPoints,
    follows,
    emailPreferences,
    stripeCustomer,
    opinions,
    shares,
    milestones,
    reportsFiled,
    identities,
    sessions,
    tags,
  ] = await Promise.all([
    yourData.findDemographics(db, userId),
    yourData.listVotes(db, userId),
    yourData.listVoteChanges(db, userId),
    yourData.listPersuasions(db, userId),
    yourData.listComments(db, userId),
    yourData.listGoodPoints(db, userId),
    yourData.listFollows(db, userId),
    yourData.findEmailPreferences(db, userId),
    yourData.findStripeCustomer(db, userId),
    yourData.listAuthoredOpinions(db, userId),
    yourData.listReportShares(db, userId),
    yourData.listMilestones(db, userId),
    yourData.listReportsFiled(db, userId),
    yourData.listIdentities(db, userId),
    yourData.listSessions(db, userId),
    yourData.listTagNames(db, userId),
  ]);
  const {
    userId: _userId,
    updatedAt,
    consent,
    ...answers
  } = details ?? {
    userId,
    updatedAt: null,
    consent: '',
  };
  return {
    ExportedAt: new Date().toISOString(),
    Profile: {
      Username: account.username,
      Email: account.email,
      FullName: account.fullName,
      Location: account.location,
      Bio: account.bio,
      Expertise: account.expertise,
      Karma: account.karma,
      Role: account.role ?? '',
      HasPassword: account.hasPassword,
      ExternalID: account.externalId,
      CreatedAt: iso(account.createdAt),
    },
    PersonalDetails: details ? { ...answers, Consent: consent, UpdatedAt: iso(updatedAt) } : null,
    Votes: votes
      .filter((vote) => vote.itemId === null)
      .map((vote) => ({
        Opinion: { Slug: vote.slug, Title: vote.title },
        Rating: vote.rating,
        CastAt: iso(vote.createdAt),
        UpdatedAt: iso(vote.updatedAt),
      })),
    QuizAnswers: votes
      .filter((vote) => vote.itemId !== null)
      .map((vote) => ({
        Item: vote.itemId,
        Statement: vote.title,
        Rating: vote.rating,
        AnsweredAt: iso(vote.updatedAt),
      })),
    OpinionHistory: changes.map((change) => ({
      Opinion: { Slug: change.slug, Title: change.title },
      From: change.fromRating,
      To: change.toRating,
      At: iso(change.changedAt),
    })),
    MindsChangedBy: credits.map((credit) => ({
      CommentID: credit.commentId,
      Opinion: credit.slug,
      Side: credit.side,
      FromRating: credit.fromRating,
      At: iso(credit.createdAt),
      WithdrawnAt: iso(credit.withdrawnAt),
    })),
    Comments: comments.map((comment) => ({
      CommentID: comment.id,
      ThreadID: comment.threadId,
      ParentID: comment.parentId,
      ResponseType: comment.responseType,
      Source: comment.bodySource,
      Deleted: comment.deleted,
      CreatedAt: iso(comment.createdAt),
      EditedAt: iso(comment.editedAt),
    })),
    GoodPoints: goodPoints.map((like) => ({ CommentID: like.commentId, At: iso(like.createdAt) })),
    Follows: follows.map((follow) => ({
      Topic: { Slug: follow.slug, Title: follow.title },
      Since: iso(follow.createdAt),
    })),
    NotificationSettings: {
      AllEmails: emailPreferences?.allEmails ?? true,
      Replies: emailPreferences?.replies ?? true,
    },
    Subscription: {
      Status: account.subscriptionStatus,
      CurrentPeriodEnd: iso(stripeCustomer?.currentPeriodEnd),
      CancelAtPeriodEnd: stripeCustomer?.cancelAtPeriodEnd ?? false,
    },
    Opinions: opinions.map((opinion) => ({
      Slug: opinion.slug,
      Title: opinion.title,
      Deleted: opinion.deleted,
      CreatedAt: iso(opinion.createdAt),
    })),
    SharedReports: shares.map((share) => ({
      Report: share.report,
      ShowName: share.showName,
      CreatedAt: iso(share.createdAt),
      RevokedAt: iso(share.revokedAt),
    })),
    Milestones: milestones.map((milestone) => ({
      Family: milestone.family,
      Threshold: milestone.threshold,
      ReachedAt: iso(milestone.reachedAt),
    })),
    ReportsFiled: reportsFiled.map((report) => ({
      CommentID: report.commentId,
      Reason: report.reason,
      Note: report.note,
      At: iso(report.createdAt),
    })),
    SignInProviders: identities.map((identity) => ({
      Provider: identity.provider,
      Email: identity.email,
      Since: iso(identity.createdAt),
    })),
    Sessions: sessions.map((session) => ({
      StartedAt: iso(session.createdAt),
      LastSeenAt: iso(session.lastSeenAt),
      ExpiresAt: iso(session.expiresAt),
    })),
    TagsStaffGaveYou: tags.map((tag) => tag.name),
  };
}

/**
 * Erases an account in one transaction, as an ordered list of steps (docs/decisions/083): any
 * failure leaves every row as it was. Good points and credits go before the votes (their side
 * and their counters are read from the votes), the votes before the personal details (the insight
 * counts they moved are grouped by those details), the row last. Answers false when the account
 * was erased already (a second request raced the first).
 */
export async function eraseAccount(db: Db, userId: number): Promise<boolean> {
  const isErased = await inTransaction(db, async (trx) => {
    const account = await yourData.lockAccount(trx, userId);
    if (!account) return false;
    await yourData.withdrawGoodPoints(trx, userId, karmaAmounts);
    await yourData.withdrawCredits(trx, userId, karmaAmounts);
    await queuePendingRecountsOfMember(trx, userId);
    await yourData.removeVotes(trx, userId);
    await yourData.leaveTopicGroups(trx, userId);
    await yourData.removeOwnRows(trx, userId, account.email);
    await yourData.emptyAccountRow(trx, userId, new Date());
    return true;
  });
  // Their name, votes and good points leave pages anywhere on the site.
  if (isErased) announceChange(db, { on: 'memberErased', userId });
  return isErased;
}

/** A subscription that will charge again: open, and not set to end with its period. */
export async function hasRenewingSubscription(
  db: Db,
  user: { id: number; subscriptionStatus: string },
): Promise<boolean> {
  if (!isSubscriptionOpen(user.subscriptionStatus)) return false;
  const customer = await yourData.findStripeCustomer(db, user.id);
  return customer?.subscriptionId != null && !customer.cancelAtPeriodEnd;
}
