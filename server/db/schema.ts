import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamp the database fills in unless told otherwise. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type Json<T = unknown> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<number>;
  /** As the member typed it; unique without regard to case (index on lower(username)). */
  username: string;
  /** Lower-cased; unique. Null for accounts that only sign in through a provider without e-mail. */
  email: string | null;
  /** argon2id PHC string; null for social-only accounts. */
  passwordHash: string | null;
  fullName: Generated<string>;
  location: Generated<string>;
  bio: Generated<string>;
  expertise: Generated<string>;
  /** Derived from comments and good points received; see docs/decisions. */
  karma: Generated<number>;
  /** Domain role: 'contributor' or 'admin', else null. */
  role: string | null;
  canDeleteContent: Generated<boolean>;
  adminHub: Generated<boolean>;
  canSeeDetailedOpinionReport: Generated<boolean>;
  canCreateOpinions: Generated<boolean>;
  subscriptionStatus: Generated<string>;
  /** The referrer id ("rid") shown as ExternalID. */
  externalId: Generated<string>;
  newNotification: Generated<boolean>;
  createdAt: CreatedAt;
  /**
   * When its member erased the account (docs/decisions/083): the row stays, emptied and named
   * `[deleted]`, as the author of the comments that stay.
   */
  erasedAt: NullableTimestamp;
}

export interface SessionsTable {
  /** SHA-256 of the token in the cookie; the token itself is never stored. */
  tokenHash: string;
  userId: number;
  createdAt: CreatedAt;
  lastSeenAt: CreatedAt;
  expiresAt: Timestamp;
}

export interface PendingSignupsTable {
  /** SHA-256 of the token in the signup cookie that binds the pending signup to one browser. */
  tokenHash: string;
  /** Lower-cased. */
  email: string;
  /** As typed. */
  username: string;
  /** argon2id PHC string of the chosen password. */
  passwordHash: string;
  /** SHA-256 of the cookie token and the e-mailed code; null when no code can succeed. */
  codeHash: string | null;
  /** Tries used so far; the code dies at 5. */
  attempts: Generated<number>;
  /** The referrer id ("rid") the new account will carry. */
  externalId: Generated<string>;
  expiresAt: Timestamp;
  createdAt: CreatedAt;
}

/** A rate limit's sliding window for one (rule, key): docs/decisions/034-login-limits-that-hold.md. */
export interface RateLimitWindowsTable {
  /** The rule's name and the key, e.g. `login-ip:203.0.113.7`. */
  bucket: string;
  /** Times of the counted events in milliseconds since 1970, oldest first; at most the limit. */
  hits: ColumnType<string[], string[], string[]>;
  /** When the newest event leaves the window: the row can be swept after this. */
  expiresAt: Timestamp;
}

/** An address or browser a member has signed in from (stored as a hash). */
export interface KnownSignInPlacesTable {
  userId: number;
  /** SHA-256 of `address:<ip>` or `device:<device cookie token>`. */
  placeHash: string;
  lastSeenAt: CreatedAt;
}

/** An e-mailed login code, bound to the browser that asked for it. */
export interface LoginCodesTable {
  /** SHA-256 of the token in the login-code cookie. */
  tokenHash: string;
  /** Lower-cased; the account is looked up again when the code is used. */
  email: string;
  /** SHA-256 of the cookie token and the code. */
  codeHash: string;
  /** Tries used so far; the code dies at 5. */
  attempts: Generated<number>;
  expiresAt: Timestamp;
  createdAt: CreatedAt;
}

export interface PasswordResetTokensTable {
  /** SHA-256 of the token in the e-mailed link. */
  tokenHash: string;
  userId: number;
  expiresAt: Timestamp;
  /** Set when the token was spent: a token works once. */
  usedAt: NullableTimestamp;
  createdAt: CreatedAt;
}

export interface ExternalIdentitiesTable {
  /** 'google' | 'facebook' */
  provider: string;
  /** The provider's stable id for the person (Google's `sub`, Facebook's user id). */
  subject: string;
  userId: number;
  /** The e-mail the provider vouched for when the identity was linked, if any. */
  email: string | null;
  createdAt: CreatedAt;
}

export interface MailOutboxTable {
  id: Generated<number>;
  /** The mail job that wrote it: a retried job does not write twice. */
  jobId: number | null;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  createdAt: CreatedAt;
}

