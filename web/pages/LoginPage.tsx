import { usePageTitle } from '../hooks/use-page-title.ts';
import { AuthPage } from './AuthPage.tsx';

/** login, `/login`. */
export default function LoginPage() {
  usePageTitle('login');
  return <AuthPage startPage="login" />;
}
