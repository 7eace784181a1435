import { useState } from 'react';
import { Link } from 'react-router';
import { requestSignupCode, signupExternalId } from '../../../../contract/accounts.base.ts';
import { callApi } from '../../../api/client.ts';
import { formStyles } from '../../../ui/Form.tsx';
import { referrerId } from '../referrer.ts';
import { EmailField } from './EmailedCodeForms.tsx';
import { NewPasswordField, SubmitWithError, useAccountForm } from './FormParts.tsx';
import styles from './LoginSignupPanel.module.css';
import type { EmailProps } from './panel-modes.ts';
import { UsernameField } from './UsernameField.tsx';

/** Sign up with e-mail, username and password: the server e-mails a code to finish with. */
export function SignupEmailForm({ email, setEmail, setMode }: EmailProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { form, edit, handleSubmit } = useAccountForm(async () => {
    await callApi(requestSignupCode, { email, username, password });
    const rid = referrerId();
    if (rid) await callApi(signupExternalId, { email, rid }).catch(() => undefined);
    setMode('verifyCode');
  });

  return (
    <form className={formStyles.form} onSubmit={handleSubmit}>
      <EmailField value={email} onChange={edit(setEmail)} />
      <UsernameField value={username} onChange={edit(setUsername)} />
      <NewPasswordField
        label="Password"
        name="password"
        value={password}
        onChange={edit(setPassword)}
      />
      <SubmitWithError form={form} label={'Send my code'} />
      <p className={styles.switch}>
        By signing up you agree to the <Link to="/article/rules">rules</Link> and the{' '}
        <Link to="/privacy">privacy policy</Link>.{' '}
        <button type="button" className={styles.linkButton} onClick={() => setMode('signupChoice')}>
          Back
        </button>
      </p>
    </form>
  );
}
