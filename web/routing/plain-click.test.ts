import { describe, expect, it } from 'vitest';
import { isPlainClick } from './plain-click.ts';

const plain = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };

describe('isPlainClick', () => {
  it('takes a click of the main button without a modifier as the app’s to handle', () => {
    expect(isPlainClick(plain)).toBe(true);
  });

  it('leaves a click for a new tab or window to the browser', () => {
    for (const modifier of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const) {
      expect(isPlainClick({ ...plain, [modifier]: true }), modifier).toBe(false);
    }
    expect(isPlainClick({ ...plain, button: 1 }), 'the middle button').toBe(false);
  });
});
