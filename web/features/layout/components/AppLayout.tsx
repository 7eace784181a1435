import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { CookieBanner } from '../../cookies/components/CookieBanner.tsx';
import { ModalHost } from '../../modals/ModalHost.tsx';
import { DocumentHead } from '../../../routing/DocumentHead.tsx';
import { HydrateInTurn, useHydrated } from '../../../routing/hydration.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import styles from './AppLayout.module.css';
import { Footer } from './Footer.tsx';
import { TopBar } from './TopBar.tsx';

/** The frame around every route: top bar, the page, footer, modals and the cookie banner. */
export function AppLayout() {
  // The app has taken over the server's page, every part of it: what a test waits for before it
  // clicks (a button the server sent does nothing until then).
  const isHydrated = useHydrated();
  useEffect(() => {
    if (isHydrated) document.documentElement.dataset.hydrated = 'true';
  }, [isHydrated]);
  // A link's page may still be loading its code: the address changes once it has (every page is
  // a lazy route), so until then a bar at the top says something is on its way.
  const isNavigating = useNavigation().state === 'loading';
  return (
    <>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <div
        className={styles.progress}
        data-testid="navigation-progress"
        data-active={isNavigating ? 'true' : undefined}
        aria-hidden="true"
      />
      <HydrateInTurn>
        <TopBar />
      </HydrateInTurn>
      <main id="main" className={styles.main} tabIndex={-1} aria-busy={isNavigating || undefined}>
        <Suspense fallback={<Spinner isCentered />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ModalHost />
      <CookieBanner />
      <ScrollRestoration />
      <DocumentHead />
    </>
  );
}
