import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { TopicSummary } from '../../../contract/entities.ts';
import type { ReportName } from '../../../contract/reports.ts';

/** Every modal kind of docs/product/screens.md#modals (the cookie banner: features/cookies). */
export type ModalRequest =
  | {
      kind: 'opinion';
      /** Absent: a new opinion. Present: editing that opinion. */
      opinion?: { id: number; title: string; topics: TopicSummary[] };
    }
  | { kind: 'linkShare'; url: string; title: string; text: string }
  | { kind: 'checkout' }
  | { kind: 'loginSignup'; page: 'login' | 'signup'; reason?: string }
  /** From a locked report card: the report the member wanted. */
  | { kind: 'buyReport'; report?: ReportName }
  | { kind: 'votePrompt' }
  | { kind: 'flag'; commentID: number }
  | { kind: 'subscription' };

export type ModalKind = ModalRequest['kind'];

type ModalStore = {
  current: ModalRequest | null;
  openModal: (request: ModalRequest) => void;
  closeModal: () => void;
};

const ModalContext = createContext<ModalStore | null>(null);

/** One modal at a time: opening another replaces it (e.g. vote prompt → sign up). */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ModalRequest | null>(null);
  const closeModal = useCallback(() => setCurrent(null), []);
  const store = useMemo<ModalStore>(
    () => ({ current, openModal: setCurrent, closeModal }),
    [current, closeModal],
  );
  return <ModalContext value={store}>{children}</ModalContext>;
}

export function useModals(): ModalStore {
  const store = useContext(ModalContext);
  if (!store) throw new Error('useModals() needs a <ModalProvider> above it');
  return store;
}
