import { useSyncExternalStore } from 'react';

/**
 * The vote changes this tab has just seen, by opinion id: the opinion page asks what changed the
 * member's mind right after one (docs/decisions/077). Kept in memory only: the question is for
 * the moment of the change, and the history page keeps the record.
 */
export type SeenChange = { from: number; to: number };

let changes = new Map<number, SeenChange>();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Notes a vote moved from one rating to another (nothing for a first vote or the same one). */
export function noteVoteChange(opinionId: number, from: number, to: number) {
  if (from <= 0 || from === to) return;
  // The latest change decides, as on the server: its direction names the side to credit.
  changes = new Map(changes);
  changes.set(opinionId, { from, to });
  emit();
}

/** The prompt answered or closed: it does not ask again for this change. */
export function dismissVoteChange(opinionId: number) {
  if (!changes.has(opinionId)) return;
  changes = new Map(changes);
  changes.delete(opinionId);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSeenChange(opinionId: number): SeenChange | undefined {
  return useSyncExternalStore(
    subscribe,
    () => changes.get(opinionId),
    () => undefined,
  );
}
