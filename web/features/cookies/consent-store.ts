import { useSyncExternalStore } from 'react';
import { logConsentChoice } from './api.ts';
import {
  applyConsent,
  consentAccepted,
  consentRefused,
  forgetConsent,
  readConsent,
  storeConsent,
  type ConsentChoice,
} from './consent.ts';

/** The visitor's cookie choice as app state, so the banner shows and hides with it. */
let current: ConsentChoice | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Reads and applies the stored choice once, before the app renders. */
export function initializeConsent() {
  current = readConsent();
  applyConsent(current);
}

export function chooseConsent(choice: ConsentChoice) {
  storeConsent(choice);
  current = choice;
  applyConsent(choice);
  logConsentChoice(choice === consentAccepted);
  emit();
}

export const acceptAll = () => chooseConsent(consentAccepted);
export const acceptEssentialOnly = () => chooseConsent(consentRefused);

/** The /cookiereset page: forget the choice and show the banner again. */
export function resetConsent() {
  forgetConsent();
  current = null;
  applyConsent(null);
  emit();
}

/** The choice is not known while the server renders and while the browser hydrates. */
export const consentUnknown = 'unknown' as const;

/**
 * The stored choice, null when the visitor has not chosen, or `consentUnknown` on the server and
 * during hydration (the choice lives in the browser): the banner then shows only once the app has
 * hydrated, so that it never replaces what the server sent (docs/decisions/085).
 */
export function useConsent(): ConsentChoice | null | typeof consentUnknown {
  return useSyncExternalStore<ConsentChoice | null | typeof consentUnknown>(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => consentUnknown,
  );
}
