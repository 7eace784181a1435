import { useState, type FormEvent } from 'react';
import type { ResponseOf } from '../../../../contract/calls.ts';
import type { addUserTagMembers } from '../../../../contract/usertags.base.ts';
import {
  maxUsernamesPerAdd,
  splitUsernames,
  userTagNameLimits,
} from '../../../../contract/usertags.base.ts';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { ErrorBox, TextAreaField, TextField, useFormSubmit } from '../../../ui/Form.tsx';
import { formatCount } from '../../../ui/format.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import {
  useAddMembers,
  useCreateTag,
  useDeleteTag,
  useRemoveMember,
  useRenameTag,
  useUserTagMembers,
  useUserTags,
} from '../api.ts';
import styles from './UserTagsAdmin.module.css';

type AddResult = ResponseOf<typeof addUserTagMembers>;

/**
 * User tags on the admin page (admin-hub): create a tag, list tags with their member counts, and
 * for one tag attach members by username or a pasted list (the names not found are listed),
 * list and detach its members, rename or delete it.
 */
export function UserTagsAdmin() {
  const tags = useUserTags();
  const [openId, setOpenId] = useState<number | null>(null);
  const open = tags.data?.Tags.find((tag) => tag.ArtifactID === openId) ?? null;

  return (
    <Card heading="User tags">
      <p className={styles.lead}>
        Named groups of members (a panel, a school, a pilot) that the report filters can select.
      </p>
      <CreateTagForm onCreated={setOpenId} />
      {tags.isPending ? (
        <Spinner />
      ) : tags.isError ? (
        <ErrorBox>{tags.error.message}</ErrorBox>
      ) : tags.data.Tags.length === 0 ? (
        <p className={styles.empty}>No tags yet.</p>
      ) : (
        <table className={styles.table}>
          <caption className="visually-hidden">User tags</caption>
          <thead>
            <tr>
              <th scope="col">Tag</th>
              <th scope="col">Members</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tags.data.Tags.map((tag) => (
              <tr key={tag.ArtifactID} className={tag.ArtifactID === openId ? styles.open : ''}>
                <th scope="row">{tag.Name}</th>
                <td className={styles.number}>{formatCount(tag.NumMembers)}</td>
                <td className={styles.actions}>
                  <Button
                    size="small"
                    aria-expanded={tag.ArtifactID === openId}
                    aria-label={`Manage ${tag.Name}`}
                    onClick={() => setOpenId(tag.ArtifactID === openId ? null : tag.ArtifactID)}
                  >
                    {tag.ArtifactID === openId ? 'Close' : 'Manage'}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open ? (
        <TagPanel
          key={open.ArtifactID}
          id={open.ArtifactID}
          name={open.Name}
          onDeleted={() => setOpenId(null)}
        />
      ) : null}
    </Card>
  );
}

function CreateTagForm({ onCreated }: { onCreated: (id: number) => void }) {
  const [name, setName] = useState('');
  const create = useCreateTag();
  const form = useFormSubmit();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit(async () => {
      const answer = await create.mutateAsync(name);
      setName('');
      onCreated(answer.Tag.ArtifactID);
    });
  }
  return (
    <form className={styles.inline} onSubmit={onSubmit}>
      <TextField
        label="New tag"
        value={name}
        maxLength={userTagNameLimits.max}
        required
        onChange={(event) => {
          setName(event.target.value);
          form.clearError();
        }}
      />
      <Button type="submit" variant="primary" disabled={form.isSubmitting || !name.trim()}>
        Create tag
      </Button>
      <ErrorBox>{form.error}</ErrorBox>
    </form>
  );
}

function TagPanel({ id, name, onDeleted }: { id: number; name: string; onDeleted: () => void }) {
  return (
    <section className={styles.panel} aria-labelledby={`tag-${id}-heading`}>
      <h3 id={`tag-${id}-heading`} className={styles.panelTitle}>
        {name}
      </h3>
      <AddMembersForm id={id} />
      <MemberList id={id} />
      <RenameForm id={id} name={name} />
      <DeleteTag id={id} name={name} onDeleted={onDeleted} />
    </section>
  );
}

function AddMembersForm({ id }: { id: number }) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<AddResult | null>(null);
  const add = useAddMembers();
  const form = useFormSubmit();
  const count = splitUsernames(text).length;
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    void form.submit(async () => {
      const answer = await add.mutateAsync({ id, usernames: text });
      setResult(answer);
      // The names not found stay in the box, to be corrected and sent again.
      setText(answer.NotFound.join('\n'));
    });
  }
  return (
    <form className={styles.stack} onSubmit={onSubmit}>
      <TextAreaField
        label="Add members by username"
        hint={`One name, or a pasted list: one per line, or separated by commas or spaces (at most ${formatCount(maxUsernamesPerAdd)}).`}
        rows={4}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          form.clearError();
        }}
      />
      <div>
        <Button type="submit" disabled={form.isSubmitting || count === 0}>
          {count > 1 ? `Add ${formatCount(count)} members` : 'Add member'}
        </Button>
      </div>
      <ErrorBox>{form.error}</ErrorBox>
      <div aria-live="polite">
        {result ? (
          <div className={styles.result} data-testid="add-result">
            <p>
              Added {formatCount(result.Added)}
              {result.AlreadyTagged > 0
                ? `; ${formatCount(result.AlreadyTagged)} already had the tag`
                : ''}
              .
            </p>
            {result.NotFound.length > 0 ? (
              <p className={styles.notFound}>
                Not found ({formatCount(result.NotFound.length)}): {result.NotFound.join(', ')}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </form>
  );
}

function MemberList({ id }: { id: number }) {
  const members = useUserTagMembers(id);
  const remove = useRemoveMember();
  const [error, setError] = useState('');
  if (members.isPending) return <Spinner />;
  if (members.isError) return <ErrorBox>{members.error.message}</ErrorBox>;
  const names = members.data.pages.flatMap((page) => page.Members);
  return (
    <div className={styles.stack}>
      <h4 className={styles.subheading}>Members</h4>
      {names.length === 0 ? (
        <p className={styles.empty}>No members yet.</p>
      ) : (
        <ul className={styles.members}>
          {names.map((member) => (
            <li key={member.UsernameCased}>
              <span>{member.UsernameCased}</span>
              <Button
                size="small"
                variant="ghost"
                aria-label={`Remove ${member.UsernameCased} from the tag`}
                disabled={remove.isPending}
                onClick={() => {
                  setError('');
                  remove.mutate(
                    { id, username: member.UsernameCased },
                    { onError: (failure) => setError(failure.message) },
                  );
                }}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ErrorBox>{error}</ErrorBox>
      {members.hasNextPage ? (
        <div>
          <Button
            size="small"
            onClick={() => void members.fetchNextPage()}
            disabled={members.isFetchingNextPage}
          >
            More members
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function RenameForm({ id, name }: { id: number; name: string }) {
  const [text, setText] = useState(name);
  const rename = useRenameTag();
  const form = useFormSubmit();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit(async () => {
      await rename.mutateAsync({ id, name: text });
    });
  }
  return (
    <form className={styles.inline} onSubmit={onSubmit}>
      <TextField
        label="Rename the tag"
        value={text}
        maxLength={userTagNameLimits.max}
        required
        onChange={(event) => {
          setText(event.target.value);
          form.clearError();
        }}
      />
      <Button type="submit" disabled={form.isSubmitting || !text.trim() || text.trim() === name}>
        Rename
      </Button>
      <ErrorBox>{form.error}</ErrorBox>
    </form>
  );
}

function DeleteTag({ id, name, onDeleted }: { id: number; name: string; onDeleted: () => void }) {
  const remove = useDeleteTag();
  const form = useFormSubmit();
  return (
    <div className={styles.stack}>
      <div>
        <Button
          variant="danger"
          size="small"
          disabled={form.isSubmitting}
          onClick={() => {
            if (!window.confirm(`Delete the tag “${name}”? Its members keep their accounts.`))
              return;
            void form.submit(async () => {
              await remove.mutateAsync(id);
              onDeleted();
            });
          }}
        >
          Delete tag
        </Button>
      </div>
      <ErrorBox>{form.error}</ErrorBox>
    </div>
  );
}
