import { useState, type FormEvent } from 'react';
import type { EmailPreferences } from '../../../../contract/notifications.ts';
import { Button } from '../../../ui/Button.tsx';
import { ErrorBox, formStyles, submittingText, useFormSubmit } from '../../../ui/Form.tsx';
import { ErrorState } from '../../../ui/ErrorState.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useEmailPreferences, useSaveEmailPreferences } from '../api.ts';
import styles from './EmailPreferencesForm.module.css';

/** The All flag and the reply e-mails, saved together. */
export function EmailPreferencesForm({ token }: { token: string | undefined }) {
  const preferences = useEmailPreferences(token);
  if (preferences.isPending) return <Spinner isCentered />;
  if (preferences.error) return <ErrorState error={preferences.error} hasHomeLink={false} />;
  return <PreferencesForm token={token} saved={preferences.data} />;
}

function PreferencesForm({ token, saved }: { token: string | undefined; saved: EmailPreferences }) {
  const [draft, setDraft] = useState(saved);
  const [isSaved, setIsSaved] = useState(false);
  const save = useSaveEmailPreferences(token);
  const form = useFormSubmit();

  function change(next: EmailPreferences) {
    setDraft(next);
    setIsSaved(false);
    form.clearError();
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit(async () => {
      await save.mutateAsync(draft);
      setIsSaved(true);
    });
  }

  return (
    <form className={formStyles.form} onSubmit={handleSubmit}>
      <label className={styles.option}>
        <input
          type="checkbox"
          checked={draft.All}
          onChange={(event) => change({ ...draft, All: event.target.checked })}
        />
        <span>
          <strong>All</strong> e-mails from Stance about activity
          <span className={styles.note}>
            Off: no e-mail from us except sign-in codes and password resets, which you ask for.
          </span>
        </span>
      </label>
      <label className={[styles.option, styles.nested].join(' ')}>
        <input
          type="checkbox"
          checked={draft.All && draft.Replies}
          disabled={!draft.All}
          onChange={(event) => change({ ...draft, Replies: event.target.checked })}
        />
        <span>
          Replies to my comments
          <span className={styles.note}>An e-mail when someone answers what you wrote.</span>
        </span>
      </label>
      <ErrorBox>{form.error}</ErrorBox>
      <div className={styles.footer}>
        <Button type="submit" variant="primary" disabled={form.isSubmitting}>
          {form.isSubmitting ? submittingText : 'Save preferences'}
        </Button>
        <span role="status" className={styles.saved}>
          {isSaved ? 'Saved.' : ''}
        </span>
      </div>
    </form>
  );
}
