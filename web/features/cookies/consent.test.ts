import { describe, expect, it } from 'vitest';
import { cookiePolicyVersion } from '../../../contract/cookies.base.ts';
import {
  clearNonEssentialStorage,
  consentStorageKey,
  consentVersionStorageKey,
  readConsent,
  storeConsent,
} from './consent.ts';

/** A Map-backed Storage, since the tests run in Node without a DOM. */
function createStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

describe('readConsent', () => {
  it('reads 1 and -1 stored for the current policy', () => {
    const storage = createStorage();
    storeConsent(1, storage);
    expect(readConsent(storage)).toBe(1);
    storeConsent(-1, storage);
    expect(readConsent(storage)).toBe(-1);
  });

  it('removes any other value', () => {
    const storage = createStorage({ [consentStorageKey]: 'yes' });
    expect(readConsent(storage)).toBeNull();
    expect(storage.getItem(consentStorageKey)).toBeNull();
  });

  it('asks again when the choice answered an older policy', () => {
    const storage = createStorage({ [consentStorageKey]: '1', [consentVersionStorageKey]: 'old' });
    expect(readConsent(storage)).toBeNull();
    expect(cookiePolicyVersion).not.toBe('old');
  });
});

describe('clearNonEssentialStorage', () => {
  it('keeps only the consent keys', () => {
    const storage = createStorage({ a: '1', b: '2' });
    storeConsent(-1, storage);
    clearNonEssentialStorage([storage]);
    expect(storage.length).toBe(2);
    expect(storage.getItem('a')).toBeNull();
    expect(readConsent(storage)).toBe(-1);
  });
});
