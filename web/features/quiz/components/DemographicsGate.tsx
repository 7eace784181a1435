import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { demographicsConsentText } from '../../../../contract/demographics.base.ts';
import type { Demographics } from '../../../../contract/demographics.ts';
import type { QuizGateField } from '../../../../contract/reports.ts';
import { ApiError } from '../../../api/client.ts';
import { Button } from '../../../ui/Button.tsx';
import { ErrorState } from '../../../ui/ErrorState.tsx';
import { ErrorBox, formStyles, submittingText, useFormSubmit } from '../../../ui/Form.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { useDemographics } from '../../people/api.ts';
import { DemographicsSelect } from '../../people/components/DemographicsSelect.tsx';
import {
  demographicsFieldLabels,
  demographicsOptions,
  preferNotToSayLabel,
  type DemographicsOption,
} from '../../people/demographics-options.ts';
import { useSaveGate } from '../api.ts';
import {
  emptyGateFields,
  gateFieldOfError,
  gateValueOf,
  initialGateValues,
  mergeGateAnswers,
  preferNotToSay,
  type GateValues,
} from '../gate.ts';
import styles from './DemographicsGate.module.css';

/**
 * A gate field's choices: the personal details page's, with 'Prefer not to say' first, an answer
 * that starts the quiz as well as any other.
 */
function gateOptions(field: QuizGateField): DemographicsOption[] {
  return [{ value: preferNotToSay, label: preferNotToSayLabel }, ...demographicsOptions[field]()];
}

function listOfLabels(fields: readonly QuizGateField[]): string {
  const labels = fields.map((field) => demographicsFieldLabels[field].toLowerCase());
  return labels.length === 1
    ? labels[0]!
    : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/**
 * The demographics gate (docs/product/screens.md#quiz-page): the quiz's fields before its
 * questions, the empty ones highlighted, and the consent. It saves through the personal details call with the member's
 * other details unchanged.
 */
export function DemographicsGate({ slug, gate }: { slug: string; gate: readonly QuizGateField[] }) {
  const current = useDemographics();
  if (current.isPending) return <Skeleton height={560} radius="16px" />;
  if (current.isError) return <ErrorState error={current.error} hasHomeLink={false} />;
  return (
    <GateForm
      slug={slug}
      gate={gate}
      current={current.data.Demographics}
      hasSaved={current.data.HasConsented}
    />
  );
}

function GateForm({
  slug,
  gate,
  current,
  hasSaved,
}: {
  slug: string;
  gate: readonly QuizGateField[];
  current: Demographics;
  /** The member saved their details before: what they left empty, they declined. */
  hasSaved: boolean;
}) {
  const [values, setValues] = useState<GateValues>(() =>
    initialGateValues(gate, current, hasSaved),
  );
  const [hasAgreed, setHasAgreed] = useState(false);
  const [hasTriedToSave, setHasTriedToSave] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<QuizGateField, string>>>({});
  const form = useFormSubmit();
  const { save } = useSaveGate(slug);
  const selects = useRef(new Map<QuizGateField, HTMLSelectElement>());
  const consentRef = useRef<HTMLInputElement>(null);
  const emptyFields = emptyGateFields(gate, values);
  const isConsentMissing = hasTriedToSave && !hasAgreed;

  function handleChange(field: QuizGateField, raw: string) {
    setValues((previous) => ({ ...previous, [field]: gateValueOf(field, raw) }));
    setServerErrors((previous) => ({ ...previous, [field]: undefined }));
    form.clearError();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setHasTriedToSave(true);
    if (emptyFields.length > 0) {
      form.setError(`Please answer the highlighted questions: ${listOfLabels(emptyFields)}.`);
      selects.current.get(emptyFields[0]!)?.focus();
      return;
    }
    if (!hasAgreed) {
      form.setError('Please tick the box to agree before you start the quiz.');
      consentRef.current?.focus();
      return;
    }
    void form.submit(async () => {
      try {
        await save({ ...mergeGateAnswers(current, values), consent: demographicsConsentText });
      } catch (error) {
        const field = error instanceof ApiError ? gateFieldOfError(gate, error.message) : null;
        if (field && error instanceof Error) {
          setServerErrors({ [field]: error.message });
          selects.current.get(field)?.focus();
        }
        throw error;
      }
    });
  }

  return (
    <section className={styles.gate} aria-labelledby="quiz-gate-heading">
      <h2 id="quiz-gate-heading" className={styles.heading}>
        A few details before you start
      </h2>
      <p className={styles.intro}>
        Your report compares you with members like you: by generation, country, education and
        politics. These answers are never shown with your name; choose “{preferNotToSayLabel}” for
        any you would rather keep to yourself. You can change them at any time in your{' '}
        <Link to="/settings/details">personal details</Link>.
      </p>
      <form className={formStyles.form} onSubmit={handleSubmit} noValidate>
        <div className={styles.fields}>
          {gate.map((field) => {
            const isEmpty = emptyFields.includes(field);
            const serverError = serverErrors[field];
            const label = demographicsFieldLabels[field];
            const note = serverError ? (
              <span className={styles.fieldError}>{serverError}</span>
            ) : isEmpty ? (
              <span className={hasTriedToSave ? styles.fieldError : styles.needed}>
                <svg className={styles.marker} viewBox="0 0 16 16" aria-hidden="true">
                  <circle cx="8" cy="8" r="7.5" fill="currentColor" />
                  <path className={styles.markerSign} d="M8 4v5" strokeWidth="2" />
                  <circle className={styles.markerSign} cx="8" cy="11.75" r="1.1" />
                </svg>
                {hasTriedToSave ? `Please choose your ${label.toLowerCase()}` : 'Not answered yet'}
              </span>
            ) : null;
            return (
              <DemographicsSelect
                key={field}
                label={label}
                value={values[field] ?? null}
                options={gateOptions(field)}
                emptyLabel="Choose…"
                note={note}
                isInvalid={Boolean(serverError) || (hasTriedToSave && isEmpty)}
                className={isEmpty || serverError ? styles.highlighted : styles.field}
                selectRef={(element) => {
                  if (element) selects.current.set(field, element);
                  else selects.current.delete(field);
                }}
                onChange={(raw) => handleChange(field, raw)}
              />
            );
          })}
        </div>
        <label
          className={[styles.consent, isConsentMissing ? styles.consentMissing : ''].join(' ')}
        >
          <input
            ref={consentRef}
            type="checkbox"
            checked={hasAgreed}
            required
            aria-invalid={isConsentMissing || undefined}
            onChange={(event) => {
              setHasAgreed(event.target.checked);
              form.clearError();
            }}
          />
          <span>
            {demographicsConsentText}
            <span className={styles.required}> (required)</span>
          </span>
        </label>
        <ErrorBox>{form.error}</ErrorBox>
        <div>
          <Button type="submit" variant="primary" size="large" disabled={form.isSubmitting}>
            {form.isSubmitting ? submittingText : 'Save and start the quiz'}
          </Button>
        </div>
      </form>
    </section>
  );
}
