import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { CookieBanner } from '../../cookies/components/CookieBanner.tsx';
import { ModalHost } from '../../modals/ModalHost.tsx';
import { DocumentHead } from '../../../routing/DocumentHead.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import styles from './AppLayout.module.css';
import { Footer } from './Footer.tsx';
import { TopBar } from './TopBar.tsx';

/** The frame around every route: top bar, the page, footer, modals and the cookie banner. */
export function AppLayout() {
  // The app has taken over the server's page: what a test waits for before it clicks (a button
  // the server sent does nothing until then).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <TopBar />
      <main id="main" className={styles.main} tabIndex={-1}>
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
