import { useId, useState, type FormEvent } from 'react';
import {
  demographicsConsentText,
  earliestBirthYear,
  educationOptions,
  genderOptions,
  householdIncomeOptions,
  maritalStatusOptions,
  nationalityCodes,
  numChildrenOptions,
  politicalSpectrumOptions,
  religionOptions,
  sexualOrientationOptions,
  type Demographics,
} from '../../../../contract/demographics.ts';
import { Button } from '../../../ui/Button.tsx';
import { ErrorBox, formStyles, submittingText, useFormSubmit } from '../../../ui/Form.tsx';
import { useSetDemographics } from '../api.ts';
import styles from './DemographicsForm.module.css';

type Option = { value: string | number; label: string };

const regionNames = new Intl.DisplayNames(undefined, { type: 'region' });
const nationalityOptions: Option[] = nationalityCodes.map((code) => ({
  value: code,
  label: regionNames.of(code.toUpperCase()) ?? code.toUpperCase(),
}));
// SPEC.md lists the UK and the USA: they stay on top, the rest follow by name.
const sortedNationalityOptions = [
  ...nationalityOptions.slice(0, 2),
  ...nationalityOptions.slice(2).sort((a, b) => a.label.localeCompare(b.label)),
];

function birthYearOptions(): Option[] {
  const thisYear = new Date().getFullYear();
  return Array.from({ length: thisYear - earliestBirthYear + 1 }, (_, index) => {
    const year = thisYear - index;
    return { value: year, label: String(year) };
  });
}

type SelectField = Exclude<keyof Demographics, 'politicalSpectrum'>;

const selectFields: { field: SelectField; label: string; options: () => readonly Option[] }[] = [
  { field: 'gender', label: 'Gender', options: () => genderOptions },
  { field: 'birthYear', label: 'Year of birth', options: birthYearOptions },
  { field: 'nationality', label: 'Nationality', options: () => sortedNationalityOptions },
  { field: 'education', label: 'Education', options: () => educationOptions },
  { field: 'maritalStatus', label: 'Relationship status', options: () => maritalStatusOptions },
  { field: 'numChildren', label: 'Children', options: () => numChildrenOptions },
  { field: 'householdIncome', label: 'Household income', options: () => householdIncomeOptions },
  {
    field: 'sexualOrientation',
    label: 'Sexual orientation',
    options: () => sexualOrientationOptions,
  },
  { field: 'religion', label: 'Religion', options: () => religionOptions },
];

/** The profile page names only the ends of the scale (SPEC.md §3). */
const spectrumVisibleLabels: Record<number, string> = { 0: 'Not set', 1: 'Left', 100: 'Right' };

function SelectInput({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | number | null;
  options: readonly Option[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={formStyles.input}
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Prefer not to say</option>
        {options.map((option) => (
          <option key={option.value} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The personal details form: every field optional, each a choice from the contract's option
 * lists, and the consent box required to save.
 */
export function DemographicsForm({
  initial,
  hasConsented,
}: {
  initial: Demographics;
  hasConsented: boolean;
}) {
  const [values, setValues] = useState<Demographics>(initial);
  const [hasAgreed, setHasAgreed] = useState(false);
  const [isSaved, setIsSaved] = useState(false);
  const form = useFormSubmit();
  const save = useSetDemographics();

  function change<Field extends keyof Demographics>(field: Field, value: Demographics[Field]) {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearError();
    setIsSaved(false);
  }

  function changeSelect(field: SelectField, raw: string) {
    const isNumeric = typeof initialNumberFields[field] === 'number';
    change(field, raw === '' ? null : isNumeric ? Number(raw) : raw);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!hasAgreed) {
      form.setError('Please tick the consent box to save your personal details.');
      return;
    }
    void form.submit(async () => {
      const answer = await save.mutateAsync({ ...values, consent: demographicsConsentText });
      setValues(answer.Demographics);
      setHasAgreed(false);
      setIsSaved(true);
    });
  }

  const spectrum = values.politicalSpectrum ?? 0;
  return (
    <form className={formStyles.form} onSubmit={handleSubmit} noValidate>
      <div className={styles.fields}>
        {selectFields.map(({ field, label, options }) => (
          <SelectInput
            key={field}
            label={label}
            value={values[field]}
            options={options()}
            onChange={(raw) => changeSelect(field, raw)}
          />
        ))}
      </div>
      <fieldset className={styles.spectrum}>
        <legend className={formStyles.label}>Political leaning</legend>
        <div className={styles.scale}>
          {politicalSpectrumOptions.map((option) => (
            <label
              key={option.value}
              className={[styles.point, option.value === 0 ? styles.unset : ''].join(' ')}
            >
              <input
                type="radio"
                name="politicalSpectrum"
                value={option.value}
                checked={spectrum === option.value}
                aria-label={option.label}
                onChange={() =>
                  change('politicalSpectrum', option.value === 0 ? null : option.value)
                }
              />
              <span aria-hidden="true">{spectrumVisibleLabels[option.value] ?? ''}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className={styles.consent}>
        <input
          type="checkbox"
          checked={hasAgreed}
          onChange={(event) => {
            setHasAgreed(event.target.checked);
            form.clearError();
          }}
        />
        <span>{demographicsConsentText}</span>
      </label>
      {hasConsented ? (
        <p className={styles.note}>
          You agreed to this when you last saved; tick it again to save changes.
        </p>
      ) : null}
      <ErrorBox>{form.error}</ErrorBox>
      <div>
        <Button type="submit" variant="primary" disabled={form.isSubmitting}>
          {form.isSubmitting ? submittingText : 'Save personal details'}
        </Button>
      </div>
      <p role="status" className={styles.saved}>
        {isSaved ? 'Your personal details are saved.' : ''}
      </p>
    </form>
  );
}

/** Which select fields carry numbers on the wire (the rest carry strings). */
const initialNumberFields: Record<SelectField, number | string> = {
  gender: '',
  birthYear: 0,
  nationality: '',
  education: 0,
  maritalStatus: '',
  numChildren: 0,
  householdIncome: 0,
  sexualOrientation: '',
  religion: '',
};
