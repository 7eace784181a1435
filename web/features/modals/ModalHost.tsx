import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useModals, type ModalRequest } from './modal-store.tsx';

// Modals load on first use, keeping them off the feed's critical path.
const loadModals = {
  opinion: () => import('../opinions/components/OpinionFormModal.tsx'),
  linkShare: () => import('../sharing/components/LinkShareModal.tsx'),
  checkout: () => import('../payments/components/CheckoutModal.tsx'),
  loginSignup: () => import('../accounts/components/LoginSignupModal.tsx'),
  buyReport: () => import('../payments/components/BuyReportModal.tsx'),
  votePrompt: () => import('../accounts/components/VotePromptModal.tsx'),
  flag: () => import('../comments/components/FlagModal.tsx'),
  subscription: () => import('../payments/components/SubscriptionModal.tsx'),
} satisfies Record<ModalRequest['kind'], () => Promise<unknown>>;

const OpinionFormModal = lazy(loadModals.opinion);
const LinkShareModal = lazy(loadModals.linkShare);
const CheckoutModal = lazy(loadModals.checkout);
const LoginSignupModal = lazy(loadModals.loginSignup);
const BuyReportModal = lazy(loadModals.buyReport);
const VotePromptModal = lazy(loadModals.votePrompt);
const FlagModal = lazy(loadModals.flag);
const SubscriptionModal = lazy(loadModals.subscription);

/** The order modals are fetched in while the browser is idle: a visitor's first clicks first. */
const preloadOrder: ReadonlyArray<keyof typeof loadModals> = [
  'votePrompt',
  'loginSignup',
  'linkShare',
  'opinion',
  'flag',
  'buyReport',
  'checkout',
  'subscription',
];

/**
 * Fetches the modals' code while the browser is idle, so that the first click opens at once: one
 * modal an idle period, since each brings stylesheets the page then takes in, and all at once
 * they held the page up for a long task of their own (docs/decisions/087).
 */
export function preloadModals() {
  const queue = [...preloadOrder];
  const whenIdle = (task: () => void) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 5000 });
    else setTimeout(task, 3000);
  };
  const preloadNext = () => {
    const kind = queue.shift();
    if (!kind) return;
    // A modal that failed to load is fetched again when it is opened.
    const settled = loadModals[kind]().catch(() => {});
    void settled.then(() => whenIdle(preloadNext));
  };
  whenIdle(preloadNext);
}

export function ModalHost() {
  const { current, closeModal } = useModals();
  const location = useLocation();

  // A modal belongs to the page it was opened on.
  useEffect(() => closeModal(), [location.pathname, closeModal]);

  if (!current) return null;
  return <Suspense fallback={null}>{renderModal(current, closeModal)}</Suspense>;
}

function renderModal(request: ModalRequest, onClose: () => void) {
  switch (request.kind) {
    case 'opinion':
      return <OpinionFormModal opinion={request.opinion} onClose={onClose} />;
    case 'linkShare':
      return (
        <LinkShareModal
          url={request.url}
          title={request.title}
          text={request.text}
          onClose={onClose}
        />
      );
    case 'checkout':
      return <CheckoutModal onClose={onClose} />;
    case 'loginSignup':
      return (
        <LoginSignupModal
          key={request.page}
          page={request.page}
          reason={request.reason}
          onClose={onClose}
        />
      );
    case 'buyReport':
      return <BuyReportModal report={request.report} onClose={onClose} />;
    case 'votePrompt':
      return <VotePromptModal onClose={onClose} />;
    case 'flag':
      return <FlagModal commentID={request.commentID} onClose={onClose} />;
    case 'subscription':
      return <SubscriptionModal onClose={onClose} />;
  }
}
