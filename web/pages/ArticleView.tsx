import type { Article } from '../features/articles/articles.ts';
import { Card } from '../ui/Card.tsx';
import { Page } from '../ui/Page.tsx';
import styles from './ArticleView.module.css';

export function ArticleView({ article }: { article: Article }) {
  return (
    <Page width="narrow" title={article.title}>
      <Card as="article">
        <div className={styles.article}>
          <p className={styles.standfirst}>{article.standfirst}</p>
          {article.sections.map((section, index) => (
            <section key={section.heading ?? index} className={styles.section}>
              {section.heading ? <h2>{section.heading}</h2> : null}
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
              {section.items ? (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </div>
      </Card>
    </Page>
  );
}
