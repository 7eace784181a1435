import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ChevronDownIcon } from '../../../ui/icons.tsx';
import styles from './LeftSidebar.module.css';

/** The Topics dropdown of the feeds (docs/product/screens.md#feeds). */
export const featuredTopics = [
  { title: 'For You', path: '/' },
  { title: 'In the News', path: '/t/in-the-news' },
  { title: 'Eternals', path: '/t/eternals' },
  { title: 'Culture Wars', path: '/t/culture-wars' },
  { title: 'How to Live', path: '/t/how-to-live' },
  { title: 'Entertainment', path: '/t/entertainment' },
] as const;

export function TopicsMenu({ currentTitle }: { currentTitle: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const location = useLocation();

  useEffect(() => setIsOpen(false), [location.pathname]);

  useEffect(() => {
    if (!isOpen) return;
    function handlePointerDown(event: PointerEvent) {
      if (!menuRef.current?.contains(event.target as Node)) setIsOpen(false);
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setIsOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener('pointerdown', handlePointerDown);
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [isOpen]);

  return (
    <div className={styles.menu} ref={menuRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.menuButton}
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span className={styles.menuLabel}>
          <span className={styles.menuCaption}>Topics</span>
          <span>{currentTitle}</span>
        </span>
        <ChevronDownIcon />
      </button>
      {isOpen ? (
        <ul id={listId} className={styles.menuList}>
          {featuredTopics.map((topic) => (
            <li key={topic.path}>
              <NavLink className={styles.menuItem} to={topic.path} end>
                {topic.title}
              </NavLink>
            </li>
          ))}
          <li className={styles.menuDivider} role="separator" />
          <li>
            <NavLink className={styles.menuItem} to="/topics">
              See all topics
            </NavLink>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
