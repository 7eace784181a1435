import { sql } from 'kysely';
import { renderCommentMarkdown } from '../../features/comments/comments.markdown.ts';
import { slugify, uniqueSlug } from '../../slug.ts';
import { karmaAmounts } from '../../features/users/users.karma.ts';
import { rebuildCounters } from '../../features/opinions/opinions.repository.ts';
import { recomputeAllKarma } from '../../features/users/users.repository.ts';
import { seedDemoChangesOfMind } from '../../features/minds/minds.seed.ts';
import { seedInstrumentAnswers } from '../../features/instruments/instruments.seed.ts';
import { recordMilestonesWithoutNotifying } from '../../features/milestones/milestones.service.ts';
import { rebuildAllInsights } from '../../features/insights/insights.service.ts';
import { loadConfig } from '../../config.ts';
import { inTransaction, type Db } from '../database.ts';
import {
  loadDemoContent,
  type DemoComment,
  type DemoContent,
  type DemoOpinion,
  type DemoUser,
} from './demo-content.ts';
import { drawDemoPictures, insertDemoQuestions } from './demo-questions.ts';
import { createRandom, type Random } from './random.ts';

const dayMs = 86_400_000;
const demoSeed = 20_261_121;
/** The demo changes of mind draw from their own sequence (docs/decisions/077). */
const demoMindsSeed = 20_261_128;
const batchSize = 500;

export type SeedSummary = {
  quizItems: number;
  quizAnswers: number;
  topics: number;
  users: number;
  opinions: number;
  votes: number;
  comments: number;
  likes: number;
  /** Members whose change of vote credits a demo argument (docs/decisions/077). */
  mindsChanged: number;
  categories: number;
  questions: number;
};

export class DatabaseNotEmptyError extends Error {}

/** True when the database holds no topics, opinions or users (a fresh install). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const row = await sql<{ total: number }>`
    select (select count(*) from topics)::int + (select count(*) from opinions)::int
      + (select count(*) from users)::int as total
  `.execute(db);
  return row.rows[0]!.total === 0;
}

/**
 * Loads the demo content: the same rows on every machine for the same `now` (times are relative
 * to it, so a fresh install always has recent activity). Everything happens in one transaction:
 * a failed seed leaves the database as it was.
 */
export async function seedDemo(db: Db, options: { now?: Date } = {}): Promise<SeedSummary> {
  const content = loadDemoContent();
  const now = options.now ?? new Date();
  if (!(await isDatabaseEmpty(db))) {
    throw new DatabaseNotEmptyError(
      'The database already holds content; the demo seed loads into an empty database only.',
    );
  }
  // The questions' pictures are drawn before the transaction: it holds the embedded database.
  const pictures = await drawDemoPictures();
  return inTransaction(db, (trx) => insertDemo(trx, content, now, pictures));
}

