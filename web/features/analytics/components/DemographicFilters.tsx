import {
  demographicFilterFields,
  type DemographicFilterField,
  type StaffFilters,
} from '../../../../contract/analytics.base.ts';
import {
  filterFieldLabels,
  filterOptionsOf,
  shownFirst,
  type FilterOption,
} from '../filter-options.ts';
import { tickedCount, withAnswer } from '../filters.ts';
import { SidebarSection } from './FilterSidebar.tsx';
import styles from './DemographicFilters.module.css';

/** A checkbox group per demographic field; ticked answers of one field match any of them. */
export function DemographicFilters({
  filters,
  onChange,
}: {
  filters: StaffFilters;
  onChange: (filters: StaffFilters) => void;
}) {
  return (
    <>
      {demographicFilterFields.map((field) => (
        <SidebarSection
          key={field}
          title={filterFieldLabels[field]}
          active={tickedCount(filters, field)}
          isOpen={field === 'gender' || tickedCount(filters, field) > 0}
        >
          <FieldGroup field={field} filters={filters} onChange={onChange} />
        </SidebarSection>
      ))}
    </>
  );
}

function FieldGroup({
  field,
  filters,
  onChange,
}: {
  field: DemographicFilterField;
  filters: StaffFilters;
  onChange: (filters: StaffFilters) => void;
}) {
  const options = filterOptionsOf(field);
  const ticked = filters.demographics[field] ?? [];
  const first = shownFirst[field] ?? options.length;
  // Ticked answers from further down the list stay in view.
  const visible = options.filter((option, index) => index < first || ticked.includes(option.value));
  const rest = options.filter((option, index) => index >= first && !ticked.includes(option.value));
  const box = (option: FilterOption) => (
    <label key={option.value} className={styles.option}>
      <input
        type="checkbox"
        checked={ticked.includes(option.value)}
        onChange={(event) =>
          onChange(withAnswer(filters, field, option.value, event.target.checked))
        }
      />
      <span>{option.label}</span>
    </label>
  );
  return (
    <fieldset className={styles.group}>
      <legend className="visually-hidden">{filterFieldLabels[field]}</legend>
      <div className={styles.options}>{visible.map(box)}</div>
      {rest.length > 0 ? (
        <details className={styles.more}>
          <summary>All {rest.length} others</summary>
          <div className={styles.options}>{rest.map(box)}</div>
        </details>
      ) : null}
    </fieldset>
  );
}
