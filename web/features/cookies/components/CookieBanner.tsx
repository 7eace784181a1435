import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '../../../routing/hydration.tsx';
import { Button } from '../../../ui/Button.tsx';
import { consentAccepted, consentRefused } from '../consent.ts';
import { acceptAll, acceptEssentialOnly, chooseConsent, useConsent } from '../consent-store.ts';
import styles from './CookieBanner.module.css';

/**
 * The cookie banner (docs/product/behaviour.md#cookie-consent), a simple view with a Settings
 * view. It does not block the page (it is not a modal dialog), but it stays until the visitor
 * chooses. On a phone it is a compact sheet at the bottom: the first opinion stays in sight.
 */
export function CookieBanner() {
  const consent = useConsent();
  const isHydrated = useHydrated();
  const [view, setView] = useState<'simple' | 'settings'>('simple');
  const [allowsThirdParty, setAllowsThirdParty] = useState(false);
  const titleId = useId();
  // Switching views removes the button that was pressed: focus goes to the new view's heading, or
  // back to Settings, so that a keyboard or screen reader user is not dropped at the page's top.
  const [switched, setSwitched] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const settingsRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!switched) return;
    if (view === 'settings') titleRef.current?.focus();
    else settingsRef.current?.focus();
  }, [view, switched]);
  const show = (next: 'simple' | 'settings') => {
    setSwitched(true);
    setView(next);
  };
  // Only a visitor known not to have chosen sees it: never on the server or while hydrating (a
  // fixed overlay, so that its arrival shifts nothing).
  if (!isHydrated || consent !== null) return null;

  return (
    <section className={styles.banner} role="dialog" aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title} ref={titleRef} tabIndex={-1}>
        {view === 'simple' ? 'Cookies on Stance' : 'Cookie settings'}
      </h2>
      {view === 'simple' ? (
        <>
          {/* Two lines on a phone, so the banner leaves the first opinion in sight; what each
              kind does is in Settings and the policy (docs/decisions/066). */}
          <p className={styles.text}>
            We use essential cookies only, unless you allow third-party ones for statistics.{' '}
            <Link to="/cookies">Cookie policy</Link>
          </p>
          <div className={styles.actions}>
            <Button variant="ghost" ref={settingsRef} onClick={() => show('settings')}>
              Settings
            </Button>
            <Button onClick={acceptEssentialOnly}>Essential only</Button>
            <Button variant="primary" onClick={acceptAll}>
              Accept all
            </Button>
          </div>
        </>
      ) : (
        <>
          <ul className={styles.settings}>
            <li className={styles.category}>
              <div>
                <p className={styles.categoryName}>Essential</p>
                <p className={styles.categoryText}>
                  Keep you signed in, protect forms and remember your cookie choice.
                </p>
              </div>
              <label className={styles.toggle}>
                <input type="checkbox" checked disabled />
                Always on
              </label>
            </li>
            <li className={styles.category}>
              <div>
                <p className={styles.categoryName}>Third parties and statistics</p>
                <p className={styles.categoryText}>
                  Help us measure what works. Stance loads none today; any we add will only run with
                  this switched on.
                </p>
              </div>
              <label className={styles.toggle}>
                <input
                  type="checkbox"
                  checked={allowsThirdParty}
                  onChange={(event) => setAllowsThirdParty(event.target.checked)}
                />
                Allow
              </label>
            </li>
          </ul>
          <div className={styles.actions}>
            <Button variant="ghost" onClick={() => show('simple')}>
              Back
            </Button>
            <Button
              variant="primary"
              onClick={() => chooseConsent(allowsThirdParty ? consentAccepted : consentRefused)}
            >
              Save choices
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