export interface TopicsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: Generated<string>;
  createdBy: number | null;
  createdAt: CreatedAt;
}

export interface OpinionsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  authorId: number | null;
  /**
   * Derived: the tidbit's facts, worded when read (docs/decisions/068). Rows from before 068 hold
   * `Desc` instead, until the refresh their migration queued replaces them.
   */
  tidbit: Json<{
    Field?: string;
    Answer?: string;
    GroupAgree?: number;
    EveryoneAgree?: number;
    Desc?: string;
    AgreementWording: string;
    AgreementDirection: number;
  } | null> | null;
  deleted: Generated<boolean>;
  /** False for quiz items: answered in quizzes, kept out of feeds, topics and search. */
  listed: Generated<boolean>;
  /** Derived: votes per rating, kept in step with `votes` in the same transaction. */
  votes1: Generated<number>;
  votes2: Generated<number>;
  votes3: Generated<number>;
  votes4: Generated<number>;
  votes5: Generated<number>;
  /** Generated column: votes1 + … + votes5. */
  numVotes: ColumnType<number, never, never>;
  /**
   * Generated column: floor(10 · ln(num_votes + 1)), the most-voted order's indexed key, which a
   * vote changes rarely (docs/decisions/084-what-a-vote-costs.md).
   */
  voteBand: ColumnType<number, never, never>;
  /** Derived: live (not deleted) comments in this opinion's thread. */
  numComments: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface OpinionTopicsTable {
  opinionId: number;
  topicId: number;
}

export interface VotesTable {
  userId: number;
  opinionId: number;
  rating: number;
  /** The rating before the vote's last change (null for a first vote): what the counters moved from. */
  previousRating: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

/** A member's number of votes on listed opinions: a derived counter (milestones' vote awards). */
export interface MemberVoteCountsTable {
  userId: number;
  listedVotes: number;
}

/**
 * An opinion's votes by the UTC day they were last cast or changed on (their updated_at): a
 * derived counter the feed ranking and the trending card sum over the last 7 days.
 */
export interface OpinionVoteDaysTable {
  opinionId: number;
  day: ColumnType<string, string, string>;
  votes: number;
}

export interface TopicFollowsTable {
  userId: number;
  topicId: number;
  createdAt: CreatedAt;
}

export interface CommentsTable {
  id: Generated<number>;
  /** The opinion's ArtifactID as a string, or 'suggestions'. */
  threadId: string;
  opinionId: number | null;
  parentId: number | null;
  authorId: number;
  /** The Markdown the author wrote. */
  bodySource: string;
  /** Sanitized HTML rendered from bodySource. */
  bodyHtml: string;
  /** 'pro' | 'con' | 'neutral' | 'commentary' | '' */
  responseType: Generated<string>;
  likeCount: Generated<number>;
  /** Live "this changed my mind" credits (persuasions), derived. */
  persuadedCount: Generated<number>;
  deleted: Generated<boolean>;
  /** 'user' | 'moderator' | 'other' when deleted. */
  deletedReason: string | null;
  createdAt: CreatedAt;
  editedAt: NullableTimestamp;
  /** Set when enough members reported it: shown as flagged until a moderator reviews it. */
  hiddenAt: NullableTimestamp;
}

/** A vote moved to another rating (docs/decisions/077-minds-changed.md): private to its member. */
export interface VoteChangesTable {
  id: Generated<number>;
  userId: number;
  opinionId: number;
  fromRating: number;
  toRating: number;
  changedAt: CreatedAt;
}

/** "This changed my mind": one per member and opinion, the argument and the change it credits. */
export interface PersuasionsTable {
  userId: number;
  opinionId: number;
  commentId: number;
  changeId: number;
  side: 'pro' | 'con';
  fromRating: number;
  createdAt: CreatedAt;
  withdrawnAt: NullableTimestamp;
}

export interface CommentLikesTable {
  commentId: number;
  userId: number;
  createdAt: CreatedAt;
}

/**
 * A top-level comment's good points by the giver's side on its opinion, kept by triggers
 * (server/db/functions/argument-tallies.sql; docs/decisions/076-rankings-from-argument-tallies.md).
 */
export interface ArgumentTalliesTable {
  commentId: number;
  opinionId: number;
  /** A live, visible pro, con or neutral comment: an argument the rankings read. */
  ranked: boolean;
  createdAt: Date;
  likes: Generated<number>;
  likesAgree: Generated<number>;
  likesDisagree: Generated<number>;
  /** Live "this changed my mind" credits: comments.persuaded_count, copied by a trigger. */
  persuaded: Generated<number>;
}

export interface NotificationsTable {
  id: Generated<number>;
  userId: number;
  /** 'Milestone' | 'LikeComment' | 'Comment' | 'LikeRev' */
  kind: string;
  actionName: Generated<string>;
  argsJson: Json<Record<string, unknown>>;
  artifactTitle: Generated<string>;
  url: Generated<string>;
  body: Generated<string>;
  actorId: number | null;
  createdAt: CreatedAt;
  /** The comment the event is about; its body is shown only while the comment is live. */
  commentId: number | null;
  /** Unique per event, so a retried job never notifies twice. */
  dedupeKey: string | null;
}

export interface CommentReportsTable {
  id: Generated<number>;
  commentId: number;
  reporterId: number;
  /** 'spam' | 'harassment' | 'hate' | 'off-topic' | 'other' */
  reason: string;
  note: Generated<string>;
  createdAt: CreatedAt;
  /** Null while the report waits in the moderation queue. */
  resolvedAt: NullableTimestamp;
  /** 'dismissed' | 'deleted' once resolved. */
  resolution: string | null;
  resolvedBy: number | null;
}

export interface EmailPreferencesTable {
  userId: number;
  /** The All flag: off means no optional e-mail at all. */
  allEmails: Generated<boolean>;
  /** E-mails about replies to one's comments. */
  replies: Generated<boolean>;
  /** Lets the link in an e-mail open the preferences without logging in. */
  token: string;
  updatedAt: CreatedAt;
}

export interface DemographicsTable {
  userId: number;
  gender: string | null;
  birthYear: number | null;
  nationality: string | null;
  education: number | null;
  maritalStatus: string | null;
  householdIncome: number | null;
  sexualOrientation: string | null;
  religion: string | null;
  politicalSpectrum: number | null;
  numChildren: number | null;
  /** The consent text the member agreed to when saving. */
  consent: Generated<string>;
  updatedAt: CreatedAt;
}

/** A member's answers in their personal details, as the table holds them (null: not given). */
export type DemographicAnswers = Omit<DemographicsTable, 'userId' | 'consent' | 'updatedAt'>;

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: Json<Record<string, unknown>>;
  runAt: CreatedAt;
  attempts: Generated<number>;
  maxAttempts: Generated<number>;
  /** While set and in the future, a worker owns the job. */
  lockedUntil: NullableTimestamp;
  lastError: string | null;
  doneAt: NullableTimestamp;
  /** While a job with this key waits unclaimed, another with the same key is not queued. */
  dedupeKey: string | null;
  createdAt: CreatedAt;
}

