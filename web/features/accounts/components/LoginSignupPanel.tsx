import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  facebookLogIn,
  facebookSignUp,
  googleLogIn,
  googleSignUp,
  logIn,
  requestLoginCode,
  requestPasswordReset,
  requestSignupCode,
  setNewPassword,
  signupExternalId,
  verifyLoginCode,
  verifySignupCode,
} from '../../../../contract/accounts.ts';
import { callApi } from '../../../api/client.ts';
import { Button } from '../../../ui/Button.tsx';
import {
  ErrorBox,
  TextField,
  formStyles,
  submittingText,
  useFormSubmit,
} from '../../../ui/Form.tsx';
import { useAccountsConfig } from '../api.ts';
import { EmailField, EmailOnlyForm, EmailedCodeForm } from './EmailedCodeForms.tsx';
import { referrerId } from '../referrer.ts';
import {
  logInWithFacebook,
  missingCredentialMessage,
  outcomeOfStatus,
  renderGoogleButton,
  type SocialProvider,
} from '../social.ts';
import styles from './LoginSignupPanel.module.css';

/** The panel's modes (SPEC.md §2). */
export type PanelMode =
  | 'loginChoice'
  | 'loginEmail'
  | 'signupChoice'
  | 'signupEmail'
  | 'verifyCode'
  | 'loginCodeRequest'
  | 'loginCodeVerify'
  | 'socialUsername'
  | 'setPassword'
  | 'resetRequest'
  | 'resetConfirmation';

type LoginSignupPanelProps = {
  startPage: 'login' | 'signup' | 'setPassword';
  /** Why the visitor is asked to log in (the login-required wrapper's reason). */
  reason?: string | undefined;
  /** The token of a password reset link (`setPassword`). */
  resetToken?: string;
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
  loginCodeRequest: 'Log in with a code',
  loginCodeVerify: 'Check your e-mail',
  socialUsername: 'Choose your username',
  setPassword: 'Set a new password',
  resetRequest: 'Reset your password',
  resetConfirmation: 'Check your inbox',
};

export function panelHeading(mode: PanelMode): string {
  return headings[mode];
}

const startModes: Record<LoginSignupPanelProps['startPage'], PanelMode> = {
  login: 'loginChoice',
  signup: 'signupChoice',
  setPassword: 'setPassword',
};

/** A verified social sign-in waiting for its username (after Status no_user). */
type PendingSocial =
  | { provider: 'google'; idToken: string }
  | { provider: 'facebook'; accessToken: string; email: string };

