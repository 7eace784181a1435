import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { commentBodyMaxLength } from '../../../../contract/comments.base.ts';
import type { Comment } from '../../../../contract/comments.ts';
import { Button } from '../../../ui/Button.tsx';
import { ErrorBox, formStyles, submittingText, useFormSubmit } from '../../../ui/Form.tsx';
import { formatCount } from '../../../ui/format.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { loadCommentSource, useCreateComment, useEditComment } from '../api.ts';
import {
  argumentLengthError,
  discardConfirmText,
  responseTypeOptions,
  tooShortHint,
} from '../comment-text.ts';
import styles from './CommentForm.module.css';

export type CommentFormMode =
  /** A top-level argument on an opinion: a side is required. */
  | { kind: 'argument' }
  /** A top-level suggestion on /suggest. */
  | { kind: 'suggestion' }
  | { kind: 'reply'; parent: Comment }
  | { kind: 'edit'; comment: Comment; isTopLevelArgument: boolean };

const texts = {
  argument: {
    form: 'New argument',
    label: 'Your argument',
    placeholder: 'Make your case: a reason, an example, a source…',
    submit: 'Post argument',
  },
  suggestion: {
    form: 'New suggestion',
    label: 'Your suggestion',
    placeholder: 'Suggest an opinion, and say why it would make a good debate…',
    submit: 'Post suggestion',
  },
  reply: {
    form: 'Reply',
    label: 'Your reply',
    placeholder: 'Write a reply…',
    submit: 'Post reply',
  },
  edit: { form: 'Edit comment', label: 'Your comment', placeholder: '', submit: 'Save changes' },
} as const;

/**
 * The comment form (docs/product/validation.md) for a new argument, a suggestion, a reply or an
 * edit. An edit first loads the comment's Markdown source. An argument needs a side: submitting without one
 * highlights the select and sends nothing.
 */
