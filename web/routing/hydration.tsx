import { Suspense, useSyncExternalStore, type ReactElement } from 'react';
import { IdScope } from '../preact/id-scope.ts';

/**
 * The browser taking over the server's page in turns (docs/decisions/087). Hydrating a whole
 * page at once is one long task on a phone, during which a tap waits; parts wrapped in
 * `HydrateInTurn` are left as the server sent them in the first pass and hydrated afterwards,
 * each in a task of its own, in the order of the page. Only the first hydration takes turns: a
 * part rendered later renders at once.
 */

type Turn = { promise: Promise<void>; isOver: boolean };

/**
 * Each deferred part's turn, by its element: the same object when the part resumes. (A parent that
 * renders again meanwhile gives a new element, and the part hydrates then, in that render.)
 */
const turns = new WeakMap<object, Turn>();
/** Whether the first pass is under way and leaves parts for their turns. */
let isFirstPass = false;
let turnsLeft = 0;
let isHydrated = false;
let finishHydration = () => {};
const listeners = new Set<() => void>();

/**
 * Runs `hydrate` (which hydrates the server's page) and answers once every part it left for a
 * turn has hydrated. Then the page is the app's: the browser's performance timeline gets the mark
 * `stance:hydrated` (what the hydration test judges the page at), and what renders differently in
 * the browser (useHydrated) renders so.
 */
export function hydrateInTurns(hydrate: () => void): Promise<void> {
  const hydrated = new Promise<void>((resolve) => {
    finishHydration = () => {
      performance.mark('stance:hydrated');
      markHydrated();
      resolve();
    };
  });
  // A page in a background tab, where no one taps and timers wait a second each, hydrates at once.
  isFirstPass = document.visibilityState !== 'hidden';
  try {
    hydrate();
  } finally {
    isFirstPass = false;
  }
  if (turnsLeft === 0) finishHydration();
  return hydrated;
}

/** For a page the browser renders itself (nothing was sent to hydrate). */
export function renderedInTheBrowser(): void {
  markHydrated();
}

function markHydrated(): void {
  isHydrated = true;
  for (const listener of listeners) listener();
}

function takeTurn(): Turn {
  turnsLeft += 1;
  const turn: Turn = { isOver: false, promise: Promise.resolve() };
  turn.promise = new Promise((resolve) => {
    setTimeout(() => {
      turn.isOver = true;
      resolve();
      turnsLeft -= 1;
      // The part renders in this task: the promise's callback asks Preact for a render, which it
      // runs in the microtask after. Two microtasks on, the last part has rendered, and nothing
      // that waits for a frame (effects, and what they change) has run yet.
      if (turnsLeft === 0) queueMicrotask(() => queueMicrotask(finishHydration));
    }, 0);
  });
  return turn;
}

/** Leaves its one element as the server sent it while the page hydrates, for a turn of its own. */
export function HydrateInTurn({ children }: { children: ReactElement }) {
  return (
    <IdScope>
      <Suspense fallback={null}>
        <WaitForTurn>{children}</WaitForTurn>
      </Suspense>
    </IdScope>
  );
}

function WaitForTurn({ children }: { children: ReactElement }) {
  let turn = turns.get(children);
  if (!turn && isFirstPass) {
    turn = takeTurn();
    turns.set(children, turn);
  }
  // A thrown promise while hydrating keeps the element's markup until the promise settles.
  if (turn && !turn.isOver) throw turn.promise;
  return children;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * False on the server and while the page hydrates, true once the app has taken it over: what
 * depends on the browser (the reader's clock, locale or stored choices) renders after hydration,
 * so that the browser's first render is the server's (docs/decisions/085).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isHydrated,
    () => false,
  );
}
