import { useState, type FormEvent } from 'react';
import {
  demographicsConsentText,
  politicalSpectrumOptions,
} from '../../../../contract/demographics.base.ts';
import type { Demographics } from '../../../../contract/demographics.ts';
import { Button } from '../../../ui/Button.tsx';
import { ErrorBox, formStyles, submittingText, useFormSubmit } from '../../../ui/Form.tsx';
import { useSetDemographics } from '../api.ts';
import { demographicsFieldLabels, demographicsOptions } from '../demographics-options.ts';
import { DemographicsSelect } from './DemographicsSelect.tsx';
import styles from './DemographicsForm.module.css';

type SelectField = Exclude<keyof Demographics, 'politicalSpectrum'>;

/** The fields shown as selects, in the form's order; the political leaning is a scale below. */
const selectFields: readonly SelectField[] = [
  'gender',
  'birthYear',
  'nationality',
  'education',
  'maritalStatus',
  'numChildren',
  'householdIncome',
  'sexualOrientation',
  'religion',
];

/** The profile page names only the ends of the scale (docs/product/entities.md). */
const spectrumVisibleLabels: Record<number, string> = { 0: 'Not set', 1: 'Left', 100: 'Right' };

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
        {selectFields.map((field) => (
          <DemographicsSelect
            key={field}
            label={demographicsFieldLabels[field]}
            value={values[field]}
            options={demographicsOptions[field]()}
            onChange={(raw) => changeSelect(field, raw)}
          />
        ))}
      </div>
      <fieldset className={styles.spectrum}>
        <legend className={formStyles.label}>{demographicsFieldLabels.politicalSpectrum}</legend>
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
