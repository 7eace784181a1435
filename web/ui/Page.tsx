import type { ReactNode } from 'react';
import styles from './Page.module.css';
import { PageHasHeadingContext } from './page-heading.ts';

type PageProps = {
  /** The page's one h1. */
  title?: ReactNode;
  intro?: ReactNode;
  /** Controls on the title's line (e.g. a download link). */
  actions?: ReactNode;
  /** Text pages read better narrow. */
  width?: 'wide' | 'narrow';
  children?: ReactNode;
};

/** The frame of every page: a centred column with its heading. */
export function Page({ title, intro, actions, width = 'wide', children }: PageProps) {
  return (
    <div className={[styles.page, width === 'narrow' ? styles.narrow : ''].join(' ')}>
      {title || actions ? (
        <header className={styles.header}>
          <div>
            {title ? <h1 className={styles.title}>{title}</h1> : null}
            {intro ? <p className={styles.intro}>{intro}</p> : null}
          </div>
          {actions}
        </header>
      ) : null}
      <div className={styles.body}>
        <PageHasHeadingContext value={Boolean(title)}>{children}</PageHasHeadingContext>
      </div>
    </div>
  );
}
