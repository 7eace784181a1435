import { useId, type KeyboardEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import { minimumSearchLength } from '../../../../contract/search.ts';
import { productName } from '../../../../contract/routes.ts';
import { SearchIcon } from '../../../ui/icons.tsx';
import { errorTextFor } from '../../../ui/error-texts.ts';
import { useSearch } from '../hooks/use-search.ts';
import { resultTypeLabels } from '../search-results.ts';
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
  const panelId = useId();
  const showPanel = isOpen && !search.isEmpty;

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('ul a')];
    if (links.length === 0) return;
    event.preventDefault();
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next =
      event.key === 'ArrowDown'
        ? links[(index + 1) % links.length]
        : links[index <= 0 ? links.length - 1 : index - 1];
    next?.focus();
  }

  return (
    <div
      className={[styles.search, className ?? ''].join(' ')}
      role="search"
      onKeyDown={handleKeyDown}
    >
      <div className={styles.field}>
        <SearchIcon className={styles.icon} />
        <input
          ref={inputRef}
          className={styles.input}
          type="search"
          placeholder={`Search ${productName}`}
          aria-label={`Search ${productName}`}
          aria-controls={showPanel ? panelId : undefined}
          aria-expanded={showPanel}
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={(event) => {
            // Escape belongs to the top bar (back to default), not the browser's clear-the-box.
            if (event.key === 'Escape') event.preventDefault();
          }}
          onFocus={onFocus}
        />
      </div>
      {showPanel ? (
        <div id={panelId} className={styles.panel}>
          <SearchPanelContent search={search} onNavigate={onNavigate} />
        </div>
      ) : null}
    </div>
  );
}

function SearchPanelContent({
  search,
  onNavigate,
}: {
  search: ReturnType<typeof useSearch>;
  onNavigate: () => void;
}) {
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
  if (search.results.length === 0) {
    return (
      <p className={styles.note} role="status">
        Nothing found. Try other words.
      </p>
    );
  }
  return (
    <ul className={styles.list} aria-label="Search results">
      {search.results.map((result) => (
        <li key={`${result.ArtifactType}-${result.ArtifactID}`}>
          <Link className={styles.result} to={result.Link} onClick={onNavigate}>
            <span className={styles.type}>{resultTypeLabels[result.ArtifactType]}</span>
            <span>{result.Title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
