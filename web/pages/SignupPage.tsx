import { privateHead } from '../features/session/member-route.ts';
import type { RouteHandle } from '../routing/route-handle.ts';
import { AuthPage, redirectMember } from './AuthPage.tsx';

export const handle: RouteHandle = { head: privateHead('signup'), redirect: redirectMember };

/** signup, `/signup`. */
export default function SignupPage() {
  return <AuthPage startPage="signup" />;
}
