import { Link } from 'react-router';
import { featuredTopics } from '../features/feed/components/TopicsMenu.tsx';
import { pageTitle, productName } from '../../contract/routes.ts';
import type { RouteHandle } from '../routing/route-handle.ts';
import { Card } from '../ui/Card.tsx';
import { Page } from '../ui/Page.tsx';

export const handle: RouteHandle = {
  head: ({ params }) => ({
    title: pageTitle('categories', params),
    description: `The main categories of opinion on ${productName}: ${featuredTopics
      .filter((topic) => topic.path !== '/')
      .map((topic) => topic.title)
      .join(', ')}, and every topic.`,
    type: 'website',
  }),
};

/** categories, `/categories`: the main categories of opinion. */
export default function CategoriesPage() {
  return (
    <Page width="narrow" title="Categories">
      <Card>
        <ul style={{ margin: 0, paddingLeft: 'var(--space-5)', display: 'grid', gap: 8 }}>
          {featuredTopics
            .filter((topic) => topic.path !== '/')
            .map((topic) => (
              <li key={topic.path}>
                <Link to={topic.path}>{topic.title}</Link>
              </li>
            ))}
          <li>
            <Link to="/topics">All topics</Link>
          </li>
        </ul>
      </Card>
    </Page>
  );
}
