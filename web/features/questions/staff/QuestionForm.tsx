import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  convoDescriptionMaxLength,
  convoPositionLimits,
  convoTitleLimits,
  questionLink,
} from '../../../../contract/questions.base.ts';
import type { ConvoImage } from '../../../../contract/questions.ts';
import { appRoutes } from '../../../../contract/routes.ts';
import { Button } from '../../../ui/Button.tsx';
import {
  ErrorBox,
  TextAreaField,
  TextField,
  formStyles,
  submittingText,
  useFormSubmit,
} from '../../../ui/Form.tsx';
import { formatCount } from '../../../ui/format.ts';
import {
  useCategories,
  useDeleteQuestionImage,
  useSaveQuestion,
  useUploadQuestionImage,
} from '../api.ts';
import { imageUploadErrorText } from '../question-items.ts';
import { ImageField } from './ImageField.tsx';
import { PositionPicker, type ChosenPosition } from './PositionPicker.tsx';
import styles from './QuestionForm.module.css';

/** What the form starts from: an existing question, or nothing for a new one. */
export type QuestionFormStart = {
  id: number;
  slug: string;
  title: string;
  description: string;
  categoryID: number;
  positions: ChosenPosition[];
  image: ConvoImage;
};

/** Carried to the edit page when a new question saved but its image did not. */
export type EditorLocationState = { imageError?: string } | null;

/**
 * The staff form of a question: title, description, category, positions and image. Saving sends
 * the question, then the image if one was chosen; a new question whose image is refused opens
 * its edit page with the image's error, since the question itself is saved.
 */
export function QuestionForm({
  start,
  initialImageError = '',
}: {
  start: QuestionFormStart | null;
  initialImageError?: string;
}) {
  const [title, setTitle] = useState(start?.title ?? '');
  const [description, setDescription] = useState(start?.description ?? '');
  const [categoryID, setCategoryID] = useState(start ? String(start.categoryID) : '');
  const [positions, setPositions] = useState<ChosenPosition[]>(start?.positions ?? []);
  const [file, setFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState(initialImageError);
  const categories = useCategories();
  const form = useFormSubmit();
  const save = useSaveQuestion(start?.id);
  const upload = useUploadQuestionImage();
  const removeImage = useDeleteQuestionImage();
  const navigate = useNavigate();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (imageError && file) return;
    void form.submit(async () => {
      const saved = await save.mutateAsync({
        title,
        description,
        categoryID: Number(categoryID),
        positions: positions.map((position) =>
          position.opinionID === undefined
            ? { title: position.title }
            : { opinionID: position.opinionID },
        ),
      });
      if (file) {
        try {
          await upload.mutateAsync({ convoID: saved.ID, file });
        } catch (failure) {
          const message = imageUploadErrorText(failure);
          if (start) {
            setImageError(message);
            return;
          }
          const state: EditorLocationState = {
            imageError: `The question is saved, but not its image. ${message}`,
          };
          void navigate(appRoutes.editQuestion.replace(':slug', saved.Slug), { state });
          return;
        }
      }
      void navigate(questionLink(saved.Slug));
    });
  }

  function handleRemoveImage() {
    if (!start || !window.confirm('Remove the image of this question?')) return;
    removeImage.mutate(start.id, {
      onError: (failure) => setImageError(failure.message),
    });
  }

  const categoryList = categories.data?.Categories ?? [];
  const hasImage = start !== null && start.image.ImageSrc !== '' && !removeImage.isSuccess;

  return (
    <form className={formStyles.form} onSubmit={handleSubmit} noValidate>
      <TextField
        label="Question"
        hint={`One sentence, ${convoTitleLimits.min} to ${convoTitleLimits.max} characters (${formatCount(title.trim().length)} so far).`}
        required
        maxLength={convoTitleLimits.max}
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          form.clearError();
        }}
      />
      <TextAreaField
        label="Description (optional)"
        hint={`What the question is about, at most ${formatCount(convoDescriptionMaxLength)} characters.`}
        rows={4}
        maxLength={convoDescriptionMaxLength}
        value={description}
        onChange={(event) => {
          setDescription(event.target.value);
          form.clearError();
        }}
      />
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor="question-category">
          Category
        </label>
        <select
          id="question-category"
          className={formStyles.input}
          required
          value={categoryID}
          onChange={(event) => {
            setCategoryID(event.target.value);
            form.clearError();
          }}
        >
          <option value="">Choose a category</option>
          {categoryList.map((category) => (
            <option key={category.ID} value={category.ID}>
              {category.Title}
            </option>
          ))}
        </select>
        {categories.isSuccess && categoryList.length === 0 ? (
          <span className={styles.hint}>
            There is no category yet: <Link to={appRoutes.questionAdmin}>create one first</Link>.
          </span>
        ) : null}
      </div>
      <PositionPicker
        positions={positions}
        onChange={(next) => {
          setPositions(next);
          form.clearError();
        }}
      />
      <ImageField
        current={hasImage ? start.image : null}
        file={file}
        onFileChange={(chosen, error) => {
          setFile(chosen);
          setImageError(error);
        }}
        onRemove={start ? handleRemoveImage : null}
        isRemoving={removeImage.isPending}
        error={imageError}
      />
      <ErrorBox>{form.error}</ErrorBox>
      <Button
        type="submit"
        variant="primary"
        size="large"
        disabled={
          form.isSubmitting ||
          title.trim() === '' ||
          categoryID === '' ||
          positions.length < convoPositionLimits.min
        }
      >
        {form.isSubmitting ? submittingText : start ? 'Save changes' : 'Publish question'}
      </Button>
    </form>
  );
}
