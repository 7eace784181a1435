import { useEffect, useRef } from 'react';
import { facebookLogIn, googleLogIn } from '../../../../contract/accounts.base.ts';
import { callApi } from '../../../api/client.ts';
import { Button } from '../../../ui/Button.tsx';
import { ErrorBox, submittingText, useFormSubmit } from '../../../ui/Form.tsx';
import { useAccountsConfig } from '../api.ts';
import {
  logInWithFacebook,
  missingCredentialMessage,
  outcomeOfStatus,
  renderGoogleButton,
  type SocialProvider,
} from '../social.ts';
import styles from './LoginSignupPanel.module.css';
import type { ChoiceProps, PendingSocial } from './panel-modes.ts';

function reloadAfter(delayMs: number) {
  window.setTimeout(() => window.location.reload(), delayMs);
}

/**
 * The Google and Facebook buttons, each shown only when the server is configured for it. A
 * Status of logged_in reloads after 500 ms, no_user asks for a username, Facebook's expired
 * alerts and reloads, anything else is only logged (docs/product/behaviour.md#social-sign-in).
 */
export function SocialButtons({
  onNewSocialUser,
}: {
  onNewSocialUser: ChoiceProps['onNewSocialUser'];
}) {
  const config = useAccountsConfig();
  const form = useFormSubmit();
  const googleClientId = config.data?.GoogleClientID ?? '';
  const facebookAppId = config.data?.FacebookAppID ?? '';
  const googleSlot = useRef<HTMLDivElement>(null);
  const submitRef = useRef(form.submit);
  useEffect(() => {
    submitRef.current = form.submit;
  });

  function follow(status: string, provider: SocialProvider, social: PendingSocial) {
    const outcome = outcomeOfStatus(status, provider);
    if (outcome.kind === 'reload') reloadAfter(outcome.delayMs);
    else if (outcome.kind === 'chooseUsername') onNewSocialUser(social);
    else if (outcome.kind === 'alertAndReload') {
      window.alert(outcome.message);
      window.location.reload();
    } else console.info('Unknown social sign-in status', provider, status);
  }
  const followRef = useRef(follow);
  useEffect(() => {
    followRef.current = follow;
  });

  useEffect(() => {
    const slot = googleSlot.current;
    if (!googleClientId || !slot) return;
    renderGoogleButton(slot, googleClientId, (credential) => {
      if (!credential) {
        window.alert(missingCredentialMessage);
        return;
      }
      void submitRef.current(async () => {
        const answer = await callApi(googleLogIn, { idToken: credential });
        followRef.current(answer.Status, 'google', { provider: 'google', idToken: credential });
      });
    }).catch((error: unknown) => console.warn('Google sign-in is unavailable', error));
  }, [googleClientId]);

  function handleFacebook() {
    void form.submit(async () => {
      const login = await logInWithFacebook(facebookAppId);
      if (!login) return;
      const answer = await callApi(facebookLogIn, {
        access_token: login.accessToken,
        email: login.email,
      });
      follow(answer.Status, 'facebook', {
        provider: 'facebook',
        accessToken: login.accessToken,
        email: login.email,
      });
    });
  }

  if (!googleClientId && !facebookAppId) return null;
  return (
    <>
      {googleClientId ? <div ref={googleSlot} className={styles.googleSlot} /> : null}
      {facebookAppId ? (
        <Button
          variant="secondary"
          size="large"
          block
          onClick={handleFacebook}
          disabled={form.isSubmitting}
        >
          {form.isSubmitting ? submittingText : 'Continue with Facebook'}
        </Button>
      ) : null}
      <ErrorBox>{form.error}</ErrorBox>
      <p className={styles.divider}>
        <span>or</span>
      </p>
    </>
  );
}
