import { useState } from 'react';
import { opinionTitleLimits } from '../../../../contract/opinions.base.ts';
import { convoPositionLimits } from '../../../../contract/questions.base.ts';
import { minimumSearchLength } from '../../../../contract/search.base.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/Form.tsx';
import { useOpinionSearch } from '../api.ts';
import styles from './QuestionForm.module.css';

/** A chosen position: an existing opinion, or the title of a new one made with the question. */
export type ChosenPosition = { opinionID?: number; title: string };

const suggestionLimit = 8;

/**
 * The question's positions, in order: existing opinions found by search, or new ones typed in
 * (created when the question is saved). Each can move up or down, or be removed.
 */
export function PositionPicker({
  positions,
  onChange,
}: {
  positions: readonly ChosenPosition[];
  onChange: (positions: ChosenPosition[]) => void;
}) {
  const [text, setText] = useState('');
  const search = useOpinionSearch(text);
  const trimmed = text.replace(/\s+/g, ' ').trim();
  const chosenIds = new Set(positions.map((position) => position.opinionID));
  const isFull = positions.length >= convoPositionLimits.max;
  const suggestions = search.results
    .filter((result) => !chosenIds.has(result.ArtifactID))
    .slice(0, suggestionLimit);
  const isNewTitleValid =
    trimmed.length >= opinionTitleLimits.min && trimmed.length <= opinionTitleLimits.max;
  const hasExactMatch = search.results.some(
    (result) => result.Title.toLocaleLowerCase() === trimmed.toLocaleLowerCase(),
  );

  function add(position: ChosenPosition) {
    onChange([...positions, position]);
    setText('');
  }

  function move(index: number, step: -1 | 1) {
    const next = [...positions];
    const [moved] = next.splice(index, 1);
    next.splice(index + step, 0, moved!);
    onChange(next);
  }

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>
        Positions ({convoPositionLimits.min} to {convoPositionLimits.max})
      </legend>
      {positions.length > 0 ? (
        <ol className={styles.positions} aria-label="Chosen positions">
          {positions.map((position, index) => (
            <li key={position.opinionID ?? `new-${position.title}`} className={styles.position}>
              <span className={styles.positionTitle}>
                {position.title}
                {position.opinionID === undefined ? (
                  <span className={styles.newBadge}> new opinion</span>
                ) : null}
              </span>
              <span className={styles.positionActions}>
                <Button
                  size="small"
                  variant="ghost"
                  disabled={index === 0}
                  aria-label={`Move up: ${position.title}`}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </Button>
                <Button
                  size="small"
                  variant="ghost"
                  disabled={index === positions.length - 1}
                  aria-label={`Move down: ${position.title}`}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </Button>
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={`Remove: ${position.title}`}
                  onClick={() => onChange(positions.filter((_, other) => other !== index))}
                >
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.hint}>No position chosen yet.</p>
      )}
      <TextField
        label="Find an opinion, or type a new one"
        hint={
          isFull
            ? `A question has at most ${convoPositionLimits.max} positions.`
            : `Type at least ${minimumSearchLength} letters to search the opinions.`
        }
        autoComplete="off"
        disabled={isFull}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {trimmed.length >= minimumSearchLength && !isFull ? (
        <ul className={styles.suggestions} aria-label="Matching opinions">
          {suggestions.map((result) => (
            <li key={result.ArtifactID}>
              <button
                type="button"
                className={styles.suggestion}
                onClick={() => add({ opinionID: result.ArtifactID, title: result.Title })}
              >
                + {result.Title}
              </button>
            </li>
          ))}
          {search.isAnswered && suggestions.length === 0 ? (
            <li className={styles.hint}>No opinion matches.</li>
          ) : null}
          {hasExactMatch ? null : (
            <li>
              <button
                type="button"
                className={styles.suggestion}
                disabled={!isNewTitleValid}
                onClick={() => add({ title: trimmed })}
              >
                {isNewTitleValid
                  ? `Create a new opinion “${trimmed}”`
                  : `A new opinion needs ${opinionTitleLimits.min} to ${opinionTitleLimits.max} characters`}
              </button>
            </li>
          )}
        </ul>
      ) : null}
    </fieldset>
  );
}
