/*
 * The login and signup panel's modes and what its screens share. Each screen is a component of
 * its own file; LoginSignupPanel.tsx switches between them.
 */

/** The panel's modes (docs/product/screens.md#login-and-signup-panel). */
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

/** A verified social sign-in waiting for its username (after Status no_user). */
export type PendingSocial =
  | { provider: 'google'; idToken: string }
  | { provider: 'facebook'; accessToken: string; email: string };

export type ModeProps = { setMode: (mode: PanelMode) => void };
export type EmailProps = ModeProps & { email: string; setEmail: (email: string) => void };
export type ChoiceProps = ModeProps & { onNewSocialUser: (social: PendingSocial) => void };
