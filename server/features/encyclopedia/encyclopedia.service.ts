import { encyclopediaSizes } from '../../../contract/encyclopedia.base.ts';
import type { Db } from '../../db/database.ts';
import { listMostVotedOpinions } from '../opinions/opinions.service.ts';
import { listCategoriesWithTopQuestions } from '../questions/questions.service.ts';
import { listAllTopics } from '../topics/topics.service.ts';

/*
 * The encyclopedia of opinion (docs/decisions/073-the-encyclopedia-and-home.md): the index of
 * topics, the questions by category and the most-voted opinions, read together for one page.
 */

export async function getEncyclopedia(db: Db) {
  const [topics, categories, mostVoted] = await Promise.all([
    listAllTopics(db),
    listCategoriesWithTopQuestions(db, encyclopediaSizes.questionsPerCategory),
    listMostVotedOpinions(db, encyclopediaSizes.mostVoted),
  ]);
  return { Topics: topics.Topics, Categories: categories, MostVoted: mostVoted };
}
