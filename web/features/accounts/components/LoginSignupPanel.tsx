import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { callApi } from '../../../api/client.ts';
import {
  logIn,
  requestPasswordReset,
  requestSignupCode,
  verifySignupCode,
} from '../../../api/pending-calls.ts';
import { Button } from '../../../ui/Button.tsx';
import {
  ErrorBox,
  TextField,
  formStyles,
  submittingText,
  useFormSubmit,
} from '../../../ui/Form.tsx';
import styles from './LoginSignupPanel.module.css';

/** The panel's modes (SPEC.md §2); the social username step and new password live elsewhere. */
export type PanelMode =
  | 'loginChoice'
  | 'loginEmail'
  | 'signupChoice'
  | 'signupEmail'
  | 'verifyCode'
  | 'resetRequest'
  | 'resetConfirmation';

type LoginSignupPanelProps = {
  startPage: 'login' | 'signup';
  /** Why the visitor is asked to log in (the login-required wrapper's reason). */
  reason?: string | undefined;
  /** Headings are h2 in a modal (whose title is the h2) and h1 on the full page. */
  headingLevel?: 'h1' | 'h2';
  /** Called when the mode changes, so a modal can retitle itself. */
  onModeChange?: (mode: PanelMode) => void;
};

const headings: Record<PanelMode, string> = {
  loginChoice: 'Log in to Stance',
  loginEmail: 'Log in with e-mail',
  signupChoice: 'Join Stance',
  signupEmail: 'Sign up with e-mail',
  verifyCode: 'Check your e-mail',
  resetRequest: 'Reset your password',
  resetConfirmation: 'Check your inbox',
};

export function panelHeading(mode: PanelMode): string {
  return headings[mode];
}

export function LoginSignupPanel({
  startPage,
  reason,
  headingLevel,
  onModeChange,
}: LoginSignupPanelProps) {
  const [mode, setModeState] = useState<PanelMode>(
    startPage === 'login' ? 'loginChoice' : 'signupChoice',
  );
  const [email, setEmail] = useState('');
  function setMode(next: PanelMode) {
    setModeState(next);
    onModeChange?.(next);
  }
  const Heading = headingLevel ?? null;

  return (
    <div className={styles.panel}>
      {Heading ? <Heading className={styles.heading}>{headings[mode]}</Heading> : null}
      {reason ? <p className={styles.reason}>{reason}</p> : null}
      {mode === 'loginChoice' ? <LoginChoice setMode={setMode} /> : null}
      {mode === 'signupChoice' ? <SignupChoice setMode={setMode} /> : null}
      {mode === 'loginEmail' ? (
        <LoginEmailForm email={email} setEmail={setEmail} setMode={setMode} />
      ) : null}
      {mode === 'signupEmail' ? (
        <SignupEmailForm email={email} setEmail={setEmail} setMode={setMode} />
      ) : null}
      {mode === 'verifyCode' ? <VerifyCodeForm email={email} setMode={setMode} /> : null}
      {mode === 'resetRequest' ? (
        <ResetRequestForm email={email} setEmail={setEmail} setMode={setMode} />
      ) : null}
      {mode === 'resetConfirmation' ? (
        <>
          <p>
            If an account exists for <strong>{email}</strong>, we have sent it a link to set a new
            password. The link works once and expires soon.
          </p>
          <Button variant="secondary" onClick={() => setMode('loginEmail')}>
            Back to log in
          </Button>
        </>
      ) : null}
    </div>
  );
}

type ModeProps = { setMode: (mode: PanelMode) => void };
type EmailProps = ModeProps & { email: string; setEmail: (email: string) => void };

function Benefits() {
  return (
    <ul className={styles.benefits}>
      <li>Vote on opinions and see how others voted</li>
      <li>Argue for and against, and collect good points</li>
      <li>Discover your Opinion DNA</li>
    </ul>
  );
}

function LoginChoice({ setMode }: ModeProps) {
  return (
    <>
      <p className={styles.lead}>Welcome back. Pick up where you left off.</p>
      <Button variant="primary" size="large" block onClick={() => setMode('loginEmail')}>
        Continue with e-mail
      </Button>
      <p className={styles.switch}>
        New to Stance?{' '}
        <button type="button" className={styles.linkButton} onClick={() => setMode('signupChoice')}>
          Sign up
        </button>
      </p>
    </>
  );
}

