import { useState } from 'react';
import { facebookSignUp, googleSignUp } from '../../../../contract/accounts.base.ts';
import { callApi } from '../../../api/client.ts';
import { formStyles } from '../../../ui/Form.tsx';
import { referrerId } from '../referrer.ts';
import { SubmitWithError, useAccountForm } from './FormParts.tsx';
import styles from './LoginSignupPanel.module.css';
import type { ModeProps, PendingSocial } from './panel-modes.ts';
import { UsernameField } from './UsernameField.tsx';

/** A new member from Google or Facebook picks a username; the account is created with it. */
export function SocialUsernameForm({ social, setMode }: ModeProps & { social: PendingSocial }) {
  const [username, setUsername] = useState('');
  const { form, edit, handleSubmit } = useAccountForm(async () => {
    const rid = referrerId();
    if (social.provider === 'google') {
      await callApi(googleSignUp, { idToken: social.idToken, username, rid });
    } else {
      await callApi(facebookSignUp, {
        access_token: social.accessToken,
        email: social.email,
        username,
        rid,
      });
    }
    window.location.reload();
  });

  return (
    <form className={formStyles.form} onSubmit={handleSubmit}>
      <p className={styles.lead}>
        One last step: pick the name other members will see next to your votes and arguments.
      </p>
      <UsernameField value={username} onChange={edit(setUsername)} />
      <SubmitWithError form={form} label={'Create my account'} />
      <div className={styles.row}>
        <button type="button" className={styles.linkButton} onClick={() => setMode('signupChoice')}>
          Back
        </button>
      </div>
    </form>
  );
}
