import type { StaffFilters } from '../../../../contract/analytics.base.ts';
import { rangeOf, withRange } from '../filters.ts';
import { isDefaultRange } from '../range.ts';
import { SidebarSection } from './FilterSidebar.tsx';
import { RangeSlider } from './RangeSlider.tsx';
import styles from './ElementsSpectrum.module.css';

export type SpectrumElement = { ID: string; Name: string; Group: string | null };

/**
 * The Elements Spectrum: a score range per Opinion DNA element, in the card's groups. A range
 * other than 0–100 filters the members whose score lies in it.
 */
export function ElementsSpectrum({
  elements,
  filters,
  onChange,
}: {
  elements: readonly SpectrumElement[];
  filters: StaffFilters;
  onChange: (filters: StaffFilters) => void;
}) {
  const groups = new Map<string, SpectrumElement[]>();
  for (const element of elements) {
    const group = element.Group ?? 'Elements';
    groups.set(group, [...(groups.get(group) ?? []), element]);
  }
  return (
    <section className={styles.spectrum} aria-labelledby="elements-spectrum-heading">
      <h3 id="elements-spectrum-heading" className={styles.heading}>
        Elements Spectrum
      </h3>
      <p className={styles.hint}>Members whose score on an element lies within its range.</p>
      {[...groups].map(([group, members], index) => {
        const active = members.filter((element) => !isDefaultRange(rangeOf(filters, element.ID)));
        return (
          <SidebarSection
            key={group}
            title={`${group} (${members.length})`}
            active={active.length}
            isOpen={index === 0 || active.length > 0}
          >
            <div className={styles.sliders}>
              {members.map((element) => (
                <RangeSlider
                  key={element.ID}
                  label={element.Name}
                  range={rangeOf(filters, element.ID)}
                  onChange={(range) => onChange(withRange(filters, element.ID, range))}
                />
              ))}
            </div>
          </SidebarSection>
        );
      })}
    </section>
  );
}
