import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './api/query-client.ts';
import { captureReferrerId } from './features/accounts/referrer.ts';
import { initializeConsent } from './features/cookies/consent-store.ts';
import { seedServerFeed } from './features/feed/server-feed.ts';
import { preloadModals } from './features/modals/ModalHost.tsx';
import { ModalProvider } from './features/modals/modal-store.tsx';
import { createAppRouter } from './router.tsx';
import './ui/tokens.css';

initializeConsent();

const queryClient = createQueryClient();
const router = createAppRouter();
seedServerFeed(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ModalProvider>
        <RouterProvider router={router} />
      </ModalProvider>
    </QueryClientProvider>
  </StrictMode>,
);

preloadModals();
void captureReferrerId(queryClient);
