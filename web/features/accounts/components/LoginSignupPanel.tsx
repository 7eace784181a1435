import { useState } from 'react';
import {
  requestLoginCode,
  requestPasswordReset,
  verifyLoginCode,
  verifySignupCode,
} from '../../../../contract/accounts.base.ts';
import { callApi } from '../../../api/client.ts';
import { Button } from '../../../ui/Button.tsx';
import { LoginChoice, SignupChoice } from './ChoiceScreens.tsx';
import { EmailOnlyForm, EmailedCodeForm } from './EmailedCodeForms.tsx';
import { LoginEmailForm } from './LoginEmailForm.tsx';
import styles from './LoginSignupPanel.module.css';
import { panelHeading, type PanelMode, type PendingSocial } from './panel-modes.ts';
import { SetPasswordForm } from './SetPasswordForm.tsx';
import { SignupEmailForm } from './SignupEmailForm.tsx';
import { SocialUsernameForm } from './SocialUsernameForm.tsx';

export { panelHeading, type PanelMode } from './panel-modes.ts';

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

const startModes: Record<LoginSignupPanelProps['startPage'], PanelMode> = {
  login: 'loginChoice',
  signup: 'signupChoice',
  setPassword: 'setPassword',
};

type EmailOnlyStep = {
  lead: string;
  submitLabel: string;
  send: (email: string) => Promise<unknown>;
  next: PanelMode;
};
type EmailedCodeStep = {
  purpose: string;
  submitLabel: string;
  verify: (code: string) => Promise<unknown>;
  back: PanelMode;
};

/** The steps that ask only for the e-mail address: what they send, and the step after. */
const emailOnlySteps = {
  loginCodeRequest: {
    lead: 'We will e-mail you a 6-digit code that logs you in, without your password.',
    submitLabel: 'E-mail me a code',
    send: (email: string) => callApi(requestLoginCode, { email }),
    next: 'loginCodeVerify',
  },
  resetRequest: {
    lead: 'We will e-mail you a link to set a new password.',
    submitLabel: 'Send reset link',
    send: (email: string) => callApi(requestPasswordReset, { email }),
    next: 'resetConfirmation',
  },
} satisfies Partial<Record<PanelMode, EmailOnlyStep>>;

/** The steps that take the 6-digit code from an e-mail, and the step to go back to. */
const emailedCodeSteps = {
  verifyCode: {
    purpose: 'finish signing up',
    submitLabel: 'Create my account',
    verify: (code: string) => callApi(verifySignupCode, { code }),
    back: 'signupEmail',
  },
  loginCodeVerify: {
    purpose: 'log in',
    submitLabel: 'Log in',
    verify: (code: string) => callApi(verifyLoginCode, { code }),
    back: 'loginCodeRequest',
  },
} satisfies Partial<Record<PanelMode, EmailedCodeStep>>;

function isStepOf<Steps extends object>(
  steps: Steps,
  mode: PanelMode,
): mode is PanelMode & keyof Steps {
  return Object.hasOwn(steps, mode);
}

/**
 * The login and signup panel (docs/product/screens.md#login-and-signup-panel): one screen per
 * mode, each in its own file; the panel holds the mode, the e-mail address the screens share
 * and a social sign-in waiting for its username.
 */
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

  function screen() {
    if (isStepOf(emailOnlySteps, mode)) {
      const step = emailOnlySteps[mode];
      return (
        <EmailOnlyForm
          key={mode}
          email={email}
          setEmail={setEmail}
          lead={step.lead}
          submitLabel={step.submitLabel}
          send={async (address) => {
            await step.send(address);
            setMode(step.next);
          }}
          back={{ label: 'Back to log in', onClick: () => setMode('loginEmail') }}
        />
      );
    }
    if (isStepOf(emailedCodeSteps, mode)) {
      const step = emailedCodeSteps[mode];
      return (
        <EmailedCodeForm
          key={mode}
          email={email}
          purpose={step.purpose}
          submitLabel={step.submitLabel}
          verify={(code) => step.verify(code).then(() => undefined)}
          back={{
            label: 'Use a different e-mail or get a new code',
            onClick: () => setMode(step.back),
          }}
        />
      );
    }
    switch (mode) {
      case 'loginChoice':
        return <LoginChoice setMode={setMode} onNewSocialUser={chooseUsername} />;
      case 'signupChoice':
        return <SignupChoice setMode={setMode} onNewSocialUser={chooseUsername} />;
      case 'loginEmail':
        return <LoginEmailForm email={email} setEmail={setEmail} setMode={setMode} />;
      case 'signupEmail':
        return <SignupEmailForm email={email} setEmail={setEmail} setMode={setMode} />;
      case 'socialUsername':
        return pendingSocial ? (
          <SocialUsernameForm social={pendingSocial} setMode={setMode} />
        ) : null;
      case 'setPassword':
        return <SetPasswordForm token={resetToken} />;
      case 'resetConfirmation':
        return (
          <>
            <p>
              If an account exists for <strong>{email}</strong>, we have sent it a link to set a new
              password. The link works once, within one hour.
            </p>
            <Button variant="secondary" onClick={() => setMode('loginEmail')}>
              Back to log in
            </Button>
          </>
        );
    }
  }

  return (
    <div className={styles.panel}>
      {Heading ? <Heading className={styles.heading}>{panelHeading(mode)}</Heading> : null}
      {reason ? <p className={styles.reason}>{reason}</p> : null}
      {screen()}
    </div>
  );
}
