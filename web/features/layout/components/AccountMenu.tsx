import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { appRoutes } from '../../../../contract/routes.ts';
import type { Session } from '../../session/session.ts';
import { formatCount } from '../../../ui/format.ts';
import { ChevronDownIcon } from '../../../ui/icons.tsx';
import { menuIndexAfterKey, menuIndexOnOpen } from '../menu-keys.ts';
import styles from './AccountMenu.module.css';

type MenuItem = { label: string; to: string; isServerRoute?: boolean };

function accountMenuItems(username: string): MenuItem[] {
  return [
    { label: 'Profile', to: `/u/${encodeURIComponent(username)}` },
    { label: 'Settings', to: appRoutes.appSettings },
    { label: 'Opinion DNA', to: appRoutes.dnaReport },
    { label: 'Changes of mind', to: appRoutes.opinionHistory },
    // /logout is a server route: a full page load ends the session.
    { label: 'Log out', to: '/logout', isServerRoute: true },
  ];
}

/**
 * The member's place in the top bar: their avatar, name and karma linking to their profile, and
 * beside it the account menu (the WAI-ARIA menu button pattern; docs/decisions/039). The link
 * stays a link so that the profile is one click away, as it always was.
 */
export function AccountMenu({ session }: { session: Session }) {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLAnchorElement | null>>([]);
  /** The item to focus once the menu has rendered open. */
  const focusOnOpen = useRef(0);
  const buttonId = useId();
  const menuId = useId();
  const location = useLocation();
  const items = accountMenuItems(session.username);
  const karma = `${formatCount(session.karma)} karma`;

  useEffect(() => setIsOpen(false), [location.pathname]);

  // Before the browser handles another event: the key that opened the menu may still be held, and
  // its release must reach the item, not the button (which it would click shut).
  useLayoutEffect(() => {
    if (!isOpen) return;
    itemRefs.current[focusOnOpen.current]?.focus();
    function handlePointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    }
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [isOpen]);

  function open(index: number) {
    focusOnOpen.current = index;
    setIsOpen(true);
  }

  function close({ returnFocus }: { returnFocus: boolean }) {
    setIsOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function handleButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = menuIndexOnOpen(event.key, items.length);
    if (index === null) return;
    // Enter and Space would also click the button, which toggles: the key decides alone.
    event.preventDefault();
    open(index);
  }

  function handleMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      // The top bar's own Escape (back to its default mode) would take the focus away.
      event.stopPropagation();
      close({ returnFocus: true });
      return;
    }
    if (event.key === 'Tab') {
      // From the button, the browser's Tab moves on to what follows the menu.
      close({ returnFocus: true });
      return;
    }
    const current = itemRefs.current.indexOf(document.activeElement as HTMLAnchorElement);
    const next = menuIndexAfterKey(
      event.key,
      current,
      items.map((item) => item.label),
    );
    if (next === null) return;
    event.preventDefault();
    itemRefs.current[next]?.focus();
  }

  return (
    <div ref={rootRef} className={styles.account}>
      <Link
        className={styles.user}
        to={`/u/${encodeURIComponent(session.username)}`}
        // The same words as the visible text: the name, then the karma.
        aria-label={`${session.username}, ${karma}`}
      >
        {/* The initial stands in for a picture: drawn by CSS, it is no part of the link's text,
            which is exactly its name (checkers count a visible letter as text to be named). */}
        <span
          className={styles.avatar}
          aria-hidden="true"
          data-initial={session.username.charAt(0)}
        />
        <span className={styles.userText}>
          <span className={styles.username}>{session.username}</span>{' '}
          <span className={styles.karma}>{karma}</span>
        </span>
      </Link>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={styles.toggle}
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => (isOpen ? close({ returnFocus: false }) : open(0))}
        onKeyDown={handleButtonKeyDown}
      >
        <ChevronDownIcon className={styles.chevron} />
      </button>
      {isOpen ? (
        <ul
          id={menuId}
          className={styles.menu}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={handleMenuKeyDown}
        >
          {items.map((item, index) => (
            <li
              key={item.label}
              role="none"
              className={item.isServerRoute ? styles.separated : undefined}
            >
              {item.isServerRoute ? (
                <a
                  ref={(element) => {
                    itemRefs.current[index] = element;
                  }}
                  className={styles.item}
                  role="menuitem"
                  tabIndex={-1}
                  href={item.to}
                >
                  {item.label}
                </a>
              ) : (
                <Link
                  ref={(element) => {
                    itemRefs.current[index] = element;
                  }}
                  className={styles.item}
                  role="menuitem"
                  tabIndex={-1}
                  to={item.to}
                  onClick={() => close({ returnFocus: false })}
                >
                  {item.label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