export interface InstrumentItemsTable {
  /** The quiz item's stable id in content/instruments, e.g. `bigfive.openness.1`. */
  itemId: string;
  /** The unlisted opinion members vote on to answer the item. */
  opinionId: number;
}

export interface UserMilestonesTable {
  userId: number;
  /** 'level' | 'votes' | 'comments' | 'goodPoints' (contract/milestones.ts). */
  family: string;
  /** The award's count, or the level's number for 'level'. */
  threshold: number;
  reachedAt: CreatedAt;
}

/** What a shared result shows, frozen when the member shared it (features/shares). */
export type ReportShareSnapshot = {
  title: string;
  entries: {
    name: string;
    poles: { low: string; high: string };
    isTotal: boolean;
    score: number | null;
    uncertainty: number | null;
  }[];
  headline: string | null;
};

export interface ReportSharesTable {
  /** The link's secret, base64url; the public page is /r/{token}. */
  token: string;
  userId: number;
  /** The report's name (contract/reports.ts `reportNames`). */
  report: string;
  /** Whether the public page shows the member's username. */
  showName: Generated<boolean>;
  /** The scores when shared; null once revoked. */
  snapshot: ColumnType<ReportShareSnapshot | null, string, string | null>;
  createdAt: CreatedAt;
  /** Null while the link is live. */
  revokedAt: NullableTimestamp;
}

