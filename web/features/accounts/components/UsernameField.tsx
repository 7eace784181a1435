import { TextField } from '../../../ui/Form.tsx';

/** The username field of the e-mail signup and of a new social account. */
export function UsernameField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Username"
      type="text"
      name="username"
      autoComplete="username"
      required
      minLength={3}
      maxLength={30}
      pattern="[A-Za-z0-9_\-]{3,30}"
      hint="Shown next to your comments: 3 to 30 letters, digits, _ or -."
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
