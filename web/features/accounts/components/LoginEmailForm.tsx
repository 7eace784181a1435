import { useState } from 'react';
import { logIn } from '../../../../contract/accounts.base.ts';
import { callApi } from '../../../api/client.ts';
import { TextField, formStyles } from '../../../ui/Form.tsx';
import { EmailField } from './EmailedCodeForms.tsx';
import { SubmitWithError, useAccountForm } from './FormParts.tsx';
import styles from './LoginSignupPanel.module.css';
import type { EmailProps } from './panel-modes.ts';

/** Log in with e-mail and password; a right password reloads the page logged in. */
export function LoginEmailForm({ email, setEmail, setMode }: EmailProps) {
  const [password, setPassword] = useState('');
  const { form, edit, handleSubmit } = useAccountForm(async () => {
    await callApi(logIn, { email, password });
    window.location.reload();
  });

  return (
    <form className={formStyles.form} onSubmit={handleSubmit}>
      <EmailField value={email} onChange={edit(setEmail)} />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => edit(setPassword)(event.target.value)}
      />
      <SubmitWithError form={form} label={'Log in'} />
      <div className={styles.row}>
        <button type="button" className={styles.linkButton} onClick={() => setMode('resetRequest')}>
          Forgot your password?
        </button>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => setMode('loginCodeRequest')}
        >
          Log in with a code
        </button>
        <button type="button" className={styles.linkButton} onClick={() => setMode('loginChoice')}>
          Back
        </button>
      </div>
    </form>
  );
}