/** One entry's norm over the members who have it (docs/decisions/041): derived, rebuilt by a job. */
export interface ReportNormsTable {
  /** The report's name, e.g. `bigfive`. */
  report: string;
  /** Its elements in content order (0…), then its total. */
  entryIndex: number;
  /** Members with a score on the entry. */
  members: number;
  mean: number | null;
  /** Sample standard deviation of the members' rounded scores. */
  sd: number | null;
  /** Cronbach's alpha of an element's items; null for a total. */
  alpha: number | null;
  /** Members per rounded score, 101 buckets (0…100). */
  histogram: number[];
  computedAt: Timestamp;
}

/** A staff-managed group of questions (docs/decisions/047-questions-and-arguments.md). */
export interface CategoriesTable {
  id: Generated<number>;
  title: string;
  createdAt: CreatedAt;
}

/** A question: its positions are opinions (convo_positions), its arguments their comments. */
export interface ConvosTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** Plain text, line breaks kept. */
  description: Generated<string>;
  categoryId: number;
  /** The current image (convo_images), null for none. */
  imageId: ColumnType<number | null, number | null | undefined, number | null>;
  createdBy: number | null;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

/** An uploaded question image; its files are its WebP encodings (convo_image_files). */
export interface ConvoImagesTable {
  id: Generated<number>;
  convoId: number;
  createdBy: number | null;
  createdAt: CreatedAt;
}

export interface ConvoImageFilesTable {
  imageId: number;
  width: number;
  height: number;
  webp: Uint8Array;
}

export interface ConvoPositionsTable {
  convoId: number;
  opinionId: number;
  /** 0, 1, … in the order staff chose. */
  position: number;
}

