import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Article } from '../features/articles/articles.ts';
import { useAccountsConfig } from '../features/accounts/api.ts';
import { Card } from '../ui/Card.tsx';
import { Page } from '../ui/Page.tsx';
import styles from './ArticleView.module.css';

export function ArticleView({ article }: { article: Article }) {
  const contact = useContactAddress();
  return (
    <Page width="narrow" title={article.title}>
      <Card as="article">
        <div className={styles.article}>
          <p className={styles.standfirst}>{article.standfirst}</p>
          {article.sections.map((section, index) => (
            <section key={section.heading ?? index} className={styles.section}>
              {section.heading ? <h2>{section.heading}</h2> : null}
              {section.paragraphs.map((paragraph, paragraphIndex) => (
                <p key={paragraphIndex}>{renderInline(paragraph, contact)}</p>
              ))}
              {section.items ? (
                <ul>
                  {section.items.map((item, itemIndex) => (
                    <li key={itemIndex}>{renderInline(item, contact)}</li>
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

/** The site's contact address (CONTACT_EMAIL): '' when unset, null while not yet known. */
function useContactAddress(): string | null {
  const config = useAccountsConfig();
  if (config.isPending) return null;
  return config.data?.ContactEmail ?? '';
}

/**
 * An article's text with its two kinds of marks: `[label](/path)`, a link inside Stance, and
 * `{contact}`, the site's contact address (the articles' data cannot know it: operators set it).
 */
export function renderInline(text: string, contact: string | null): ReactNode[] {
  const parts: ReactNode[] = [];
  const marks = /\[([^\]]+)\]\((\/[^)\s]*)\)|\{contact\}/g;
  let last = 0;
  for (const match of text.matchAll(marks)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    if (match[1] !== undefined && match[2] !== undefined) {
      parts.push(
        <Link key={match.index} to={match[2]}>
          {match[1]}
        </Link>,
      );
    } else if (contact) {
      parts.push(
        <a key={match.index} href={`mailto:${contact}`}>
          {contact}
        </a>,
      );
    } else {
      // Unset (or not yet known), the sentence still reads: 'write to our contact address …'.
      parts.push(
        contact === null
          ? 'our contact address'
          : 'our contact address (not yet published by the operator of this site)',
      );
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
