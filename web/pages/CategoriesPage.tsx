import { Link } from 'react-router';
import { featuredTopics } from '../features/feed/components/TopicsMenu.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { Card } from '../ui/Card.tsx';
import { Page } from '../ui/Page.tsx';

/** categories, `/categories`: the main categories of opinion. */
export default function CategoriesPage() {
  usePageTitle('categories');
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
