import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import styles from './Modal.module.css';

type ModalProps = {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  size?: 'small' | 'medium';
};

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The one modal of the app, on the native <dialog>: the page behind is inert, Escape, the close
 * control and a click on the overlay close it, Tab cycles inside it, and focus goes back to where
 * it was when it closes.
 */
export function Modal({ title, onClose, children, size = 'medium' }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const pressStartedOnOverlay = useRef(false);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previouslyFocused =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = 'hidden';

    function handleCancel(event: Event) {
      // Escape: let React state decide, so the modal store stays the one truth.
      event.preventDefault();
      onCloseRef.current();
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Tab' || !dialog) return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>(focusableSelector)].filter(
        (element) => element.offsetParent !== null,
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
    dialog.addEventListener('cancel', handleCancel);
    dialog.addEventListener('keydown', handleKeyDown);
    return () => {
      dialog.removeEventListener('cancel', handleCancel);
      dialog.removeEventListener('keydown', handleKeyDown);
      dialog.close();
      root.style.overflow = previousOverflow;
      previouslyFocused?.focus();
    };
  }, []);

  // A click whose press and release both land on the overlay (the dialog element itself, outside
  // its content) closes; dragging a text selection out of the content does not.
  function handleMouseDown(event: MouseEvent<HTMLDialogElement>) {
    pressStartedOnOverlay.current = event.target === event.currentTarget;
  }
  function handleClick(event: MouseEvent<HTMLDialogElement>) {
    if (pressStartedOnOverlay.current && event.target === event.currentTarget) onClose();
    pressStartedOnOverlay.current = false;
  }

  return (
    <dialog
      ref={dialogRef}
      className={[styles.dialog, size === 'small' ? styles.small : ''].join(' ')}
      aria-modal="true"
      aria-labelledby={titleId}
      onMouseDown={handleMouseDown}
      onClick={handleClick}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <path
              d="M5 5l10 10M15 5L5 15"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </div>
      <div className={styles.body}>{children}</div>
    </dialog>
  );
}
