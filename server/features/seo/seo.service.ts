import type { Opinion } from '../../../contract/entities.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http.ts';
import { getOpinionPage } from '../opinions/opinions.service.ts';
import * as seoRepository from './seo.repository.ts';
import { shareImageVersion, type ShareImageInput } from './seo.share-image.ts';

/** A visitor's view: who asks does not change what a crawler or a link preview is shown. */
const visitorView = { sessionTokenHash: null, onDeadSession: () => {}, adminEmails: [] };

/**
 * An opinion as a visitor sees it, with its votes per rating. Throws as the opinion page does:
 * 404 for an unknown slug, 410 for a removed opinion.
 */
export async function getOpinionStanding(
  db: Db,
  slug: string,
): Promise<{ opinion: Opinion; counts: number[] }> {
  const { Opinion: opinion } = await getOpinionPage(db, slug, visitorView);
  const counts = await seoRepository.findVoteCounts(db, opinion.ArtifactID);
  if (!counts) throw notFound();
  return { opinion, counts };
}

/** What an opinion's share image shows, and its version (docs/decisions/038). */
export async function findOpinionShareImage(
  db: Db,
  slug: string,
): Promise<{ input: ShareImageInput; version: string }> {
  const { opinion, counts } = await getOpinionStanding(db, slug);
  const input = { title: opinion.Title, counts };
  return { input, version: shareImageVersion(input) };
}
