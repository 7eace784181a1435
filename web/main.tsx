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
import { hydrateInTurns, renderedInTheBrowser } from './routing/hydration.tsx';
import { receiveSentState } from './routing/page-state.ts';
import './ui/tokens.css';

// Each step below is a task of its own, so that a tap is never kept waiting for all of them
// (docs/decisions/087): the app's code has just been evaluated.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
await nextTask();
initializeConsent();
await nextTask();

const queryClient = createQueryClient();
const stateElement = document.getElementById(pageStateElementId);
if (stateElement) {
  receiveSentState(queryClient, JSON.parse(stateElement.textContent ?? '{}') as DehydratedState);
  stateElement.remove();
}
await nextTask();

// The page the server rendered is loaded before the app starts, so that the first render is that
// page, not a loading state (docs/decisions/085).
await loadMatchedPages(window.location.pathname);
await nextTask();
const router = createAppRouter();
await nextTask();
const app = (
  <AppProviders queryClient={queryClient}>
    <RouterProvider router={router} />
  </AppProviders>
);
const root = document.getElementById('root')!;
if (root.hasChildNodes()) {
  // Marks `stance:hydrated` once the page is the app's (e2e/server-rendering.e2e.ts judges it then).
  void hydrateInTurns(() => hydrateRoot(root, app));
} else {
  createRoot(root).render(app);
  renderedInTheBrowser();
}

preloadModals();
void captureReferrerId(queryClient);
