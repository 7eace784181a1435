import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { callApi } from '../api/client.ts';
import { setNewPassword } from '../api/pending-calls.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { ErrorBox, TextField, formStyles, submittingText, useFormSubmit } from '../ui/Form.tsx';
import { Page } from '../ui/Page.tsx';

/** passwordResetNew, `/resetpassword/set?t=…`: set a new password, then reload (SPEC.md §4). */
export default function PasswordResetPage() {
  usePageTitle('passwordResetNew');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('t') ?? '';
  const [password, setPassword] = useState('');
  const form = useFormSubmit();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit(async () => {
      await callApi(setNewPassword, { tokenValue: token, newPassword: password });
      window.location.assign('/');
    });
  }

  if (!token) {
    return (
      <Page width="narrow">
        <ErrorState message="This password reset link is incomplete">
          Open the link from the e-mail again, or ask for a new one from the log in panel.
        </ErrorState>
      </Page>
    );
  }
  return (
    <Page width="narrow">
      <Card style={{ maxWidth: 460, width: '100%', margin: '0 auto' }}>
        <form className={formStyles.form} onSubmit={handleSubmit}>
          <h1 style={{ fontFamily: 'var(--font-serif)', fontSize: 'var(--text-xl)' }}>
            Set a new password
          </h1>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            autoFocus
            hint="At least 8 characters."
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              form.clearError();
            }}
          />
          <ErrorBox>{form.error}</ErrorBox>
          <Button type="submit" variant="primary" size="large" block disabled={form.isSubmitting}>
            {form.isSubmitting ? submittingText : 'Save and log in'}
          </Button>
        </form>
      </Card>
    </Page>
  );
}
