import { useEffect, useId, useState } from 'react';
import { convoImageMaxBytes, convoImageTypes } from '../../../../contract/questions.base.ts';
import type { ConvoImage } from '../../../../contract/questions.ts';
import { Button } from '../../../ui/Button.tsx';
import { isImageTooLarge } from '../question-items.ts';
import styles from './QuestionForm.module.css';

const megabytes = convoImageMaxBytes / (1024 * 1024);

/**
 * The question's image: the current one (with Remove), and a file to upload when the form is
 * saved. A file over 5 MB is refused here; the server checks the type from the bytes and says
 * 415, 413 or 400, which `error` shows.
 */
export function ImageField({
  current,
  file,
  onFileChange,
  onRemove,
  isRemoving,
  error,
}: {
  current: ConvoImage | null;
  file: File | null;
  onFileChange: (file: File | null, error: string) => void;
  onRemove: (() => void) | null;
  isRemoving: boolean;
  error: string;
}) {
  const id = useId();
  const [preview, setPreview] = useState('');
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreview('');
    };
  }, [file]);
  const shown = file ? preview : current?.ImageSrc;

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Image (optional)</legend>
      {shown ? (
        <img
          className={styles.preview}
          src={shown}
          alt={file ? 'The chosen image' : 'The current image'}
        />
      ) : null}
      <label className={styles.label} htmlFor={id}>
        {current?.ImageSrc ? 'Replace the image' : 'Choose an image'}
      </label>
      <input
        id={id}
        type="file"
        accept={convoImageTypes.join(',')}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          onFileChange(
            chosen,
            chosen && isImageTooLarge(chosen)
              ? `The image is too large: at most ${megabytes} MB. Choose a smaller file.`
              : '',
          );
        }}
      />
      <span id={`${id}-hint`} className={styles.hint}>
        JPEG, PNG or WebP, at most {megabytes} MB. It is uploaded when you save.
      </span>
      <span id={`${id}-error`} className={styles.fieldError} role="alert">
        {error}
      </span>
      {current?.ImageSrc && onRemove && !file ? (
        <Button size="small" variant="danger" disabled={isRemoving} onClick={onRemove}>
          Remove the image
        </Button>
      ) : null}
    </fieldset>
  );
}
