import { useState } from 'react';
import { setNewPassword } from '../../../../contract/accounts.base.ts';
import { callApi } from '../../../api/client.ts';
import { formStyles } from '../../../ui/Form.tsx';
import { NewPasswordField, SubmitWithError, useAccountForm } from './FormParts.tsx';
import styles from './LoginSignupPanel.module.css';

/** A password reset link's page: the new password, which also logs the member in. */
export function SetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const { form, edit, handleSubmit } = useAccountForm(async () => {
    await callApi(setNewPassword, { tokenValue: token, newPassword: password });
    // The link's page would only show a spent token again: land on the feed, logged in.
    window.location.assign('/');
  });

  return (
    <form className={formStyles.form} onSubmit={handleSubmit}>
      <p className={styles.lead}>
        Choose a new password. Saving it logs you out everywhere else and logs you in here.
      </p>
      <NewPasswordField
        label="New password"
        name="newPassword"
        autoFocus
        value={password}
        onChange={edit(setPassword)}
      />
      <SubmitWithError form={form} label={'Save and log in'} />
    </form>
  );
}
