import { useState, type FormEvent } from 'react';
import { deleteAccount, exportMyData, requestDeleteCode } from '../../../../contract/user.base.ts';
import { callApi } from '../../../api/client.ts';
import { Button, buttonClassName } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { ErrorBox, TextField, submittingText, useFormSubmit } from '../../../ui/Form.tsx';

/** "Download my data": the JSON file of everything the member gave (docs/decisions/083). */
export function DownloadDataCard() {
  return (
    <Card heading="Your data">
      <p>
        A file (JSON) of everything you gave Stance: your profile, personal details, votes, quiz
        answers, opinion history, comments, good points, follows, e-mail settings and subscription
        status.
      </p>
      <p style={{ marginTop: 'var(--space-3)' }}>
        <a className={buttonClassName({ variant: 'secondary' })} href={exportMyData.path} download>
          Download my data
        </a>
      </p>
    </Card>
  );
}

/**
 * "Delete my account": confirmed with the password, or with a code e-mailed on request (accounts
 * made with Google or Facebook have no password). Says plainly what goes and what stays.
 */
export function DeleteAccountCard() {
  const form = useFormSubmit();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [isCodeSent, setIsCodeSent] = useState(false);
  const [hasUnderstood, setHasUnderstood] = useState(false);
  const codeRequest = useFormSubmit();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async () => {
      await callApi(deleteAccount, isCodeSent && code ? { code } : { password });
      // The session is over: a full load shows the site as a visitor sees it.
      window.location.assign('/');
    });
  };

  const handleRequestCode = () => {
    void codeRequest.submit(async () => {
      await callApi(requestDeleteCode, {});
      setIsCodeSent(true);
    });
  };

  return (
    <Card heading="Delete my account">
      <p>Deleting your account cannot be undone. At once and for good, Stance erases:</p>
      <ul style={{ margin: 'var(--space-2) 0', paddingLeft: 'var(--space-5)' }}>
        <li>your profile, e-mail address, password and personal details;</li>
        <li>your votes and quiz answers (every count and chart they were part of goes down);</li>
        <li>your opinion history and the minds-changed credits you gave;</li>
        <li>your good points, follows, notifications, sessions and shared reports.</li>
      </ul>
      <p>
        Your comments stay where they are, so that conversations still make sense, with their author
        shown as <strong>[deleted]</strong>. Delete any you want gone first. Opinions you wrote stay
        too, without your name. Payment records stay with Stripe, as the law requires.
      </p>
      <form onSubmit={handleSubmit} style={{ marginTop: 'var(--space-4)' }} noValidate>
        {isCodeSent ? (
          <TextField
            label="Code from the e-mail"
            hint="We e-mailed you a 6-digit code. It works for 15 minutes."
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              form.clearError();
            }}
          />
        ) : (
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              form.clearError();
            }}
          />
        )}
        {isCodeSent ? null : (
          <p style={{ margin: 'var(--space-2) 0' }}>
            No password (you sign in with Google or Facebook)?{' '}
            <Button
              type="button"
              variant="ghost"
              size="small"
              onClick={handleRequestCode}
              disabled={codeRequest.isSubmitting}
            >
              {codeRequest.isSubmitting ? submittingText : 'E-mail me a code instead'}
            </Button>
          </p>
        )}
        <ErrorBox>{codeRequest.error}</ErrorBox>
        <label style={{ display: 'flex', gap: 'var(--space-2)', margin: 'var(--space-3) 0' }}>
          <input
            type="checkbox"
            checked={hasUnderstood}
            onChange={(event) => {
              setHasUnderstood(event.target.checked);
              form.clearError();
            }}
          />
          <span>I understand that my account and the data above are erased for good.</span>
        </label>
        <ErrorBox>{form.error}</ErrorBox>
        <div style={{ marginTop: 'var(--space-3)' }}>
          <Button
            type="submit"
            variant="danger"
            disabled={form.isSubmitting || !hasUnderstood || (isCodeSent ? !code : !password)}
          >
            {form.isSubmitting ? submittingText : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