export function LoginSignupPanel({
  startPage,
  reason,
  resetToken = '',
  headingLevel,
  onModeChange,
}: LoginSignupPanelProps) {
  const [mode, setModeState] = useState<PanelMode>(startModes[startPage]);
  const [email, setEmail] = useState('');
  const [pendingSocial, setPendingSocial] = useState<PendingSocial | null>(null);
  function setMode(next: PanelMode) {
    setModeState(next);
    onModeChange?.(next);
  }
  function chooseUsername(social: PendingSocial) {
    setPendingSocial(social);
    setMode('socialUsername');
  }
  const Heading = headingLevel ?? null;

  return (
    <div className={styles.panel}>
      {Heading ? <Heading className={styles.heading}>{headings[mode]}</Heading> : null}
      {reason ? <p className={styles.reason}>{reason}</p> : null}
      {mode === 'loginChoice' ? (
        <LoginChoice setMode={setMode} onNewSocialUser={chooseUsername} />
      ) : null}
      {mode === 'signupChoice' ? (
        <SignupChoice setMode={setMode} onNewSocialUser={chooseUsername} />
      ) : null}
      {mode === 'loginEmail' ? (
        <LoginEmailForm email={email} setEmail={setEmail} setMode={setMode} />
      ) : null}
      {mode === 'signupEmail' ? (
        <SignupEmailForm email={email} setEmail={setEmail} setMode={setMode} />
      ) : null}
      {mode === 'verifyCode' ? (
        <EmailedCodeForm
          email={email}
          purpose="finish signing up"
          submitLabel="Create my account"
          verify={(code) => callApi(verifySignupCode, { code }).then(() => undefined)}
          back={{
            label: 'Use a different e-mail or get a new code',
            onClick: () => setMode('signupEmail'),
          }}
        />
      ) : null}
      {mode === 'loginCodeRequest' ? (
        <EmailOnlyForm
          email={email}
          setEmail={setEmail}
          lead="We will e-mail you a 6-digit code that logs you in, without your password."
          submitLabel="E-mail me a code"
          send={async (address) => {
            await callApi(requestLoginCode, { email: address });
            setMode('loginCodeVerify');
          }}
          back={{ label: 'Back to log in', onClick: () => setMode('loginEmail') }}
        />
      ) : null}
      {mode === 'loginCodeVerify' ? (
        <EmailedCodeForm
          email={email}
          purpose="log in"
          submitLabel="Log in"
          verify={(code) => callApi(verifyLoginCode, { code }).then(() => undefined)}
          back={{
            label: 'Use a different e-mail or get a new code',
            onClick: () => setMode('loginCodeRequest'),
          }}
        />
      ) : null}
      {mode === 'socialUsername' && pendingSocial ? (
        <SocialUsernameForm social={pendingSocial} setMode={setMode} />
      ) : null}
      {mode === 'setPassword' ? <SetPasswordForm token={resetToken} /> : null}
      {mode === 'resetRequest' ? (
        <EmailOnlyForm
          email={email}
          setEmail={setEmail}
          lead="We will e-mail you a link to set a new password."
          submitLabel="Send reset link"
          send={async (address) => {
            await callApi(requestPasswordReset, { email: address });
            setMode('resetConfirmation');
          }}
          back={{ label: 'Back to log in', onClick: () => setMode('loginEmail') }}
        />
      ) : null}
      {mode === 'resetConfirmation' ? (
        <>
          <p>
            If an account exists for <strong>{email}</strong>, we have sent it a link to set a new
            password. The link works once, within one hour.
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
type ChoiceProps = ModeProps & { onNewSocialUser: (social: PendingSocial) => void };

function reloadAfter(delayMs: number) {
  window.setTimeout(() => window.location.reload(), delayMs);
}

function Benefits() {
  return (
    <ul className={styles.benefits}>
      <li>Vote on opinions and see how others voted</li>
      <li>Argue for and against, and collect good points</li>
      <li>Discover your Opinion DNA</li>
    </ul>
  );
}

/**
 * The Google and Facebook buttons, each shown only when the server is configured for it. A
 * Status of logged_in reloads after 500 ms, no_user asks for a username, Facebook's expired
 * alerts and reloads, anything else is only logged (SPEC.md §4, §8).
 */
function SocialButtons({ onNewSocialUser }: { onNewSocialUser: ChoiceProps['onNewSocialUser'] }) {
  const config = useAccountsConfig();
  const form = useFormSubmit();
  const googleClientId = config.data?.GoogleClientID ?? '';
  const facebookAppId = config.data?.FacebookAppID ?? '';
  const googleSlot = useRef<HTMLDivElement>(null);
  const submitRef = useRef(form.submit);
  useEffect(() => {
    submitRef.current = form.submit;
  });

  function follow(status: string, provider: SocialProvider, social: PendingSocial) {
    const outcome = outcomeOfStatus(status, provider);
    if (outcome.kind === 'reload') reloadAfter(outcome.delayMs);
    else if (outcome.kind === 'chooseUsername') onNewSocialUser(social);
    else if (outcome.kind === 'alertAndReload') {
      window.alert(outcome.message);
      window.location.reload();
    } else console.info('Unknown social sign-in status', provider, status);
  }
  const followRef = useRef(follow);
  useEffect(() => {
    followRef.current = follow;
  });

  useEffect(() => {
    const slot = googleSlot.current;
    if (!googleClientId || !slot) return;
    renderGoogleButton(slot, googleClientId, (credential) => {
      if (!credential) {
        window.alert(missingCredentialMessage);
        return;
      }
      void submitRef.current(async () => {
        const answer = await callApi(googleLogIn, { idToken: credential });
        followRef.current(answer.Status, 'google', { provider: 'google', idToken: credential });
      });
    }).catch((error: unknown) => console.warn('Google sign-in is unavailable', error));
  }, [googleClientId]);

  function handleFacebook() {
    void form.submit(async () => {
      const login = await logInWithFacebook(facebookAppId);
      if (!login) return;
      const answer = await callApi(facebookLogIn, {
        access_token: login.accessToken,
        email: login.email,
      });
      follow(answer.Status, 'facebook', {
        provider: 'facebook',
        accessToken: login.accessToken,
        email: login.email,
      });
    });
  }

  if (!googleClientId && !facebookAppId) return null;
  return (
    <>
      {googleClientId ? <div ref={googleSlot} className={styles.googleSlot} /> : null}
      {facebookAppId ? (
        <Button
          variant="secondary"
          size="large"
          block
          onClick={handleFacebook}
          disabled={form.isSubmitting}
        >
          {form.isSubmitting ? submittingText : 'Continue with Facebook'}
        </Button>
      ) : null}
      <ErrorBox>{form.error}</ErrorBox>
      <p className={styles.divider}>
        <span>or</span>
      </p>
    </>
  );
}

function LoginChoice({ setMode, onNewSocialUser }: ChoiceProps) {
  return (
    <>
      <p className={styles.lead}>Welcome back. Pick up where you left off.</p>
      <SocialButtons onNewSocialUser={onNewSocialUser} />
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

function SignupChoice({ setMode, onNewSocialUser }: ChoiceProps) {
  return (
    <>
      <Benefits />
      <SocialButtons onNewSocialUser={onNewSocialUser} />
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
      <EmailField
        value={email}
        onChange={(value) => {
          setEmail(value);
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
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => setMode('loginCodeRequest')}
        >
          Log in with a code
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
      const rid = referrerId();
      if (rid) await callApi(signupExternalId, { email, rid }).catch(() => undefined);
      setMode('verifyCode');
    });
  }

  return (
    <form className={formStyles.form} onSubmit={handleSubmit}>
      <EmailField
        value={email}
        onChange={(value) => {
          setEmail(value);
          form.clearError();
        }}
      />
      <UsernameField
        value={username}
        onChange={(value) => {
          setUsername(value);
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
        maxLength={256}
        hint="At least 8 characters, and not a common password."
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

function UsernameField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
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

function SocialUsernameForm({ social, setMode }: ModeProps & { social: PendingSocial }) {
  const [username, setUsername] = useState('');
  const form = useFormSubmit();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit(async () => {
      const rid = referrerId();
      if (social.provider === 'google') {
        await callApi(googleSignUp, { idToken: social.idToken, username, rid });
      } else {
        await callApi(facebookSignUp, {
          access_token: social.accessToken,
          email: social.email,
          username,
          rid,
        });
      }
      window.location.reload();
    });
  }

  return (
    <form className={formStyles.form} onSubmit={handleSubmit}>
      <p className={styles.lead}>
        One last step: pick the name other members will see next to your votes and arguments.
      </p>
      <UsernameField
        value={username}
        onChange={(value) => {
          setUsername(value);
          form.clearError();
        }}
      />
      <ErrorBox>{form.error}</ErrorBox>
      <Button type="submit" variant="primary" size="large" block disabled={form.isSubmitting}>
        {form.isSubmitting ? submittingText : 'Create my account'}
      </Button>
      <div className={styles.row}>
        <button type="button" className={styles.linkButton} onClick={() => setMode('signupChoice')}>
          Back
        </button>
      </div>
    </form>
  );
}

function SetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const form = useFormSubmit();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit(async () => {
      await callApi(setNewPassword, { tokenValue: token, newPassword: password });
      // The link's page would only show a spent token again: land on the feed, logged in.
      window.location.assign('/');
    });
  }

  return (
    <form className={formStyles.form} onSubmit={handleSubmit}>
      <p className={styles.lead}>
        Choose a new password. Saving it logs you out everywhere else and logs you in here.
      </p>
      <TextField
        label="New password"
        type="password"
        name="newPassword"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={256}
        autoFocus
        hint="At least 8 characters, and not a common password."
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          form.clearError();
        }}
      />
      <ErrorBox>{form.error}</ErrorBox>
      <Button type="submit" variant="primary" size="large" block disabled={form.isSubmitting}>
        {form.isSubmitting ? submittingText : 'Save and log in'}
      </Button>
    </form>
  );
}
