import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { reportComment } from '../../../../contract/comments.base.ts';
import { callApi } from '../../../api/client.ts';
import { Button } from '../../../ui/Button.tsx';
import {
  ErrorBox,
  TextAreaField,
  formStyles,
  submittingText,
  useFormSubmit,
} from '../../../ui/Form.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import styles from './FlagModal.module.css';

type ReportReason = (typeof flagReasons)[number]['value'];

const flagReasons = [
  { value: 'spam', label: 'Spam or advertising' },
  { value: 'harassment', label: 'A personal attack or harassment' },
  { value: 'hate', label: 'Hateful content' },
  { value: 'off-topic', label: 'Off-topic' },
  { value: 'other', label: 'Something else' },
] as const;

/** The alert after a comment was reported (docs/product/errors.md#alerts). */
export const commentReportedText = 'Comment reported';

export default function FlagModal({
  commentID,
  onClose,
}: {
  commentID: number;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const form = useFormSubmit();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      form.setError('Please choose a reason.');
      return;
    }
    void form.submit(async () => {
      await callApi(reportComment, {
        commentID,
        pathname: window.location.pathname,
        reason,
        note: note.trim(),
      });
      // The third report hides the comment: threads show it flagged from now on.
      void queryClient.invalidateQueries({ queryKey: ['comments'] });
      window.alert(commentReportedText);
      onClose();
    });
  }

  return (
    <Modal title="Report this comment" onClose={onClose} size="small">
      <form className={formStyles.form} onSubmit={handleSubmit}>
        <fieldset className={styles.reasons}>
          <legend className={styles.legend}>What is wrong with it?</legend>
          {flagReasons.map((option) => (
            <label key={option.value} className={styles.option}>
              <input
                type="radio"
                name="reason"
                value={option.value}
                checked={reason === option.value}
                onChange={() => {
                  setReason(option.value);
                  form.clearError();
                }}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        <TextAreaField
          label="Note for the moderators (optional)"
          value={note}
          maxLength={1000}
          onChange={(event) => {
            setNote(event.target.value);
            form.clearError();
          }}
        />
        <ErrorBox>{form.error}</ErrorBox>
        <Button type="submit" variant="primary" block disabled={form.isSubmitting}>
          {form.isSubmitting ? submittingText : 'Send report'}
        </Button>
      </form>
    </Modal>
  );
}
