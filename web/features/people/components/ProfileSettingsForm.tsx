import { useState, type FormEvent } from 'react';
import { profileTextLimits } from '../../../../contract/people.base.ts';
import type { Profile } from '../../../../contract/people.ts';
import { Button } from '../../../ui/Button.tsx';
import {
  ErrorBox,
  formStyles,
  submittingText,
  TextAreaField,
  TextField,
  useFormSubmit,
} from '../../../ui/Form.tsx';
import { formatCount } from '../../../ui/format.ts';
import { useSetProfile } from '../api.ts';

type Texts = { fullName: string; location: string; bio: string; expertise: string };

function textsOf(profile: Profile): Texts {
  return {
    fullName: profile.FullName,
    location: profile.Location,
    bio: profile.Bio,
    expertise: profile.Expertise,
  };
}

function countHint(value: string, limit: number): string {
  return `${formatCount(value.trim().length)} of ${formatCount(limit)} characters`;
}

/** The owner's profile texts: plain text, each within its limit (checked again by the server). */
export function ProfileSettingsForm({ profile }: { profile: Profile }) {
  const [texts, setTexts] = useState<Texts>(() => textsOf(profile));
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const form = useFormSubmit();
  const save = useSetProfile();

  function change(field: keyof Texts, value: string) {
    setTexts((current) => ({ ...current, [field]: value }));
    form.clearError();
    setSavedAt(null);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.submit(async () => {
      const answer = await save.mutateAsync(texts);
      // The server trims and tidies: show what it kept.
      setTexts(textsOf(answer.Profile));
      setSavedAt(Date.now());
    });
  }

  const isOverLimit = (Object.keys(texts) as (keyof Texts)[]).some(
    (field) => texts[field].trim().length > profileTextLimits[field],
  );

  return (
    <form className={formStyles.form} onSubmit={handleSubmit} noValidate>
      <TextField
        label="Full name"
        name="fullName"
        autoComplete="name"
        value={texts.fullName}
        maxLength={profileTextLimits.fullName + 20}
        aria-invalid={texts.fullName.trim().length > profileTextLimits.fullName}
        hint={countHint(texts.fullName, profileTextLimits.fullName)}
        onChange={(event) => change('fullName', event.target.value)}
      />
      <TextField
        label="Location"
        name="location"
        value={texts.location}
        maxLength={profileTextLimits.location + 20}
        aria-invalid={texts.location.trim().length > profileTextLimits.location}
        hint={countHint(texts.location, profileTextLimits.location)}
        onChange={(event) => change('location', event.target.value)}
      />
      <TextAreaField
        label="Bio"
        name="bio"
        rows={5}
        value={texts.bio}
        aria-invalid={texts.bio.trim().length > profileTextLimits.bio}
        hint={`${countHint(texts.bio, profileTextLimits.bio)}. Plain text; line breaks are kept.`}
        onChange={(event) => change('bio', event.target.value)}
      />
      <TextField
        label="Expertise"
        name="expertise"
        value={texts.expertise}
        maxLength={profileTextLimits.expertise + 20}
        aria-invalid={texts.expertise.trim().length > profileTextLimits.expertise}
        hint={countHint(texts.expertise, profileTextLimits.expertise)}
        onChange={(event) => change('expertise', event.target.value)}
      />
      <ErrorBox>{form.error}</ErrorBox>
      <div>
        <Button type="submit" variant="primary" disabled={form.isSubmitting || isOverLimit}>
          {form.isSubmitting ? submittingText : 'Save profile'}
        </Button>
      </div>
      <p role="status" style={{ color: 'var(--color-success)', fontWeight: 600 }}>
        {savedAt ? 'Your profile is saved.' : ''}
      </p>
    </form>
  );
}
