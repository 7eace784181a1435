import { useId, type ReactNode } from 'react';
import { formStyles } from '../../../ui/Form.tsx';
import { preferNotToSayLabel, type DemographicsOption } from '../demographics-options.ts';

/**
 * One personal-details field as a select of the contract's options, its empty choice first. The
 * personal details page and the quiz gate share it; the gate adds a note under the label and
 * marks an unanswered field invalid.
 */
export function DemographicsSelect({
  label,
  value,
  options,
  onChange,
  emptyLabel = preferNotToSayLabel,
  note,
  isInvalid = false,
  className,
  selectRef,
}: {
  label: string;
  value: string | number | null;
  options: readonly DemographicsOption[];
  onChange: (value: string) => void;
  emptyLabel?: string;
  /** Shown under the label and read with the select (a hint or an error). */
  note?: ReactNode;
  isInvalid?: boolean;
  className?: string;
  selectRef?: (element: HTMLSelectElement | null) => void;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className={[formStyles.field, className ?? ''].filter(Boolean).join(' ')}>
      <label className={formStyles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        ref={selectRef}
        className={formStyles.input}
        value={value === null ? '' : String(value)}
        aria-invalid={isInvalid || undefined}
        aria-describedby={note ? noteId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{emptyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
      {note ? <span id={noteId}>{note}</span> : null}
    </div>
  );
}
