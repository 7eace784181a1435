import type { Opinion } from '../../../contract/entities.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http.ts';
import { getOpinionPage } from '../opinions/opinions.service.ts';
import { getProfile } from '../people/people.service.ts';
import { getConvoPage } from '../questions/questions.service.ts';
import * as seoRepository from './seo.repository.ts';
import {
  profileImageVersion,
  questionImageVersion,
  type ProfileImageInput,
  type QuestionImageInput,
} from './seo.page-images.ts';
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

/**
 * What a question's share image shows, as its page shows a visitor: the title, and its live
 * positions with their votes. Throws as the page's call does: 404 for an unknown slug.
 */
export async function findQuestionShareImage(
  db: Db,
  slug: string,
): Promise<{ input: QuestionImageInput; version: string }> {
  const page = await getConvoPage(db, slug, visitorView);
  const input = {
    title: page.Convo.Title,
    positions: page.Positions.map((position) => ({
      title: position.Opinion.Title,
      votes: position.Opinion.NumVotes,
    })),
  };
  return { input, version: questionImageVersion(input) };
}

/**
 * What a member's share image shows, as their profile does: the name as they spell it, karma
 * (so level) and counts. Throws as the profile's call does: 404 for a name nobody has.
 */
export async function findProfileShareImage(
  db: Db,
  username: string,
): Promise<{ input: ProfileImageInput; version: string }> {
  const { Profile: profile } = await getProfile(db, username);
  const input = {
    username: profile.UsernameCased,
    karma: profile.Karma,
    opinions: profile.OpinionsTotal,
    votes: profile.NumVotes,
    comments: profile.NumComments,
  };
  return { input, version: profileImageVersion(input) };
}
