import type { TopicSummary } from '../../../contract/entities.ts';
import type { Db } from '../../db/database.ts';
import type { SessionUser } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http.ts';
import { slugify, uniqueSlug } from '../../slug.ts';
import { toCurrentUser } from '../users/users.service.ts';
import * as topicsRepository from './topics.repository.ts';

export function toTopicSummary(row: { id: number; slug: string; title: string }): TopicSummary {
  return {
    ArtifactID: row.id,
    Slug: row.slug,
    Title: row.title,
    Link: `/t/${row.slug}`,
    ArtifactType: 'topic',
  };
}

export async function listAllTopics(db: Db) {
  const rows = await topicsRepository.listAllTopics(db);
  return {
    Topics: rows.map((row) => ({ ...toTopicSummary(row), NumOpinions: row.numOpinions })),
  };
}

/** The topic a slug names, or 404. */
export async function requireTopicBySlug(db: Db, slug: string) {
  const topic = await topicsRepository.findTopicBySlug(db, slug);
  if (!topic) throw notFound();
  return topic;
}

/** The topic page's header: the topic with its counts and whether the viewer follows it. */
export async function describeTopic(
  db: Db,
  topic: { id: number; slug: string; title: string; description: string },
  viewerId: number | null,
) {
  const [numOpinions, followers] = await Promise.all([
    topicsRepository.countListedOpinionsInTopic(db, topic.id),
    topicsRepository.countTopicFollowers(db, topic.id, viewerId),
  ]);
  return {
    ...toTopicSummary(topic),
    Description: topic.description,
    NumOpinions: numOpinions,
    NumFollowers: followers.followers,
    FollowedByMe: followers.isFollowedByUser,
  };
}

export async function findTopicTitle(db: Db, slug: string): Promise<string | null> {
  return (await topicsRepository.findTopicBySlug(db, slug))?.title ?? null;
}

/** Checks that every id names a topic; answers them without repeats, in the order given. */
export async function resolveTopicIds(db: Db, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = new Set((await topicsRepository.findTopicsByIds(db, unique)).map((row) => row.id));
  const unknown = unique.filter((id) => !found.has(id));
  if (unknown.length > 0) {
    throw new HttpError(400, `topics: there is no topic with id ${unknown.join(', ')}`);
  }
  return unique;
}

/**
 * Creates a topic for a member who may create or edit opinions. A topic with the same title
 * (without regard to case) is answered as it is rather than duplicated.
 */
export async function createTopic(
  db: Db,
  viewer: SessionUser | null,
  adminEmails: readonly string[],
  title: string,
): Promise<{ NewTopic: TopicSummary }> {
  if (!viewer) throw new HttpError(401, 'Log in or sign up to create topics');
  const capabilities = toCurrentUser(viewer, adminEmails);
  if (!capabilities.CanCreateOpinions && !capabilities.CanDeleteContent && !capabilities.Role) {
    throw new HttpError(403, 'Your account is not allowed to create topics');
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await topicsRepository.findTopicByTitle(db, title);
    if (existing) return { NewTopic: toTopicSummary(existing) };
    const slug = await uniqueSlug(slugify(title, 'topic'), (candidate) =>
      topicsRepository.isTopicSlugTaken(db, candidate),
    );
    // Undefined when another request took the title or slug meanwhile: look again.
    const created = await topicsRepository.insertTopic(db, { slug, title, createdBy: viewer.id });
    if (created) return { NewTopic: toTopicSummary(created) };
  }
  throw new HttpError(409, 'title: the topic could not be created; please try again');
}

/** Follows (or, with followed false, unfollows) a topic; followed topics lift the feed. */
export async function setTopicFollowed(
  db: Db,
  viewer: SessionUser | null,
  input: { topicID: number; followed: boolean },
): Promise<{ NumFollowers: number; FollowedByMe: boolean }> {
  if (!viewer) throw new HttpError(401, 'Log in or sign up to follow topics');
  const topic = await topicsRepository.findTopicById(db, input.topicID);
  if (!topic) throw notFound('topicID: there is no topic with that id');
  if (input.followed) await topicsRepository.insertTopicFollow(db, viewer.id, topic.id);
  else await topicsRepository.deleteTopicFollow(db, viewer.id, topic.id);
  const followers = await topicsRepository.countTopicFollowers(db, topic.id, viewer.id);
  return { NumFollowers: followers.followers, FollowedByMe: followers.isFollowedByUser };
}
