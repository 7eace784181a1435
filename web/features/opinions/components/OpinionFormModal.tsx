import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { TopicSummary } from '../../../../contract/entities.ts';
import {
  maximumTopicsPerOpinion,
  opinionTitleLimits,
  pendingTopicSearchError,
} from '../../../../contract/opinions.base.ts';
import { minimumSearchLength } from '../../../../contract/search.base.ts';
import VotePromptModal from '../../accounts/components/VotePromptModal.tsx';
import { useSession } from '../../session/session.ts';
import { useCreateTopic, useTopicSearch } from '../../topics/api.ts';
import { Button } from '../../../ui/Button.tsx';
import {
  ErrorBox,
  TextAreaField,
  TextField,
  formStyles,
  submittingText,
  useFormSubmit,
} from '../../../ui/Form.tsx';
import { capitalizeFirst, formatCount } from '../../../ui/format.ts';
import { CloseIcon } from '../../../ui/icons.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { useSaveOpinion } from '../api.ts';
import styles from './OpinionFormModal.module.css';

/** The alert when creating a topic fails (docs/product/errors.md#alerts). */
export const topicCreationErrorText = 'An error occurred while creating the topic';

const suggestionLimit = 8;

/**
 * The opinion modal, New opinion or Edit opinion: the title, the chosen topics, and a topic
 * search that finds existing topics or creates a new one. The form cannot be sent while the topic
 * search has text. Opened by a visitor, it shows the vote prompt instead
 * (docs/product/behaviour.md#members-only-actions).
 */
export default function OpinionFormModal({
  opinion,
  onClose,
}: {
  opinion?: { id: number; title: string; topics: TopicSummary[] } | undefined;
  onClose: () => void;
}) {
  const session = useSession();
  if (session.loading) return null;
  if (!session.loggedIn) return <VotePromptModal onClose={onClose} />;
  return <OpinionForm opinion={opinion} onClose={onClose} />;
}

function OpinionForm({
  opinion,
  onClose,
}: {
  opinion?: { id: number; title: string; topics: TopicSummary[] } | undefined;
  onClose: () => void;
}) {
  const isEditing = opinion !== undefined;
  const [title, setTitle] = useState(opinion?.title ?? '');
  const [topics, setTopics] = useState<TopicSummary[]>(opinion?.topics ?? []);
  const [topicSearch, setTopicSearch] = useState('');
  const form = useFormSubmit();
  const search = useTopicSearch(topicSearch);
  const createTopic = useCreateTopic();
  const saveOpinion = useSaveOpinion(opinion?.id);
  const navigate = useNavigate();

  const trimmedSearch = topicSearch.trim();
  const chosenIds = new Set(topics.map((topic) => topic.ArtifactID));
  const suggestions = search.results
    .filter((result) => !chosenIds.has(result.ArtifactID))
    .slice(0, suggestionLimit);
  const hasExactMatch = search.results.some(
    (result) => result.Title.toLocaleLowerCase() === trimmedSearch.toLocaleLowerCase(),
  );
  const isFull = topics.length >= maximumTopicsPerOpinion;

  function addTopic(topic: TopicSummary) {
    setTopics((current) =>
      current.some((chosen) => chosen.ArtifactID === topic.ArtifactID)
        ? current
        : [...current, topic],
    );
    setTopicSearch('');
    form.clearError();
  }

  function handleCreateTopic() {
    createTopic.mutate(trimmedSearch, {
      onSuccess: (answer) => addTopic(answer.NewTopic),
      onError: () => window.alert(topicCreationErrorText),
    });
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (trimmedSearch !== '') {
      form.setError(pendingTopicSearchError);
      return;
    }
    void form.submit(async () => {
      const answer = await saveOpinion.mutateAsync({
        title: title.trim(),
        topicIds: topics.map((topic) => topic.ArtifactID),
        topicSearch,
      });
      onClose();
      if (!isEditing) void navigate(`/o/${answer.Slug}`);
    });
  }

  return (
    <Modal title={isEditing ? 'Edit opinion' : 'New opinion'} onClose={onClose}>
      <form className={formStyles.form} onSubmit={handleSubmit} noValidate>
        <TextAreaField
          label="Opinion"
          hint={`A clear statement people can agree or disagree with, ${formatCount(opinionTitleLimits.min)} to ${formatCount(opinionTitleLimits.max)} characters (${formatCount(title.trim().length)} so far).`}
          name="title"
          required
          autoFocus
          rows={3}
          maxLength={opinionTitleLimits.max}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            form.clearError();
          }}
        />
        {topics.length > 0 ? (
          <ul className={styles.selected} aria-label="Chosen topics">
            {topics.map((topic) => (
              <li key={topic.ArtifactID} className={styles.selectedTopic}>
                {capitalizeFirst(topic.Title)}
                <button
                  type="button"
                  className={styles.removeTopic}
                  aria-label={`Remove ${topic.Title}`}
                  onClick={() =>
                    setTopics((current) =>
                      current.filter((chosen) => chosen.ArtifactID !== topic.ArtifactID),
                    )
                  }
                >
                  <CloseIcon width={14} height={14} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <TextField
          label="Topics"
          hint={
            isFull
              ? `An opinion can have up to ${maximumTopicsPerOpinion} topics.`
              : `Type at least ${minimumSearchLength} letters to find a topic or create one.`
          }
          name="topicSearch"
          autoComplete="off"
          disabled={isFull}
          value={topicSearch}
          onChange={(event) => {
            setTopicSearch(event.target.value);
            form.clearError();
          }}
        />
        {search.isAnswered && trimmedSearch.length >= minimumSearchLength ? (
          <ul className={styles.suggestions} aria-label="Matching topics">
            {suggestions.map((topic) => (
              <li key={topic.ArtifactID}>
                <button
                  type="button"
                  className={styles.suggestion}
                  onClick={() =>
                    addTopic({
                      ArtifactID: topic.ArtifactID,
                      Slug: topic.Link.replace(/^\/t\//, ''),
                      Title: topic.Title,
                      Link: topic.Link,
                      ArtifactType: 'topic',
                    })
                  }
                >
                  + {capitalizeFirst(topic.Title)}
                </button>
              </li>
            ))}
            {hasExactMatch ? null : (
              <li>
                <button
                  type="button"
                  className={styles.suggestion}
                  disabled={createTopic.isPending}
                  onClick={handleCreateTopic}
                >
                  {createTopic.isPending ? submittingText : `Create topic “${trimmedSearch}”`}
                </button>
              </li>
            )}
          </ul>
        ) : null}
        <ErrorBox>{form.error}</ErrorBox>
        <Button
          type="submit"
          variant="primary"
          size="large"
          block
          disabled={form.isSubmitting || title.trim() === ''}
        >
          {form.isSubmitting ? submittingText : isEditing ? 'Save changes' : 'Publish opinion'}
        </Button>
      </form>
    </Modal>
  );
}