export function CommentForm({
  threadID,
  mode,
  onDone,
  onCancel,
}: {
  threadID: string;
  mode: CommentFormMode;
  /** After a successful post or save, with the comment as it now is. */
  onDone?: (comment: Comment) => void;
  /** Reply and edit forms can be closed. */
  onCancel?: () => void;
}) {
  const id = useId();
  const form = useFormSubmit();
  const createComment = useCreateComment(threadID);
  const editComment = useEditComment(threadID);
  const [body, setBody] = useState('');
  const [responseType, setResponseType] = useState<Comment['ResponseType']>('');
  const [isTypeMissing, setIsTypeMissing] = useState(false);
  const [tooShortError, setTooShortError] = useState<string | null>(null);
  const [original, setOriginal] = useState<{ body: string; type: string } | null>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const textAreaRef = useRef<HTMLTextAreaElement>(null);
  const text = texts[mode.kind];
  /** A top-level comment on an opinion: it takes a side and is a sentence or more. */
  const isArgument = mode.kind === 'argument' || (mode.kind === 'edit' && mode.isTopLevelArgument);
  const needsType = isArgument;
  const hasTypeSelect = needsType;
  const editedId = mode.kind === 'edit' ? mode.comment.CommentID : null;
  const onCancelRef = useRef(onCancel);
  useEffect(() => {
    onCancelRef.current = onCancel;
  });

  // Editing starts from what the author wrote (Markdown), not from the rendered HTML.
  useEffect(() => {
    if (editedId === null) return;
    let isCurrent = true;
    loadCommentSource(editedId).then(
      (source) => {
        if (!isCurrent) return;
        setBody(source.Source);
        setResponseType(source.ResponseType);
        setOriginal({ body: source.Source, type: source.ResponseType });
        textAreaRef.current?.focus();
      },
      (error: unknown) => {
        if (!isCurrent) return;
        window.alert(error instanceof Error ? error.message : 'Could not load the comment');
        onCancelRef.current?.();
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [editedId]);

  useEffect(() => {
    if (mode.kind === 'reply') textAreaRef.current?.focus();
  }, [mode.kind]);

  const isLoadingSource = mode.kind === 'edit' && original === null;
  const length = body.trim().length;
  const hint = tooShortHint(length);
  const hasChanges =
    mode.kind === 'edit'
      ? original !== null && (body !== original.body || responseType !== original.type)
      : body.trim() !== '';

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const lengthError = isArgument ? argumentLengthError(body) : null;
    if (lengthError) {
      setTooShortError(lengthError);
      textAreaRef.current?.focus();
      return;
    }
    if (needsType && responseType === '') {
      setIsTypeMissing(true);
      selectRef.current?.focus();
      return;
    }
    void form.submit(async () => {
      if (mode.kind === 'edit') {
        const answer = await editComment.mutateAsync({
          commentID: mode.comment.CommentID,
          newBody: body,
          newResponseType: responseType,
        });
        onDone?.(answer.Comment);
        return;
      }
      const answer = await createComment.mutateAsync({
        parentID: mode.kind === 'reply' ? mode.parent.CommentID : 0,
        body,
        responseType,
      });
      setBody('');
      setResponseType('');
      onDone?.(answer.Comment);
    });
  }

  function handleCancel() {
    if (hasChanges && !window.confirm(discardConfirmText)) return;
    onCancel?.();
  }

  if (isLoadingSource) {
    return (
      <div className={styles.loading}>
        <Spinner label="Loading the comment" />
      </div>
    );
  }

  return (
    <form
      className={[formStyles.form, styles.form].join(' ')}
      onSubmit={handleSubmit}
      aria-label={text.form}
      noValidate
    >
      <label className="visually-hidden" htmlFor={`${id}-body`}>
        {text.label}
      </label>
      <textarea
        ref={textAreaRef}
        id={`${id}-body`}
        className={[formStyles.input, styles.textarea].join(' ')}
        value={body}
        placeholder={text.placeholder}
        maxLength={commentBodyMaxLength}
        rows={mode.kind === 'argument' || mode.kind === 'suggestion' ? 4 : 3}
        aria-invalid={tooShortError !== null}
        aria-describedby={tooShortError ? `${id}-count ${id}-length-error` : `${id}-count`}
        onChange={(event) => {
          setBody(event.target.value);
          setTooShortError(null);
          form.clearError();
        }}
      />
      <div className={styles.toolbar}>
        {hasTypeSelect ? (
          <div className={styles.typeField}>
            <label htmlFor={`${id}-type`} className={styles.typeLabel}>
              Side
            </label>
            <select
              ref={selectRef}
              id={`${id}-type`}
              className={styles.select}
              value={responseType}
              aria-invalid={isTypeMissing}
              aria-describedby={isTypeMissing ? `${id}-type-error` : undefined}
              onChange={(event) => {
                setResponseType(event.target.value as Comment['ResponseType']);
                setIsTypeMissing(false);
                form.clearError();
              }}
            >
              <option value="">Choose…</option>
              {responseTypeOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <p id={`${id}-count`} className={styles.count}>
          <span>
            {formatCount(length)} {length === 1 ? 'character' : 'characters'}
          </span>
          {hint ? <span className={styles.hint}>{hint}</span> : null}
        </p>
        <div className={styles.buttons}>
          {onCancel ? (
            <Button variant="ghost" size="small" onClick={handleCancel}>
              Cancel
            </Button>
          ) : null}
          <Button
            type="submit"
            variant="primary"
            size="small"
            disabled={form.isSubmitting || length === 0}
          >
            {form.isSubmitting ? submittingText : text.submit}
          </Button>
        </div>
      </div>
      {tooShortError ? (
        <p id={`${id}-length-error`} className={styles.fieldError} role="alert">
          {tooShortError}
        </p>
      ) : null}
      {isTypeMissing ? (
        <p id={`${id}-type-error`} className={styles.fieldError} role="alert">
          Choose a side for your argument: For, Against, Mixed or Commentary.
        </p>
      ) : null}
      <ErrorBox>{form.error}</ErrorBox>
    </form>
  );
}