function SignupChoice({ setMode }: ModeProps) {
  return (
    <>
      <Benefits />
      <Button variant="primary" size="large" block onClick={() => setMode('signupEmail')}>
        Sign up with e-mail
      </Button>
      <p className={styles.switch}>
        Already a member?{' '}
        <button type="button" className={styles.linkButton} onClick={() => setMode('loginChoice')}>
          Log in
        </button>
      </p>
    </>
  );
}

function LoginEmailForm({ email, setEmail, setMode }: EmailProps) {
  const [password, setPassword] = useState('');
  const form = useFormSubmit();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit(async () => {
      await callApi(logIn, { email, password });
      window.location.reload();
    });
  }

  return (
    <form className={formStyles.form} onSubmit={handleSubmit}>
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        required
        autoFocus
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          form.clearError();
        }}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          form.clearError();
        }}
      />
      <ErrorBox>{form.error}</ErrorBox>
      <Button type="submit" variant="primary" size="large" block disabled={form.isSubmitting}>
        {form.isSubmitting ? submittingText : 'Log in'}
      </Button>
      <div className={styles.row}>
        <button type="button" className={styles.linkButton} onClick={() => setMode('resetRequest')}>
          Forgot your password?
        </button>
        <button type="button" className={styles.linkButton} onClick={() => setMode('loginChoice')}>
          Back
        </button>
      </div>
    </form>
  );
}

function SignupEmailForm({ email, setEmail, setMode }: EmailProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const form = useFormSubmit();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit(async () => {
      await callApi(requestSignupCode, { email, username, password });
      setMode('verifyCode');
    });
  }

  return (
    <form className={formStyles.form} onSubmit={handleSubmit}>
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        required
        autoFocus
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          form.clearError();
        }}
      />
      <TextField
        label="Username"
        type="text"
        name="username"
        autoComplete="username"
        required
        hint="Shown next to your comments. Letters, numbers and underscores."
        value={username}
        onChange={(event) => {
          setUsername(event.target.value);
          form.clearError();
        }}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={8}
        hint="At least 8 characters."
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          form.clearError();
        }}
      />
      <ErrorBox>{form.error}</ErrorBox>
      <Button type="submit" variant="primary" size="large" block disabled={form.isSubmitting}>
        {form.isSubmitting ? submittingText : 'Send my code'}
      </Button>
      <p className={styles.switch}>
        By signing up you agree to the <Link to="/article/rules">rules</Link> and the{' '}
        <Link to="/privacy">privacy policy</Link>.{' '}
        <button type="button" className={styles.linkButton} onClick={() => setMode('signupChoice')}>
          Back
        </button>
      </p>
    </form>
  );
}

function VerifyCodeForm({ email, setMode }: ModeProps & { email: string }) {
  const [code, setCode] = useState('');
  const form = useFormSubmit();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit(async () => {
      await callApi(verifySignupCode, { code: code.trim() });
      window.location.reload();
    });
  }

  return (
    <form className={formStyles.form} onSubmit={handleSubmit}>
      <p className={styles.lead}>
        We sent a 6-digit code to <strong>{email}</strong>. Enter it to finish signing up.
      </p>
      <TextField
        label="Code"
        type="text"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        autoFocus
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          form.clearError();
        }}
      />
      <ErrorBox>{form.error}</ErrorBox>
      <Button type="submit" variant="primary" size="large" block disabled={form.isSubmitting}>
        {form.isSubmitting ? submittingText : 'Create my account'}
      </Button>
      <div className={styles.row}>
        <button type="button" className={styles.linkButton} onClick={() => setMode('signupEmail')}>
          Use a different e-mail
        </button>
      </div>
    </form>
  );
}

function ResetRequestForm({ email, setEmail, setMode }: EmailProps) {
  const form = useFormSubmit();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit(async () => {
      await callApi(requestPasswordReset, { email });
      setMode('resetConfirmation');
    });
  }

  return (
    <form className={formStyles.form} onSubmit={handleSubmit}>
      <p className={styles.lead}>We will e-mail you a link to set a new password.</p>
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        required
        autoFocus
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          form.clearError();
        }}
      />
      <ErrorBox>{form.error}</ErrorBox>
      <Button type="submit" variant="primary" size="large" block disabled={form.isSubmitting}>
        {form.isSubmitting ? submittingText : 'Send reset link'}
      </Button>
      <div className={styles.row}>
        <button type="button" className={styles.linkButton} onClick={() => setMode('loginEmail')}>
          Back to log in
        </button>
      </div>
    </form>
  );
}
