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
      stopKeepingWhatIsTyped();
      performance.mark('stance:hydrated');
      markHydrated();
      resolve();
    };
  });
  keepWhatIsTyped();
  // A page in a background tab, where no one taps and timers wait a second each, hydrates at once.
  isFirstPass = document.visibilityState !== 'hidden';
  try {
    hydrate();
  } finally {
    isFirstPass = false;
  }
  restoreTyped();
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
      // runs in the microtask after. Two microtasks on, the part has rendered, and nothing that
      // waits for a frame (effects, and what they change) has run yet.
      queueMicrotask(() =>
        queueMicrotask(() => {
          restoreTyped();
          if (turnsLeft === 0) finishHydration();
        }),
      );
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

/*
 * What a reader types or picks before the app has taken over a form is kept. A hydrating render
 * does not read the page's fields: the component's state is still the server's (an empty
 * argument, no side chosen), and Preact even sets a textarea back to it. So every field the reader
 * changed before or during hydration is noted, with what it held; after each render of the
 * hydration it is given that value again, and at the end each is told of it once, as the reader's
 * own input, which the component's handler takes into its state.
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const typed = new Map<Field, string | boolean>();

/** A field whose value can be given back (a file input's cannot). */
const isField = (target: EventTarget | null): target is Field =>
  (target instanceof HTMLInputElement && target.type !== 'file') ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement;

const isTicked = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

function noteTyped(event: Event): void {
  const field = event.target;
  if (isField(field)) typed.set(field, isTicked(field) ? field.checked : field.value);
}

function keepWhatIsTyped(): void {
  // Changed before the app's code arrived: it differs from what the server sent.
  for (const field of document.querySelectorAll<Field>(
    '#root input, #root textarea, #root select',
  )) {
    if (!isField(field)) continue;
    const isChanged = isTicked(field)
      ? field.checked !== field.defaultChecked
      : field instanceof HTMLSelectElement
        ? [...field.options].some((option) => option.selected !== option.defaultSelected)
        : field.value !== field.defaultValue;
    if (isChanged) typed.set(field, isTicked(field) ? field.checked : field.value);
  }
  document.addEventListener('input', noteTyped, true);
  document.addEventListener('change', noteTyped, true);
}

function stopKeepingWhatIsTyped(): void {
  restoreTyped({ tell: true });
  document.removeEventListener('input', noteTyped, true);
  document.removeEventListener('change', noteTyped, true);
  typed.clear();
}

/** Puts back what the reader typed, and with `tell`, tells each field's handler, once, at the end. */
function restoreTyped({ tell = false } = {}): void {
  for (const [field, value] of typed) {
    if (!field.isConnected) continue;
    if (typeof value === 'boolean') {
      if (field instanceof HTMLInputElement) field.checked = value;
    } else if (field.value !== value) {
      field.value = value;
    }
    // A radio button tells of being chosen, not of another's choosing taking it off (its handler
    // would choose it).
    const isRadioLeft = field instanceof HTMLInputElement && field.type === 'radio' && !value;
    if (!tell || isRadioLeft) continue;
    // React's onChange listens for `input` on text fields and for `change` on the others.
    const isText = !(field instanceof HTMLSelectElement) && !isTicked(field);
    field.dispatchEvent(new Event(isText ? 'input' : 'change', { bubbles: true }));
  }
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
