import { describe, expect, it } from 'vitest';
import type { TopicSummary } from '../../../contract/entities.ts';
import { filterTopics, groupTopicsByLetter } from './topic-list.ts';

function buildTopic(id: number, title: string): TopicSummary {
  return { ArtifactID: id, Slug: `t${id}`, Title: title, Link: `/t/t${id}`, ArtifactType: 'topic' };
}

const topics = [
  buildTopic(1, 'eternals'),
  buildTopic(2, 'Culture Wars'),
  buildTopic(3, 'Economics'),
  buildTopic(4, 'cities & transport'),
  buildTopic(5, '2020s'),
];

describe('groupTopicsByLetter', () => {
  it('sorts alphabetically and groups by capitalised first letter', () => {
    const groups = groupTopicsByLetter(topics);
    expect(groups.map((group) => group.letter)).toEqual(['#', 'C', 'E']);
    expect(groups[1]!.topics.map((topic) => topic.Title)).toEqual([
      'cities & transport',
      'Culture Wars',
    ]);
    expect(groups[2]!.topics.map((topic) => topic.Title)).toEqual(['Economics', 'eternals']);
  });
});

describe('filterTopics', () => {
  it('finds titles containing the query, prefixes first', () => {
    expect(filterTopics(topics, 'ec').map((topic) => topic.ArtifactID)).toEqual([3]);
    expect(filterTopics(topics, 'ur').map((topic) => topic.ArtifactID)).toEqual([2]);
    expect(filterTopics(topics, '  ')).toEqual([]);
  });
});
