import { Button } from '../../../ui/Button.tsx';
import styles from './LoginSignupPanel.module.css';
import type { ChoiceProps } from './panel-modes.ts';
import { SocialButtons } from './SocialButtons.tsx';

function Benefits() {
  return (
    <ul className={styles.benefits}>
      <li>Vote on opinions and see how others voted</li>
      <li>Argue for and against, and collect good points</li>
      <li>Discover your Opinion DNA</li>
    </ul>
  );
}

export function LoginChoice({ setMode, onNewSocialUser }: ChoiceProps) {
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

export function SignupChoice({ setMode, onNewSocialUser }: ChoiceProps) {
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
