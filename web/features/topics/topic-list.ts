import type { TopicSummary } from '../../../contract/entities.ts';
import { capitalizeFirst } from '../../ui/format.ts';

/**
 * A topic of the topics page. `NumOpinions`, its listed opinions, is the field docs/decisions/039
 * proposes for `GET /api/topic/getall`; while the call does not send it, no count is shown.
 */
export type TopicListEntry = TopicSummary & { NumOpinions?: number };

export type TopicGroup<Topic extends TopicSummary = TopicSummary> = {
  letter: string;
  topics: Topic[];
};

/** The topics page: alphabetical, grouped by first letter (non-letters under '#'). */
export function groupTopicsByLetter<Topic extends TopicSummary>(
  topics: readonly Topic[],
): TopicGroup<Topic>[] {
  const sorted = [...topics].sort((a, b) =>
    a.Title.localeCompare(b.Title, undefined, { sensitivity: 'base' }),
  );
  const groups = new Map<string, Topic[]>();
  for (const topic of sorted) {
    const first = capitalizeFirst(topic.Title.trim()).charAt(0);
    const letter = /\p{L}/u.test(first) ? first : '#';
    const group = groups.get(letter);
    if (group) group.push(topic);
    else groups.set(letter, [topic]);
  }
  return [...groups].map(([letter, grouped]) => ({ letter, topics: grouped }));
}

/** Topics whose title contains the query, best matches (prefix) first. */
export function filterTopics(topics: readonly TopicSummary[], query: string): TopicSummary[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [];
  return topics
    .filter((topic) => topic.Title.toLocaleLowerCase().includes(needle))
    .sort((a, b) => {
      const aStarts = a.Title.toLocaleLowerCase().startsWith(needle) ? 0 : 1;
      const bStarts = b.Title.toLocaleLowerCase().startsWith(needle) ? 0 : 1;
      return aStarts - bStarts || a.Title.localeCompare(b.Title);
    });
}