async function insertDemo(
  db: Db,
  content: DemoContent,
  now: Date,
  pictures: Awaited<ReturnType<typeof drawDemoPictures>>,
): Promise<SeedSummary> {
  const random = createRandom(demoSeed);
  const at = (daysAgo: number, jitterHours = 0) =>
    new Date(now.getTime() - daysAgo * dayMs - jitterHours * 3_600_000);

  const topicRows = await db
    .insertInto('topics')
    .values(
      content.topics.map((topic) => ({
        slug: topic.slug,
        title: topic.title,
        description: topic.description,
        createdBy: null,
        createdAt: at(800),
      })),
    )
    .returning(['id', 'slug'])
    .execute();
  const topicIds = new Map(topicRows.map((row) => [row.slug, row.id]));

  const userRows = await db
    .insertInto('users')
    .values(
      content.users.map((user) => ({
        username: user.username,
        email: `${user.username.toLowerCase()}@demo.stance.invalid`,
        passwordHash: null,
        role: null,
        fullName: user.fullName,
        location: user.location,
        bio: user.bio,
        expertise: user.expertise,
        createdAt: at(user.joinedDaysAgo, random.next() * 12),
      })),
    )
    .returning(['id', 'username', 'createdAt'])
    .execute();
  const usersByName = new Map(userRows.map((row) => [row.username.toLowerCase(), row]));
  const userOf = (username: string) => {
    const row = usersByName.get(username.toLowerCase());
    if (!row) throw new Error(`content/demo: unknown user '${username}'`);
    return row;
  };

  const demographicRows = content.users.flatMap((user) =>
    user.demographics && Object.keys(user.demographics).length > 0
      ? [{ userId: userOf(user.username).id, consent: 'demo', ...user.demographics }]
      : [],
  );
  if (demographicRows.length > 0)
    await db.insertInto('demographics').values(demographicRows).execute();

  const takenSlugs = new Set<string>();
  const opinionValues = [];
  for (const opinion of content.opinions) {
    const slug = await uniqueSlug(slugify(opinion.title), (candidate) => takenSlugs.has(candidate));
    takenSlugs.add(slug);
    opinionValues.push({
      slug,
      title: opinion.title,
      authorId: userOf(opinion.author).id,
      tidbit: opinion.tidbit ? JSON.stringify(opinion.tidbit) : null,
      createdAt: at(opinion.daysAgo, random.next() * 20),
    });
  }
  const opinionRows = await db
    .insertInto('opinions')
    .values(opinionValues)
    .returning(['id', 'title', 'createdAt', 'slug'])
    .execute();
  const opinionsByTitle = new Map(opinionRows.map((row) => [row.title.toLowerCase(), row]));

  const links = content.opinions.flatMap((opinion, index) =>
    opinion.topics.map((slug) => {
      const topicId = topicIds.get(slug);
      if (topicId === undefined) throw new Error(`content/demo: unknown topic '${slug}'`);
      return { opinionId: opinionRows[index]!.id, topicId };
    }),
  );
  await db.insertInto('opinionTopics').values(links).execute();

  const votes = generateVotes(
    random,
    content.users,
    content.opinions,
    (index) => opinionRows[index]!,
    userOf,
    now,
  );
  for (let start = 0; start < votes.length; start += batchSize) {
    await db
      .insertInto('votes')
      .values(votes.slice(start, start + batchSize))
      .execute();
  }

  const { comments, likes } = await insertThreads(
    db,
    random,
    content,
    opinionsByTitle,
    userRows,
    userOf,
    now,
  );
  const questions = await insertDemoQuestions(db, { opinionsByTitle, now, pictures });
  // Some members changed their minds, credited to real demo arguments (docs/decisions/077); a
  // random sequence of their own, so that the rest of the demo stays as it was.
  const mindsRandom = createRandom(demoMindsSeed);
  const mindsChanged = await seedDemoChangesOfMind(db, () => mindsRandom.next());
  // Quiz answers drawn from latent traits, so reports and the psychometric check have data.
  const quizAnswers = await seedInstrumentAnswers(
    db,
    content.users.map((user) => ({
      id: userOf(user.username).id,
      username: user.username,
      traits: user.traits,
    })),
  );
  await rebuildCounters(db);
  // Insight counts, computed tidbits and the topics' opinion groups (docs/decisions/052).
  await rebuildAllInsights(db, loadConfig().minGroupSize);
  await recomputeAllKarma(db, karmaAmounts);
  // Demo members did not just earn their awards: record them without notifying anyone.
  await recordMilestonesWithoutNotifying(db);

  return {
    topics: topicRows.length,
    users: userRows.length,
    opinions: opinionRows.length,
    votes: votes.length,
    comments,
    likes,
    mindsChanged,
    categories: questions.categories,
    questions: questions.questions,
    quizItems: quizAnswers.items,
    quizAnswers: quizAnswers.votes,
  };
}

/** Strongly Agree (1) … Strongly Disagree (5) from a latent agreement z. */
function ratingFromAgreement(z: number): number {
  if (z > 1.2) return 1;
  if (z > 0.35) return 2;
  if (z > -0.35) return 3;
  if (z > -1.2) return 4;
  return 5;
}

/**
 * Who votes on what, and how: members vote more on their interests' topics, and their answers
 * follow their traits through each opinion's loadings, around the opinion's general lean.
 */
