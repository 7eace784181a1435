import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useModals } from '../../modals/modal-store.tsx';
import { SearchBox } from '../../search/components/SearchBox.tsx';
import { useSession, type Session } from '../../session/session.ts';
import { isPlainClick } from '../../../routing/plain-click.ts';
import { ButtonLink, type ButtonVariant } from '../../../ui/Button.tsx';
import { BellIcon, CloseIcon, MenuIcon, SearchIcon } from '../../../ui/icons.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { LogoMark } from './Logo.tsx';
import styles from './TopBar.module.css';

/** The top bar's modes; Escape returns to default (docs/product/screens.md#top-bar). */
export type TopBarMode = 'default' | 'menu' | 'search';

function primaryLinks(session: Session) {
  return [
    { label: 'For You', to: '/', end: true },
    { label: 'Opinion DNA', to: '/reports/my-opinion-dna', end: false },
    { label: 'About', to: '/article/about-us', end: false },
    ...(session.canSeeAdminHub ? [{ label: 'Admin', to: '/internal/admin', end: false }] : []),
  ];
}

export function TopBar() {
  const session = useSession();
  const { openModal } = useModals();
  const [mode, setMode] = useState<TopBarMode>('default');
  const [searchText, setSearchText] = useState('');
  const barRef = useRef<HTMLElement>(null);
  const searchInputRef = useRef<HTMLInputElement>(null);
  const location = useLocation();

  useEffect(() => setMode('default'), [location.pathname]);

  useEffect(() => {
    if (mode === 'default') return;
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setMode('default');
        (document.activeElement as HTMLElement | null)?.blur();
      }
    }
    function handlePointerDown(event: PointerEvent) {
      if (!barRef.current?.contains(event.target as Node)) setMode('default');
    }
    document.addEventListener('keydown', handleKeyDown);
    document.addEventListener('pointerdown', handlePointerDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      document.removeEventListener('pointerdown', handlePointerDown);
    };
  }, [mode]);

  useEffect(() => {
    if (mode === 'search') searchInputRef.current?.focus();
  }, [mode]);

  function handleNavigateFromSearch() {
    setMode('default');
    setSearchText('');
  }

  const links = primaryLinks(session);
  const openAccountPanel = (page: AccountPage) => openModal({ kind: 'loginSignup', page });
  const searchProps = {
    text: searchText,
    onTextChange: (text: string) => {
      setSearchText(text);
      if (text !== '') setMode('search');
    },
    isOpen: mode === 'search',
    onFocus: () => setMode('search'),
    onNavigate: handleNavigateFromSearch,
  };

  return (
    <header
      ref={barRef}
      className={[styles.topbar, mode === 'search' ? styles.searching : ''].join(' ')}
    >
      <div className={styles.inner}>
        <button
          type="button"
          className={[styles.iconButton, styles.menuButton].join(' ')}
          aria-label={mode === 'menu' ? 'Close menu' : 'Open menu'}
          aria-expanded={mode === 'menu'}
          aria-controls="topbar-menu"
          onClick={() => setMode(mode === 'menu' ? 'default' : 'menu')}
        >
          {mode === 'menu' ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link className={styles.logo} to="/" aria-label="Stance, For You">
          <LogoMark className={styles.logoMark} />
          <span className={styles.logoText}>Stance</span>
        </Link>
        <SearchBox {...searchProps} inputRef={searchInputRef} className={styles.searchBox} />
        <nav className={styles.nav} aria-label="Main">
          {links.map((link) => (
            <NavLink key={link.to} className={styles.navLink} to={link.to} end={link.end}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <span className={styles.spacer} />
        <button
          type="button"
          className={[styles.iconButton, styles.searchButton].join(' ')}
          aria-label="Search"
          onClick={() => setMode('search')}
        >
          <SearchIcon />
        </button>
        <button
          type="button"
          className={[styles.iconButton, styles.closeSearch].join(' ')}
          aria-label="Close search"
          onClick={() => setMode('default')}
        >
          <CloseIcon />
        </button>
        <div className={styles.account}>
          <AccountControls session={session} onOpen={openAccountPanel} />
        </div>
      </div>
      {mode === 'menu' ? (
        <nav id="topbar-menu" className={styles.menuPanel} aria-label="Menu">
          {links.map((link) => (
            <NavLink key={link.to} className={styles.navLink} to={link.to} end={link.end}>
              {link.label}
            </NavLink>
          ))}
          <NavLink className={styles.navLink} to="/topics">
            All topics
          </NavLink>
          <NavLink className={styles.navLink} to="/contributors">
            Top contributors
          </NavLink>
          <NavLink className={styles.navLink} to="/activity">
            Latest activity
          </NavLink>
          {session.loading || session.loggedIn ? null : (
            <div className={styles.menuAccount}>
              <AccountLink page="login" variant="secondary" block onOpen={openAccountPanel} />
              <AccountLink page="signup" variant="primary" block onOpen={openAccountPanel} />
            </div>
          )}
        </nav>
      ) : null}
    </header>
  );
}

type AccountPage = 'login' | 'signup';

/**
 * Log in or Sign up: a link to its page, which works before the app has loaded and without
 * JavaScript; with the app, a plain click opens the same panel in a dialog over the page.
 */
function AccountLink({
  page,
  onOpen,
  ...style
}: {
  page: AccountPage;
  onOpen: (page: AccountPage) => void;
  variant: ButtonVariant;
  block?: boolean;
  className?: string;
}) {
  return (
    <ButtonLink
      to={`/${page}`}
      {...style}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        onOpen(page);
      }}
    >
      {page === 'login' ? 'Log in' : 'Sign up'}
    </ButtonLink>
  );
}

function AccountControls({
  session,
  onOpen,
}: {
  session: Session;
  onOpen: (page: AccountPage) => void;
}) {
  if (session.loading) return <span className={styles.skeleton} aria-hidden="true" />;
  if (!session.loggedIn) {
    return (
      <>
        <AccountLink page="login" variant="ghost" onOpen={onOpen} />
        <AccountLink page="signup" variant="primary" className={styles.signUp} onOpen={onOpen} />
      </>
    );
  }
  return (
    <>
      <Link
        className={styles.iconButton}
        to="/notifications"
        aria-label={session.newNotification ? 'Notifications (new)' : 'Notifications'}
      >
        <BellIcon width={20} height={20} />
        {session.newNotification ? <span className={styles.dot} aria-hidden="true" /> : null}
      </Link>
      <AccountMenu session={session} />
    </>
  );
}
