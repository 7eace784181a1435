import type { TopicSummary } from '../../../contract/entities.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { notFound } from '../../http.ts';
import { listFeed } from '../feed/feed.service.ts';
import * as topicsRepository from './topics.repository.ts';

function toTopicSummary(row: { id: number; slug: string; title: string }): TopicSummary {
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
  return { Topics: rows.map(toTopicSummary) };
}

export async function getTopicFeed(
  db: Db,
  slug: string,
  after: string | undefined,
  viewer: UserRow | null,
) {
  const topic = await topicsRepository.findTopicBySlug(db, slug);
  if (!topic) throw notFound();
  const [page, numOpinions] = await Promise.all([
    listFeed(db, { viewer, after, topicId: topic.id }),
    topicsRepository.countListedOpinionsInTopic(db, topic.id),
  ]);
  return {
    Topic: { ...toTopicSummary(topic), Description: topic.description, NumOpinions: numOpinions },
    ...page,
  };
}

export async function findTopicTitle(db: Db, slug: string): Promise<string | null> {
  return (await topicsRepository.findTopicBySlug(db, slug))?.title ?? null;
}
