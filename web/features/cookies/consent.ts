import { cookiePolicyVersion } from '../../../contract/cookies.base.ts';

/** Where the choice is kept, and its values (docs/product/constants.md#storage-keys). */
export const consentStorageKey = 'CookieConsent';
/** Which version of the cookie policy the choice answered; a new version asks again. */
export const consentVersionStorageKey = 'CookieConsentVersion';
export const consentAccepted = 1;
export const consentRefused = -1;

export type ConsentChoice = typeof consentAccepted | typeof consentRefused;

/** Keys that are essential (they remember the choice itself) and survive a refusal. */
const essentialStorageKeys = new Set([consentStorageKey, consentVersionStorageKey]);

/**
 * The stored choice, or null when there is none (or it answered an older policy). Values other
 * than 1 and -1 are removed (docs/product/behaviour.md#cookie-consent).
 */
export function readConsent(storage: Storage = window.localStorage): ConsentChoice | null {
  const raw = storage.getItem(consentStorageKey);
  if (raw === null) return null;
  const value = Number(raw);
  if (value !== consentAccepted && value !== consentRefused) {
    storage.removeItem(consentStorageKey);
    return null;
  }
  if (storage.getItem(consentVersionStorageKey) !== cookiePolicyVersion) return null;
  return value;
}

export function storeConsent(choice: ConsentChoice, storage: Storage = window.localStorage) {
  storage.setItem(consentStorageKey, String(choice));
  storage.setItem(consentVersionStorageKey, cookiePolicyVersion);
}

export function forgetConsent(storage: Storage = window.localStorage) {
  storage.removeItem(consentStorageKey);
  storage.removeItem(consentVersionStorageKey);
}

/** Removes every storage key but the consent itself. */
export function clearNonEssentialStorage(storages: Storage[]) {
  for (const storage of storages) {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) {
      if (key !== null && !essentialStorageKeys.has(key)) storage.removeItem(key);
    }
  }
}

/**
 * Expires every cookie this page's scripts can see. The session cookie is HttpOnly, so it is out
 * of reach and stays, as an essential cookie should.
 */
export function clearScriptVisibleCookies(doc: Document = document) {
  const hostParts = doc.location.hostname.split('.');
  const domains = hostParts.map((_, index) => hostParts.slice(index).join('.'));
  for (const cookie of doc.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (!name) continue;
    const expired = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    doc.cookie = expired;
    for (const domain of domains) doc.cookie = `${expired}; domain=${domain}`;
  }
}

/**
 * Applies the stored choice at start and after each change: anything but an acceptance clears
 * non-essential storage and cookies. (Stance loads no third parties yet, so acceptance has
 * nothing more to switch on.)
 */
export function applyConsent(choice: ConsentChoice | null) {
  if (choice === consentAccepted) return;
  clearNonEssentialStorage([window.localStorage, window.sessionStorage]);
  clearScriptVisibleCookies();
}
