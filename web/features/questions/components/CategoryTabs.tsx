import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { allCategories } from '../../../../contract/questions.base.ts';
import type { CategoryChoice } from '../api.ts';
import styles from './CategoryTabs.module.css';

type Tab = { value: CategoryChoice; title: string };

/**
 * The question feed's category tabs, All first: the ARIA tabs pattern. One tab is in the Tab
 * order; the arrow keys, Home and End move between tabs and choose the one they reach.
 */
export function CategoryTabs({
  categories,
  current,
  onChange,
  children,
}: {
  categories: readonly { ID: number; Title: string }[];
  current: CategoryChoice;
  onChange: (category: CategoryChoice) => void;
  /** The chosen tab's panel. */
  children: ReactNode;
}) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabs: Tab[] = [
    { value: allCategories, title: 'All' },
    ...categories.map((category) => ({ value: category.ID, title: category.Title })),
  ];
  const currentIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.value === current),
  );
  const tabId = (index: number) => `${id}-tab-${index}`;

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? currentIndex === last
          ? 0
          : currentIndex + 1
        : event.key === 'ArrowLeft'
          ? currentIndex === 0
            ? last
            : currentIndex - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onChange(tabs[next]!.value);
    listRef.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(next))}`)?.focus();
  }

  return (
    <div className={styles.tabs}>
      <div
        ref={listRef}
        className={styles.list}
        role="tablist"
        aria-label="Categories"
        onKeyDown={handleKeyDown}
      >
        {tabs.map((tab, index) => {
          const isCurrent = index === currentIndex;
          return (
            <button
              key={String(tab.value)}
              id={tabId(index)}
              type="button"
              role="tab"
              className={styles.tab}
              aria-selected={isCurrent}
              aria-controls={`${id}-panel`}
              tabIndex={isCurrent ? 0 : -1}
              onClick={() => onChange(tab.value)}
            >
              {tab.title}
            </button>
          );
        })}
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={tabId(currentIndex)}
        className={styles.panel}
      >
        {children}
      </div>
    </div>
  );
}
