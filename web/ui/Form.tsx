import {
  useCallback,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import styles from './Form.module.css';

export const formStyles = styles;

/** The submit button's text while a submission is in flight (docs/product/behaviour.md#forms). */
export const submittingText = 'Submitting...';

/**
 * The form behaviour (docs/product/behaviour.md#forms): submitting clears the error; a failure
 * keeps its message and stops submitting; editing a field clears the error (call `clearError` from
 * onChange).
 */
export function useFormSubmit() {
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [error, setError] = useState('');

  const submit = useCallback(async (action: () => Promise<void>) => {
    setIsSubmitting(true);
    setError('');
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Something went wrong');
    } finally {
      setIsSubmitting(false);
    }
  }, []);

  const clearError = useCallback(() => setError(''), []);

  return { isSubmitting, error, setError, clearError, submit };
}

export function ErrorBox({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div className={styles.errorBox} role="alert">
      {children}
    </div>
  );
}

type FieldProps = { label: ReactNode; hint?: ReactNode };

export function TextField({
  label,
  hint,
  ...inputProps
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        aria-describedby={hint ? hintId : undefined}
        {...inputProps}
      />
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}

export function TextAreaField({
  label,
  hint,
  ...textAreaProps
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.input}
        aria-describedby={hint ? hintId : undefined}
        {...textAreaProps}
      />
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}
