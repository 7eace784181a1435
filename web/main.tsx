import type { DehydratedState } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { pageStateElementId } from '../contract/routes.ts';
import { createQueryClient } from './api/query-client.ts';
import { AppProviders } from './app-providers.tsx';
import { captureReferrerId } from './features/accounts/referrer.ts';
import { initializeConsent } from './features/cookies/consent-store.ts';
import { preloadModals } from './features/modals/ModalHost.tsx';
import { createAppRouter, loadMatchedPages } from './router.tsx';
import { receiveSentState } from './routing/page-state.ts';
import './ui/tokens.css';

initializeConsent();

const queryClient = createQueryClient();
const stateElement = document.getElementById(pageStateElementId);
if (stateElement) {
  receiveSentState(queryClient, JSON.parse(stateElement.textContent ?? '{}') as DehydratedState);
  stateElement.remove();
}

// The page the server rendered is loaded before the app starts, so that the first render is that
// page, not a loading state (docs/decisions/085).
await loadMatchedPages(window.location.pathname);
const router = createAppRouter();
const app = (
  <AppProviders queryClient={queryClient}>
    <RouterProvider router={router} />
  </AppProviders>
);
const root = document.getElementById('root')!;
if (root.hasChildNodes()) {
  hydrateRoot(root, app, {
    // A mismatch makes React render the page again in the browser: reported, so tests catch it.
    onRecoverableError: (error) => console.error('Hydration error:', error),
  });
} else {
  createRoot(root).render(app);
}

preloadModals();
void captureReferrerId(queryClient);
