import { useId, useState } from 'react';
import type { StaffFilters } from '../../../../contract/analytics.base.ts';
import { Button } from '../../../ui/Button.tsx';
import { useUserTags } from '../../usertags/api.ts';
import { useTagSearch } from '../api.ts';
import { useTagSearchText } from '../use-url-filters.ts';
import styles from './TagFilter.module.css';

/**
 * The User Tag filter: a search box (usertag/search once more than 2 characters have rested for
 * 1 s) whose results pick the one tag the view is filtered by. Tags are admin-hub staff's: others
 * are told so (a tag in a shared address still applies).
 */
export function TagFilter({
  filters,
  onChange,
  canSearch,
}: {
  filters: StaffFilters;
  onChange: (filters: StaffFilters) => void;
  canSearch: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<{ id: number; name: string } | null>(null);
  const searchText = useTagSearchText(canSearch ? text : '');
  const search = useTagSearch(searchText);
  const selected = filters.usertag;
  // A tag from the address is named from the tag list.
  const tags = useUserTags({ enabled: canSearch && selected !== null && chosen?.id !== selected });
  const selectedName =
    selected === null
      ? null
      : chosen?.id === selected
        ? chosen.name
        : (tags.data?.Tags.find((tag) => tag.ArtifactID === selected)?.Name ?? `Tag ${selected}`);

  return (
    <div className={styles.tagFilter}>
      {selected !== null ? (
        <p className={styles.selected}>
          <span>
            Filtered by <strong>{selectedName}</strong>
          </span>
          <Button
            size="small"
            variant="ghost"
            onClick={() => {
              setChosen(null);
              onChange({ ...filters, usertag: null });
            }}
          >
            Remove tag filter
          </Button>
        </p>
      ) : null}
      {canSearch ? (
        <>
          <label htmlFor={`${id}-q`} className={styles.label}>
            Search user tags
          </label>
          <input
            id={`${id}-q`}
            className={styles.input}
            type="search"
            value={text}
            autoComplete="off"
            aria-describedby={`${id}-hint`}
            onChange={(event) => setText(event.target.value)}
          />
          <p id={`${id}-hint`} className={styles.hint}>
            Type 3 characters or more.
          </p>
          {searchText ? (
            <div aria-live="polite">
              {search.isPending ? (
                <p className={styles.hint}>Searching…</p>
              ) : search.isError ? (
                <p className={styles.error} role="alert">
                  {search.error.message}
                </p>
              ) : search.data.Results.length === 0 ? (
                <p className={styles.hint}>No tag matches “{searchText}”.</p>
              ) : (
                <ul className={styles.results} aria-label="Matching tags">
                  {search.data.Results.map((tag) => (
                    <li key={tag.ArtifactID}>
                      <button
                        type="button"
                        className={styles.result}
                        aria-pressed={tag.ArtifactID === selected}
                        onClick={() => {
                          setChosen({ id: tag.ArtifactID, name: tag.Name });
                          setText('');
                          onChange({ ...filters, usertag: tag.ArtifactID });
                        }}
                      >
                        {tag.Name}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : null}
        </>
      ) : (
        <p className={styles.hint}>User tags are managed by admin-hub staff.</p>
      )}
    </div>
  );
}
