/**
 * What the app and its libraries import as `react` in the built app: Preact's compatibility layer
 * (docs/decisions/087-preact-in-place-of-react-dom.md), with the one hook React Router needs that
 * it lacks. JavaScript: Preact's types describe the layer as one namespace, which TypeScript cannot
 * re-export name by name.
 */
import { useContext, useId as preactUseId, useState } from 'preact/compat';
import { IdScopeContext, takeScopedId } from './id-scope.ts';

export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React's `useId`: Preact's, except inside an `IdScope` (web/preact/id-scope.ts), which numbers
 * its part's ids itself. A component is always in the same scope, so its hooks keep their order.
 */
export function useId() {
  const scope = useContext(IdScopeContext);
  if (!scope) return preactUseId();
  const [id] = useState(() => takeScopedId(scope));
  return id;
}

/**
 * React's optimistic state, as React Router's provider uses it: a state shown while a transition
 * is under way. Preact's transitions run at once, so the transition's own state is always the one
 * to show, and an optimistic value never has a moment to be seen.
 *
 * @template State
 * @param {State} passthrough
 * @returns {[State, (action: unknown) => void]}
 */
export function useOptimistic(passthrough) {
  return [passthrough, ignoreOptimisticUpdate];
}

function ignoreOptimisticUpdate() {}
