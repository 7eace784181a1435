import type { HTMLAttributes, ReactNode } from 'react';
import styles from './Card.module.css';

type CardProps = HTMLAttributes<HTMLElement> & {
  /** A small uppercase heading; also names the card for screen readers. */
  heading?: ReactNode;
  padding?: 'normal' | 'compact' | 'none';
  as?: 'section' | 'article' | 'div' | 'aside';
};

export function Card({
  heading,
  padding = 'normal',
  as: Element = 'section',
  className,
  children,
  ...rest
}: CardProps) {
  const paddingClass =
    padding === 'normal' ? styles.padded : padding === 'compact' ? styles.compact : '';
  return (
    <Element
      className={[styles.card, paddingClass, className ?? ''].filter(Boolean).join(' ')}
      {...rest}
    >
      {heading ? <h2 className={styles.heading}>{heading}</h2> : null}
      {children}
    </Element>
  );
}
