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

/** What counts as a reader's first move: a tap, a click or a key. */
const firstMoves = ['pointerdown', 'keydown'] as const;

/**
 * Fetches the modals' code, one modal an idle period, once the reader first taps, clicks or presses
 * a key, so that the next modal they open does so at once. Each brings stylesheets the page
 * then takes in, which a phone spends a long task on; fetched while the page loaded, they kept a
 * reader who had not yet touched anything waiting (docs/decisions/087). A modal opened before its
 * turn loads then, as every lazy part does.
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
  const start = () => {
    for (const move of firstMoves) document.removeEventListener(move, start, { capture: true });
    whenIdle(preloadNext);
  };
  for (const move of firstMoves) {
    document.addEventListener(move, start, { capture: true, passive: true });
  }
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
