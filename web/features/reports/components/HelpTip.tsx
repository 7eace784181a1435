import { useId, useState, type SyntheticEvent } from 'react';
import styles from './HelpTip.module.css';

/**
 * A '?' button whose tooltip explains a scale: shown on hover and keyboard focus, toggled by a
 * click or Enter for touch screens, closed by Escape. The text is the button's description
 * (aria-describedby), so a screen reader reads it with the button. The tip opens towards the
 * middle of the window, so that a button near an edge does not push it off screen.
 */
export function HelpTip({ subject, text }: { subject: string; text: string }) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [opensLeft, setOpensLeft] = useState(false);
  const aim = (event: SyntheticEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setOpensLeft(box.left + box.width / 2 > window.innerWidth / 2);
  };
  return (
    <span className={styles.wrap}>
      <button
        type="button"
        className={styles.button}
        aria-label={`What is ${subject}?`}
        aria-describedby={id}
        aria-expanded={isOpen}
        onMouseEnter={aim}
        onFocus={aim}
        onClick={() => setIsOpen((open) => !open)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setIsOpen(false);
        }}
        onBlur={() => setIsOpen(false)}
      >
        ?
      </button>
      <span
        id={id}
        role="tooltip"
        className={[styles.tip, opensLeft ? styles.left : '', isOpen ? styles.open : ''].join(' ')}
      >
        {text}
      </span>
    </span>
  );
}
