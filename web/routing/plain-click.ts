import type { MouseEvent } from 'react';

/**
 * Whether a click on a link is a plain one: the main button, no modifier key. The app may then do
 * the link's work in place (open a dialog, load the next page below). A click that asks for a new
 * tab or window (Ctrl, ⌘, Shift, Alt, the middle button) is the browser's: it opens the link's
 * page there, as it would for any link.
 */
export function isPlainClick(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>,
): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