/** A member's Stripe customer and the subscription their status follows (docs/decisions/049). */
export interface StripeCustomersTable {
  userId: number;
  /** Stripe's customer id (`cus_…`), created once per member and reused. */
  customerId: string;
  /** The subscription `users.subscription_status` follows; null before the first checkout. */
  subscriptionId: string | null;
  /** Stripe's time of the newest event applied: an older one delivered late changes nothing. */
  statusAsOf: CreatedAt;
  /** When the current period ends (the subscription item's `current_period_end`). */
  currentPeriodEnd: NullableTimestamp;
  cancelAtPeriodEnd: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

/** A verified Stripe event, stored once in the transaction that applies it. */
export interface StripeEventsTable {
  /** Stripe's event id (`evt_…`). */
  eventId: string;
  type: string;
  userId: number | null;
  /** What it did: `applied`, `stale`, `unknown-customer`, `ignored`, … */
  outcome: string;
  receivedAt: CreatedAt;
}

/** A paid checkout session, fulfilled once by the webhook or the member's return. */
export interface StripeFulfilmentsTable {
  checkoutSessionId: string;
  userId: number | null;
  subscriptionId: string | null;
  source: 'webhook' | 'return';
  fulfilledAt: CreatedAt;
}

/** A named group of members staff filter the analytics by (docs/decisions/055). */
export interface UserTagsTable {
  id: Generated<number>;
  /** As staff typed it; unique without regard to case (index on lower(name)). */
  name: string;
  createdAt: CreatedAt;
  /** The staff member who created it; null once their account is deleted. */
  createdBy: number | null;
}

/** A member carrying a tag; deleting either side removes the row. */
export interface UserTagMembersTable {
  tagId: number;
  userId: number;
}

/** A member's scores on one report (docs/decisions/054): derived, rebuilt by a job. */
export interface MemberScoresTable {
  report: string;
  userId: number;
  /** The report's elements in card order, then its total; null where too few answers. */
  scores: (number | null)[];
  computedAt: Timestamp;
}

/** A staff member's privacy budget spent on a UTC day, in millionths of ε (docs/decisions/082). */
export interface PrivacySpendingTable {
  staffId: number;
  /** The UTC day, YYYY-MM-DD. */
  day: ColumnType<string, string, string>;
  spentMicro: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
}

/** The noisy answer a staff member got to a question on a day, given again at no cost. */
export interface PrivacyAnswersTable {
  staffId: number;
  day: ColumnType<string, string, string>;
  /** SHA-256 of the call and its normalised question, hex. */
  question: string;
  answer: ColumnType<unknown, string, string>;
  createdAt: CreatedAt;
}

/** Derived (docs/decisions/052): voters of a listed opinion per demographic answer and rating. */
export interface OpinionInsightCountsTable {
  opinionId: number;
  /** A key of insightFieldKeys (contract/insights.base.ts). */
  field: string;
  /** The answer's value as text (generation: its band's value). */
  answer: string;
  /**
   * How many voters with this answer gave each rating: a sum of differences, 0 kept and below 0
   * for a while when a recount waits (docs/decisions/096); readers show counts above 0.
   */
  votes1: Generated<number>;
  votes2: Generated<number>;
  votes3: Generated<number>;
  votes4: Generated<number>;
  votes5: Generated<number>;
}

/**
 * Derived (docs/decisions/096): a vote's move of its voter's insight counts, logged by the vote
 * batch and folded into opinion_insight_counts later; readers add the moves still here.
 */
export interface OpinionInsightMovesTable {
  opinionId: number;
  userId: number;
  /** The rating the vote replaced; null for a first vote. */
  fromRating: number | null;
  toRating: number;
}

/** Derived (docs/decisions/052): a topic's last grouping check and the grouping it published. */
export interface TopicGroupingsTable {
  topicId: number;
  checkedAt: Timestamp;
  /** The topic's votes (on listed, live opinions) at that check: the "changed enough" base. */
  votesAtCheck: number;
  /** When the published grouping was computed; null when none is published. */
  computedAt: NullableTimestamp;
  consensus: Json<{ opinionId: number; agree: number }[]>;
  divisive: Json<{ opinionId: number }[]>;
}

/** An opinion a group or everyone stands for, as stored: titles are read at request time. */
export type StoredStance = {
  opinionId: number;
  agree: number;
  disagree: number;
  direction: 'agree' | 'disagree';
};

export interface TopicGroupsTable {
  topicId: number;
  groupId: number;
  size: number;
  representative: Json<StoredStance[]>;
}

export interface TopicGroupMembersTable {
  topicId: number;
  userId: number;
  groupId: number;
  x: number;
  y: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  pendingSignups: PendingSignupsTable;
  passwordResetTokens: PasswordResetTokensTable;
  rateLimitWindows: RateLimitWindowsTable;
  knownSignInPlaces: KnownSignInPlacesTable;
  loginCodes: LoginCodesTable;
  externalIdentities: ExternalIdentitiesTable;
  mailOutbox: MailOutboxTable;
  topics: TopicsTable;
  opinions: OpinionsTable;
  opinionTopics: OpinionTopicsTable;
  votes: VotesTable;
  memberVoteCounts: MemberVoteCountsTable;
  opinionVoteDays: OpinionVoteDaysTable;
  topicFollows: TopicFollowsTable;
  comments: CommentsTable;
  voteChanges: VoteChangesTable;
  persuasions: PersuasionsTable;
  commentLikes: CommentLikesTable;
  argumentTallies: ArgumentTalliesTable;
  notifications: NotificationsTable;
  commentReports: CommentReportsTable;
  emailPreferences: EmailPreferencesTable;
  demographics: DemographicsTable;
  jobs: JobsTable;
  instrumentItems: InstrumentItemsTable;
  userMilestones: UserMilestonesTable;
  reportShares: ReportSharesTable;
  reportNorms: ReportNormsTable;
  categories: CategoriesTable;
  convos: ConvosTable;
  convoImages: ConvoImagesTable;
  convoImageFiles: ConvoImageFilesTable;
  convoPositions: ConvoPositionsTable;
  stripeCustomers: StripeCustomersTable;
  stripeEvents: StripeEventsTable;
  stripeFulfilments: StripeFulfilmentsTable;
  userTags: UserTagsTable;
  userTagMembers: UserTagMembersTable;
  opinionInsightCounts: OpinionInsightCountsTable;
  opinionInsightMoves: OpinionInsightMovesTable;
  topicGroupings: TopicGroupingsTable;
  topicGroups: TopicGroupsTable;
  topicGroupMembers: TopicGroupMembersTable;
  memberScores: MemberScoresTable;
  privacySpending: PrivacySpendingTable;
  privacyAnswers: PrivacyAnswersTable;
}

export type UserRow = Selectable<UsersTable>;
/**
 * A logged-in member as requests see them (`request.user`): the member's row without the password
 * hash, which only the login and password calls read, from the database, when they need it.
 */
export type SessionUser = Omit<UserRow, 'passwordHash' | 'erasedAt'>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OpinionRow = Selectable<OpinionsTable>;
export type TopicRow = Selectable<TopicsTable>;
export type CommentRow = Selectable<CommentsTable>;
export type JobRow = Selectable<JobsTable>;
