import { usePageTitle } from '../hooks/use-page-title.ts';
import { AuthPage } from './AuthPage.tsx';

/** signup, `/signup`. */
export default function SignupPage() {
  usePageTitle('signup');
  return <AuthPage startPage="signup" />;
}
