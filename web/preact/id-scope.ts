import { createContext, createElement, type ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';
import type { ReactNode } from 'react';

/**
 * Ids of their own for a part of a page that the browser may render later than the server did
 * (docs/decisions/087). Preact numbers `useId`'s ids in the order components first render, where
 * React follows their place in the tree: a lazy part, or a part hydrated in its turn, renders
 * after what follows it in the browser but before it on the server, and every id after it would
 * be numbered differently in the two, so that an id the browser gives could equal one the server
 * sent elsewhere on the page. Inside a scope, ids are the scope's own id and a count of their own,
 * which both render in the same order.
 */
type Scope = { prefix: string; next: number };

export const IdScopeContext = createContext<Scope | null>(null);

function PreactIdScope({ children }: { children: ComponentChildren }) {
  const prefix = useId();
  const [scope] = useState<Scope>(() => ({ prefix, next: 0 }));
  return createElement(IdScopeContext.Provider, { value: scope }, children);
}

/** A part whose ids come from a scope of its own (see above), for the app's React-typed JSX. */
export const IdScope = PreactIdScope as unknown as (props: { children: ReactNode }) => ReactNode;

/** The next id of a scope: what `useId` answers inside one (web/preact/react.js). */
export function takeScopedId(scope: Scope): string {
  const id = `${scope.prefix}s${scope.next}`;
  scope.next += 1;
  return id;
}
