import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { TopicSummary } from '../../../../contract/entities.ts';
import { minimumSearchLength } from '../../../../contract/search.ts';
import { callApi } from '../../../api/client.ts';
import { createOpinion, createTopic, editOpinion } from '../../../api/pending-calls.ts';
import { useAllTopics } from '../../topics/api.ts';
import { filterTopics } from '../../topics/topic-list.ts';
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
import styles from './OpinionFormModal.module.css';

/** SPEC.md §5: the opinion form cannot be sent while the topic search box has text. */
export const pendingTopicSearchError =
  'Please choose an existing topic, create a new one or clear the topics field.';

/** SPEC.md §8: the alert when creating a topic fails. */
export const topicCreationErrorText = 'An error occurred while creating the topic';

const titleLimit = 200;
const suggestionLimit = 8;

export default function OpinionFormModal({
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
  const [isCreatingTopic, setIsCreatingTopic] = useState(false);
  const form = useFormSubmit();
  const allTopics = useAllTopics();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const trimmedSearch = topicSearch.trim();
  const isSearching = trimmedSearch.length >= minimumSearchLength;
  const chosenIds = new Set(topics.map((topic) => topic.ArtifactID));
  const suggestions = isSearching
    ? filterTopics(allTopics.data?.Topics ?? [], trimmedSearch)
        .filter((topic) => !chosenIds.has(topic.ArtifactID))
        .slice(0, suggestionLimit)
    : [];
  const hasExactMatch = (allTopics.data?.Topics ?? []).some(
    (topic) => topic.Title.toLocaleLowerCase() === trimmedSearch.toLocaleLowerCase(),
  );

  function addTopic(topic: TopicSummary) {
    setTopics((current) =>
      current.some((chosen) => chosen.ArtifactID === topic.ArtifactID)
        ? current
        : [...current, topic],
    );
    setTopicSearch('');
    form.clearError();
  }

  async function handleCreateTopic() {
    setIsCreatingTopic(true);
    try {
      const answer = await callApi(createTopic, { title: trimmedSearch });
      addTopic(answer.NewTopic);
      void queryClient.invalidateQueries({ queryKey: ['topics'] });
    } catch {
      window.alert(topicCreationErrorText);
    } finally {
      setIsCreatingTopic(false);
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (topicSearch.trim() !== '') {
      form.setError(pendingTopicSearchError);
      return;
    }
    void form.submit(async () => {
      const payload = {
        title: title.trim(),
        topics: JSON.stringify(topics.map((topic) => topic.ArtifactID)),
      };
      const answer = opinion
        ? await callApi(editOpinion, { id: opinion.id, ...payload })
        : await callApi(createOpinion, payload);
      await queryClient.invalidateQueries({ queryKey: ['feed'] });
      onClose();
      void navigate(`/o/${answer.Slug}`);
    });
  }

  return (
    <Modal title={isEditing ? 'Edit opinion' : 'New opinion'} onClose={onClose}>
      <form className={formStyles.form} onSubmit={handleSubmit}>
        <TextAreaField
          label="Opinion"
          hint={`A clear statement people can agree or disagree with. ${formatCount(title.length)} / ${formatCount(titleLimit)} characters.`}
          name="title"
          required
          autoFocus
          rows={3}
          maxLength={titleLimit}
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
          hint={`Type at least ${minimumSearchLength} letters to find a topic.`}
          name="topicSearch"
          autoComplete="off"
          value={topicSearch}
          onChange={(event) => {
            setTopicSearch(event.target.value);
            form.clearError();
          }}
        />
        {isSearching ? (
          <ul className={styles.suggestions} aria-label="Matching topics">
            {suggestions.map((topic) => (
              <li key={topic.ArtifactID}>
                <button type="button" className={styles.suggestion} onClick={() => addTopic(topic)}>
                  + {capitalizeFirst(topic.Title)}
                </button>
              </li>
            ))}
            {hasExactMatch ? null : (
              <li>
                <button
                  type="button"
                  className={styles.suggestion}
                  disabled={isCreatingTopic}
                  onClick={() => void handleCreateTopic()}
                >
                  {isCreatingTopic ? submittingText : `Create topic “${trimmedSearch}”`}
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
