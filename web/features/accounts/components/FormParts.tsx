import { Button } from '../../../ui/Button.tsx';
import type { FormEvent } from 'react';
import { ErrorBox, TextField, submittingText, useFormSubmit } from '../../../ui/Form.tsx';

/** The account forms' error box and submit button, which reads 'Submitting…' while it works. */
export function SubmitWithError({
  form,
  label,
}: {
  form: ReturnType<typeof useFormSubmit>;
  label: string;
}) {
  return (
    <>
      <ErrorBox>{form.error}</ErrorBox>
      <Button type="submit" variant="primary" size="large" block disabled={form.isSubmitting}>
        {form.isSubmitting ? submittingText : label}
      </Button>
    </>
  );
}

/** A new password, as signup and a reset ask for it: 8 to 256 characters, not a common one. */
export function NewPasswordField({
  label,
  name,
  value,
  onChange,
  autoFocus = false,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={label}
      type="password"
      name={name}
      autoComplete="new-password"
      required
      minLength={8}
      maxLength={256}
      autoFocus={autoFocus}
      hint="At least 8 characters, and not a common password."
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A field's onChange that sets its state and clears the form's error: `onChange={edit(setEmail)}`. */
export function editorOf(form: ReturnType<typeof useFormSubmit>) {
  return <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      form.clearError();
    };
}

/**
 * An account form's state: the submit state, `edit` for its fields, and `handleSubmit`, which runs
 * `action` (its error shows in the form) instead of the browser's submit.
 */
export function useAccountForm(action: () => Promise<void>) {
  const form = useFormSubmit();
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit(action);
  }
  return { form, edit: editorOf(form), handleSubmit };
}
