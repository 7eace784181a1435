import { useState } from 'react';
import { TextField, formStyles, type useFormSubmit } from '../../../ui/Form.tsx';
import { SubmitWithError, useAccountForm } from './FormParts.tsx';
import styles from './LoginSignupPanel.module.css';

type BackLink = { label: string; onClick: () => void };

/** The form's error, its submit button and a way back. */
function SubmitAndBack({
  form,
  submitLabel,
  back,
}: {
  form: ReturnType<typeof useFormSubmit>;
  submitLabel: string;
  back: BackLink;
}) {
  return (
    <>
      <SubmitWithError form={form} label={submitLabel} />
      <div className={styles.row}>
        <button type="button" className={styles.linkButton} onClick={back.onClick}>
          {back.label}
        </button>
      </div>
    </>
  );
}

/** The e-mail address field of the login, signup and e-mail-only forms. */
export function EmailField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="E-mail"
      type="email"
      name="email"
      autoComplete="email"
      required
      autoFocus
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A form with one e-mail field: asks for a reset link or a log-in code. */
export function EmailOnlyForm({
  email,
  setEmail,
  lead,
  submitLabel,
  send,
  back,
}: {
  email: string;
  setEmail: (email: string) => void;
  lead: string;
  submitLabel: string;
  /** Sends the request; the form shows its error if it fails. */
  send: (email: string) => Promise<void>;
  back: BackLink;
}) {
  const { form, edit, handleSubmit } = useAccountForm(() => send(email));

  return (
    <form className={formStyles.form} onSubmit={handleSubmit}>
      <p className={styles.lead}>{lead}</p>
      <EmailField value={email} onChange={edit(setEmail)} />
      <SubmitAndBack form={form} submitLabel={submitLabel} back={back} />
    </form>
  );
}

/** The 6-digit code from an e-mail (signup or log-in); a right code reloads the page logged in. */
export function EmailedCodeForm({
  email,
  purpose,
  submitLabel,
  verify,
  back,
}: {
  email: string;
  /** What the code finishes, in the lead: 'finish signing up', 'log in'. */
  purpose: string;
  submitLabel: string;
  verify: (code: string) => Promise<void>;
  back: BackLink;
}) {
  const [code, setCode] = useState('');
  const { form, edit, handleSubmit } = useAccountForm(async () => {
    await verify(code.trim());
    window.location.reload();
  });

  return (
    <form className={formStyles.form} onSubmit={handleSubmit}>
      <p className={styles.lead}>
        We sent a 6-digit code to <strong>{email}</strong>. Enter it to {purpose}. It works for 15
        minutes.
      </p>
      <TextField
        label="Code"
        type="text"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        autoFocus
        maxLength={6}
        value={code}
        onChange={(event) => edit(setCode)(event.target.value)}
      />
      <SubmitAndBack form={form} submitLabel={submitLabel} back={back} />
    </form>
  );
}