function generateVotes(
  random: Random,
  users: readonly DemoUser[],
  opinions: readonly DemoOpinion[],
  opinionRowAt: (index: number) => { id: number; createdAt: Date },
  userOf: (username: string) => { id: number; createdAt: Date },
  now: Date,
) {
  const votes: {
    userId: number;
    opinionId: number;
    rating: number;
    createdAt: Date;
    updatedAt: Date;
  }[] = [];
  for (const user of users) {
    const userRow = userOf(user.username);
    opinions.forEach((opinion, index) => {
      const opinionRow = opinionRowAt(index);
      const isInterest = opinion.topics.some((slug) => user.interests.includes(slug));
      const probability = Math.min(0.97, 0.15 + user.activity * (isInterest ? 1.2 : 0.75));
      if (random.next() >= probability) return;
      const loadings = opinion.loadings;
      const pull =
        user.traits.social * (loadings.social ?? 0) +
        user.traits.economic * (loadings.economic ?? 0) +
        user.traits.openness * (loadings.openness ?? 0);
      const agreement = opinion.lean + 1.6 * pull + opinion.noise * 0.8 * random.normal();
      const start = Math.max(opinionRow.createdAt.getTime(), userRow.createdAt.getTime());
      if (start >= now.getTime()) return;
      // Skewed towards the present, so the last week has the activity a living site has.
      const time = new Date(now.getTime() - (now.getTime() - start) * random.next() ** 1.6);
      votes.push({
        userId: userRow.id,
        opinionId: opinionRow.id,
        rating: ratingFromAgreement(agreement),
        createdAt: time,
        updatedAt: time,
      });
    });
  }
  return votes;
}

async function insertThreads(
  db: Db,
  random: Random,
  content: DemoContent,
  opinionsByTitle: Map<string, { id: number; createdAt: Date }>,
  userRows: readonly { id: number }[],
  userOf: (username: string) => { id: number },
  now: Date,
) {
  let comments = 0;
  let likes = 0;

  async function insertComment(
    node: DemoComment,
    thread: { threadId: string; opinionId: number | null; notBefore: number },
    parentId: number | null,
  ): Promise<void> {
    const authorId = userOf(node.author).id;
    const createdAt = new Date(
      Math.min(
        now.getTime() - 60_000,
        Math.max(
          thread.notBefore + 60_000,
          now.getTime() - node.daysAgo * dayMs - random.next() * 6 * 3_600_000,
        ),
      ),
    );
    const row = await db
      .insertInto('comments')
      .values({
        threadId: thread.threadId,
        opinionId: thread.opinionId,
        parentId,
        authorId,
        bodySource: node.body,
        bodyHtml: renderCommentMarkdown(node.body),
        responseType: node.type ?? '',
        likeCount: 0,
        createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    comments++;
    const likers = random.sample(
      userRows.filter((user) => user.id !== authorId),
      node.likes,
    );
    if (likers.length > 0) {
      await db
        .insertInto('commentLikes')
        .values(
          likers.map((user) => ({
            commentId: row.id,
            userId: user.id,
            createdAt: new Date(
              createdAt.getTime() + random.next() * (now.getTime() - createdAt.getTime()),
            ),
          })),
        )
        .execute();
      await db
        .updateTable('comments')
        .set({ likeCount: likers.length })
        .where('id', '=', row.id)
        .execute();
      likes += likers.length;
    }
    for (const reply of node.replies ?? []) {
      await insertComment(reply, { ...thread, notBefore: createdAt.getTime() }, row.id);
    }
  }

  for (const thread of content.threads) {
    if (thread.opinion === 'suggestions') {
      await insertComment(thread, { threadId: 'suggestions', opinionId: null, notBefore: 0 }, null);
      continue;
    }
    const opinion = opinionsByTitle.get(thread.opinion.toLowerCase());
    if (!opinion)
      throw new Error(`content/demo/comments.json: unknown opinion '${thread.opinion}'`);
    await insertComment(
      thread,
      {
        threadId: String(opinion.id),
        opinionId: opinion.id,
        notBefore: opinion.createdAt.getTime(),
      },
      null,
    );
  }
  return { comments, likes };
}
