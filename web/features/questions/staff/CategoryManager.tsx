import { useState, type FormEvent } from 'react';
import { categoryTitleLimits } from '../../../../contract/questions.base.ts';
import type { Category } from '../../../../contract/questions.ts';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { ErrorBox, TextField, formStyles, submittingText } from '../../../ui/Form.tsx';
import { pluralize } from '../../../ui/format.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { useCategories, useCreateCategory, useDeleteCategory, useRenameCategory } from '../api.ts';
import styles from './QuestionAdmin.module.css';

/**
 * Staff: the categories of questions. Add one, rename one, or delete one that holds no question
 * (the server refuses the others with 409, whose message shows here).
 */
export function CategoryManager() {
  const categories = useCategories();
  const create = useCreateCategory();
  const [title, setTitle] = useState('');

  function handleCreate(event: FormEvent) {
    event.preventDefault();
    create.mutate(title, { onSuccess: () => setTitle('') });
  }

  return (
    <Card heading="Categories">
      {categories.isPending ? (
        <Skeleton height={120} />
      ) : categories.error ? (
        <ErrorBox>{categories.error.message}</ErrorBox>
      ) : (
        <ul className={styles.rows}>
          {categories.data.Categories.map((category) => (
            <li key={category.ID}>
              <CategoryRow category={category} />
            </li>
          ))}
        </ul>
      )}
      <form className={[formStyles.form, styles.addForm].join(' ')} onSubmit={handleCreate}>
        <TextField
          label="New category"
          hint={`${categoryTitleLimits.min} to ${categoryTitleLimits.max} characters.`}
          maxLength={categoryTitleLimits.max}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            create.reset();
          }}
        />
        <ErrorBox>{create.error?.message}</ErrorBox>
        <Button type="submit" variant="primary" disabled={create.isPending || !title.trim()}>
          {create.isPending ? submittingText : 'Add category'}
        </Button>
      </form>
    </Card>
  );
}

function CategoryRow({ category }: { category: Category }) {
  const [isEditing, setIsEditing] = useState(false);
  const [title, setTitle] = useState(category.Title);
  const rename = useRenameCategory();
  const remove = useDeleteCategory();

  function handleRename(event: FormEvent) {
    event.preventDefault();
    rename.mutate({ id: category.ID, title }, { onSuccess: () => setIsEditing(false) });
  }

  function handleDelete() {
    if (!window.confirm(`Delete the category “${category.Title}”?`)) return;
    remove.mutate(category.ID);
  }

  if (isEditing) {
    return (
      <form className={styles.row} onSubmit={handleRename}>
        <TextField
          label={`New title for ${category.Title}`}
          maxLength={categoryTitleLimits.max}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            rename.reset();
          }}
        />
        <span className={styles.rowActions}>
          <Button type="submit" size="small" variant="primary" disabled={rename.isPending}>
            Save
          </Button>
          <Button size="small" onClick={() => setIsEditing(false)}>
            Cancel
          </Button>
        </span>
        <ErrorBox>{rename.error?.message}</ErrorBox>
      </form>
    );
  }
  return (
    <div className={styles.row}>
      <span className={styles.rowTitle}>
        {category.Title}{' '}
        <span className={styles.count}>{pluralize(category.NumConvos, 'question')}</span>
      </span>
      <span className={styles.rowActions}>
        <Button
          size="small"
          aria-label={`Rename ${category.Title}`}
          onClick={() => setIsEditing(true)}
        >
          Rename
        </Button>
        <Button
          size="small"
          variant="danger"
          aria-label={`Delete ${category.Title}`}
          disabled={remove.isPending}
          onClick={handleDelete}
        >
          Delete
        </Button>
      </span>
      <ErrorBox>{remove.error?.message}</ErrorBox>
    </div>
  );
}
