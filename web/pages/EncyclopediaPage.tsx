import { Link } from 'react-router';
import type { ResponseOf } from '../../contract/calls.ts';
import type { getEncyclopedia } from '../../contract/encyclopedia.base.ts';
import { pageTitle, productName } from '../../contract/routes.ts';
import { agreeingShare, encyclopediaQuery, useEncyclopedia } from '../features/encyclopedia/api.ts';
import { groupTopicsByLetter } from '../features/topics/topic-list.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { capitalizeFirst, formatCount, pluralize } from '../ui/format.ts';
import { Page } from '../ui/Page.tsx';
import { LoadingBlocks, QueryState } from '../ui/QueryState.tsx';
import { routeQuery, type RouteHandle } from '../routing/route-handle.ts';
import styles from './EncyclopediaPage.module.css';

type Encyclopedia = ResponseOf<typeof getEncyclopedia>;

export const handle: RouteHandle = {
  queries: () => [routeQuery(encyclopediaQuery())],
  head: ({ params, queryClient }) => {
    const top = queryClient.getQueryData(encyclopediaQuery().queryKey)?.MostVoted[0];
    return {
      title: pageTitle('encyclopedia', params),
      description: `The encyclopedia of opinion: every opinion on ${productName} has a page with its votes, the arguments for and against, and who holds it.${top ? ` Most voted: “${top.Title}”.` : ''}`,
      type: 'website',
    };
  },
};

/**
 * encyclopedia, `/encyclopedia`: the encyclopedia of opinion as an index: the most-voted
 * opinions, the questions by category and every topic from A to Z (docs/decisions/073).
 */
export default function EncyclopediaPage() {
  const encyclopedia = useEncyclopedia();
  return (
    <Page
      title="Encyclopedia of opinion"
      intro="Every opinion on Stance has a page: the votes, the arguments for and against, and who holds it. Start with what most people have voted on, a question, or a topic."
    >
      <QueryState
        query={encyclopedia}
        loading={<LoadingBlocks heights={[420, 260, 320]} />}
        isEmpty={(data) =>
          data.MostVoted.length === 0 &&
          data.Topics.length === 0 &&
          data.Categories.every((category) => category.Questions.length === 0)
        }
        empty={
          <Card>
            <EmptyState
              title="The encyclopedia is empty for now"
              actions={
                <ButtonLink to="/suggest" variant="primary">
                  Suggest an opinion
                </ButtonLink>
              }
            >
              Opinions, questions and topics appear here as soon as there are some.
            </EmptyState>
          </Card>
        }
      >
        {(data) => (
          <div className={styles.sections}>
            <MostVoted opinions={data.MostVoted} />
            <QuestionsByCategory categories={data.Categories} />
            <TopicIndex topics={data.Topics} />
          </div>
        )}
      </QueryState>
    </Page>
  );
}

function MostVoted({ opinions }: { opinions: Encyclopedia['MostVoted'] }) {
  return (
    <section aria-labelledby="most-voted" className={styles.section}>
      <h2 id="most-voted" className={styles.heading}>
        Most voted
      </h2>
      {opinions.length === 0 ? (
        <p className={styles.muted}>No opinion has votes yet.</p>
      ) : (
        <Card padding="none">
          <ol className={styles.ranking}>
            {opinions.map((opinion, index) => {
              const agree = agreeingShare(opinion.Percentages);
              return (
                <li key={opinion.ArtifactID} className={styles.rankingItem}>
                  <span className={styles.place} aria-hidden="true">
                    {index + 1}
                  </span>
                  <div className={styles.rankingText}>
                    <Link to={opinion.Link} className={styles.opinionLink}>
                      {opinion.Title}
                    </Link>
                    <p className={styles.meta}>
                      {pluralize(opinion.NumVotes, 'vote')} ·{' '}
                      {pluralize(opinion.NumComments, 'comment')} · {`${agree}%\u00a0agree`}
                    </p>
                    <span className={styles.bar} aria-hidden="true">
                      <span className={styles.barAgree} style={{ width: `${agree}%` }} />
                    </span>
                  </div>
                </li>
              );
            })}
          </ol>
        </Card>
      )}
    </section>
  );
}

function QuestionsByCategory({ categories }: { categories: Encyclopedia['Categories'] }) {
  const withQuestions = categories.filter((category) => category.Questions.length > 0);
  return (
    <section aria-labelledby="questions-by-category" className={styles.section}>
      <div className={styles.headingRow}>
        <h2 id="questions-by-category" className={styles.heading}>
          Questions by category
        </h2>
        <Link to="/questions">All questions</Link>
      </div>
      {withQuestions.length === 0 ? (
        <p className={styles.muted}>No questions yet.</p>
      ) : (
        <div className={styles.categories}>
          {withQuestions.map((category) => (
            <Card key={category.ID} as="section" aria-labelledby={`category-${category.ID}`}>
              <h3 id={`category-${category.ID}`} className={styles.categoryTitle}>
                {category.Title}
              </h3>
              <ul className={styles.questions}>
                {category.Questions.map((question) => (
                  <li key={question.ID}>
                    <Link to={question.Link}>{question.Title}</Link>
                    <span className={styles.count}>{pluralize(question.NumVotes, 'vote')}</span>
                  </li>
                ))}
              </ul>
              {category.NumConvos > category.Questions.length ? (
                <Link to={`/questions?category=${category.ID}`} className={styles.more}>
                  All {formatCount(category.NumConvos)} questions in {category.Title}
                </Link>
              ) : null}
            </Card>
          ))}
        </div>
      )}
    </section>
  );
}

function TopicIndex({ topics }: { topics: Encyclopedia['Topics'] }) {
  const groups = groupTopicsByLetter(topics);
  return (
    <section aria-labelledby="topics-index" className={styles.section}>
      <div className={styles.headingRow}>
        <h2 id="topics-index" className={styles.heading}>
          Topics from A to Z
        </h2>
        <Link to="/topics">All topics</Link>
      </div>
      {groups.length === 0 ? (
        <p className={styles.muted}>No topics yet.</p>
      ) : (
        <Card>
          <dl className={styles.index}>
            {groups.map((group) => (
              <div key={group.letter} className={styles.indexGroup}>
                <dt className={styles.letter}>{group.letter}</dt>
                {group.topics.map((topic) => (
                  <dd key={topic.ArtifactID} className={styles.indexTopic}>
                    <Link to={`/t/${topic.Slug}`}>{capitalizeFirst(topic.Title)}</Link>
                    {topic.NumOpinions === undefined ? null : (
                      <span className={styles.count}>
                        {pluralize(topic.NumOpinions, 'opinion')}
                      </span>
                    )}
                  </dd>
                ))}
              </div>
            ))}
          </dl>
        </Card>
      )}
    </section>
  );
}
