/**
 * The keys of a menu button and its menu (the WAI-ARIA menu button pattern), as pure functions
 * of the key and the items, so that the rules can be read and tested apart from the DOM.
 */

/** Which item a key on the closed menu's button opens the menu at; null: the key is not ours. */
export function menuIndexOnOpen(key: string, count: number): number | null {
  if (count === 0) return null;
  if (key === 'Enter' || key === ' ' || key === 'ArrowDown') return 0;
  if (key === 'ArrowUp') return count - 1;
  return null;
}

/**
 * Where a key inside the open menu moves the focus, from the item at `current`: the arrows step
 * and wrap, Home and End jump, a letter goes to the next item whose label starts with it. Null
 * when the key does not move the focus (Escape and Tab close the menu; Enter follows the item).
 */
export function menuIndexAfterKey(
  key: string,
  current: number,
  labels: readonly string[],
): number | null {
  const count = labels.length;
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
  }
  if (key.length !== 1 || key === ' ') return null;
  const letter = key.toLocaleLowerCase();
  for (let step = 1; step <= count; step++) {
    const index = (current + step) % count;
    if (labels[index]!.trim().toLocaleLowerCase().startsWith(letter)) return index;
  }
  return null;
}
