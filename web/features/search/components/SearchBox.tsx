import { useEffect, useId, useState, type KeyboardEvent, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { minimumSearchLength } from '../../../../contract/search.base.ts';
import type { SearchResult } from '../../../../contract/search.ts';
import { productName } from '../../../../contract/routes.ts';
import { SearchIcon } from '../../../ui/icons.tsx';
import { errorTextFor } from '../../../ui/error-texts.ts';
import { useSearch } from '../hooks/use-search.ts';
import { resultTypeLabels, searchPagePath } from '../search-results.ts';
import styles from './SearchBox.module.css';

type SearchBoxProps = {
  text: string;
  onTextChange: (text: string) => void;
  /** Whether the results panel may show (the top bar is in search mode). */
  isOpen: boolean;
  onFocus: () => void;
  /** A result was chosen: the top bar returns to default. */
  onNavigate: () => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  className?: string;
};

export function SearchBox({
  text,
  onTextChange,
  isOpen,
  onFocus,
  onNavigate,
  inputRef,
  className,
}: SearchBoxProps) {
  const search = useSearch(text);
  const navigate = useNavigate();
  const panelId = useId();
  const listboxId = useId();
  const showPanel = isOpen && !search.isEmpty;
  const { results } = search;
  const hasListbox = showPanel && results.length > 0;
  // The active option belongs to one list of results: new results start with none active.
  const resultsKey = results.map(resultKey).join(' ');
  const [active, setActive] = useState({ resultsKey: '', index: -1 });
  // Closing the panel forgets the active option: the box opens again with none.
  const [wasPanelShown, setWasPanelShown] = useState(showPanel);
  if (wasPanelShown !== showPanel) {
    setWasPanelShown(showPanel);
    if (!showPanel) setActive({ resultsKey: '', index: -1 });
  }
  const activeIndex = hasListbox && active.resultsKey === resultsKey ? active.index : -1;
  const activeId = activeIndex >= 0 ? optionId(listboxId, activeIndex) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Escape belongs to the top bar (back to default), not the browser's clear-the-box.
    if (event.key === 'Escape') {
      event.preventDefault();
      return;
    }
    if (event.key === 'Enter') {
      // Enter follows the highlighted suggestion, else opens the results page for the text.
      const chosen = activeIndex >= 0 ? results[activeIndex] : undefined;
      if (!chosen && text.trim() === '') return;
      event.preventDefault();
      onNavigate();
      void navigate(chosen ? chosen.Link : searchPagePath(text));
      return;
    }
    if (!hasListbox) return;
    const count = results.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const from = activeIndex === -1 && step === -1 ? 0 : activeIndex;
      setActive({ resultsKey, index: (from + step + count) % count });
    }
  }

  return (
    <div className={[styles.search, className ?? ''].join(' ')} role="search">
      <div className={styles.field}>
        <SearchIcon className={styles.icon} />
        {/* The ARIA combobox pattern: the focus stays in the box, the arrows move the active
            option (aria-activedescendant), Enter follows it. */}
        <input
          ref={inputRef}
          className={styles.input}
          type="search"
          role="combobox"
          placeholder={`Search ${productName}`}
          aria-label={`Search ${productName}`}
          aria-autocomplete="list"
          aria-expanded={hasListbox}
          aria-controls={hasListbox ? listboxId : undefined}
          aria-activedescendant={activeId}
          aria-describedby={showPanel && !hasListbox ? panelId : undefined}
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={handleKeyDown}
          onFocus={onFocus}
        />
      </div>
      {showPanel ? (
        <div id={panelId} className={styles.panel}>
          {hasListbox ? (
            <ul id={listboxId} className={styles.list} role="listbox" aria-label="Search results">
              {results.map((result, index) => (
                <li key={resultKey(result)} role="none">
                  <Link
                    id={optionId(listboxId, index)}
                    className={styles.result}
                    role="option"
                    aria-selected={index === activeIndex}
                    tabIndex={-1}
                    to={result.Link}
                    onClick={onNavigate}
                  >
                    <span className={styles.type}>{resultTypeLabels[result.ArtifactType]}</span>
                    <span>{result.Title}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <SearchNote search={search} />
          )}
        </div>
      ) : null}
    </div>
  );
}

function resultKey(result: SearchResult): string {
  return `${result.ArtifactType}-${result.ArtifactID}`;
}

function optionId(listboxId: string, index: number): string {
  return `${listboxId}-option-${index}`;
}

/** What the panel says while there is no list of results. */
function SearchNote({ search }: { search: ReturnType<typeof useSearch> }) {
  if (search.isTooShort) {
    return <p className={styles.note}>Type at least {minimumSearchLength} characters.</p>;
  }
  if (search.error) return <p className={styles.note}>{errorTextFor(search.error)}</p>;
  if (!search.isAnswered) {
    return (
      <p className={styles.note} role="status">
        Searching…
      </p>
    );
  }
  return (
    <p className={styles.note} role="status">
      Nothing found. Try other words.
    </p>
  );
}
