import { describe, expect, it } from 'vitest';
import { menuIndexAfterKey, menuIndexOnOpen } from './menu-keys.ts';

const labels = ['Profile', 'Settings', 'Opinion DNA', 'Log out'];

describe('menuIndexOnOpen', () => {
  it('opens at the first item on Enter, Space and ArrowDown, at the last on ArrowUp', () => {
    expect(menuIndexOnOpen('Enter', 4)).toBe(0);
    expect(menuIndexOnOpen(' ', 4)).toBe(0);
    expect(menuIndexOnOpen('ArrowDown', 4)).toBe(0);
    expect(menuIndexOnOpen('ArrowUp', 4)).toBe(3);
  });

  it('leaves other keys, and an empty menu, alone', () => {
    expect(menuIndexOnOpen('Tab', 4)).toBeNull();
    expect(menuIndexOnOpen('a', 4)).toBeNull();
    expect(menuIndexOnOpen('Enter', 0)).toBeNull();
  });
});

describe('menuIndexAfterKey', () => {
  it('steps with the arrows and wraps at both ends', () => {
    expect(menuIndexAfterKey('ArrowDown', 0, labels)).toBe(1);
    expect(menuIndexAfterKey('ArrowDown', 3, labels)).toBe(0);
    expect(menuIndexAfterKey('ArrowUp', 1, labels)).toBe(0);
    expect(menuIndexAfterKey('ArrowUp', 0, labels)).toBe(3);
  });

  it('jumps with Home and End', () => {
    expect(menuIndexAfterKey('Home', 2, labels)).toBe(0);
    expect(menuIndexAfterKey('End', 0, labels)).toBe(3);
  });

  it('goes to the next item starting with a typed letter, in any case', () => {
    expect(menuIndexAfterKey('o', 0, labels)).toBe(2);
    expect(menuIndexAfterKey('L', 0, labels)).toBe(3);
    expect(menuIndexAfterKey('p', 0, labels)).toBe(0);
    expect(menuIndexAfterKey('x', 1, labels)).toBeNull();
  });

  it('does not move on keys that close or activate', () => {
    expect(menuIndexAfterKey('Escape', 1, labels)).toBeNull();
    expect(menuIndexAfterKey('Tab', 1, labels)).toBeNull();
    expect(menuIndexAfterKey('Enter', 1, labels)).toBeNull();
    expect(menuIndexAfterKey(' ', 1, labels)).toBeNull();
  });
});
