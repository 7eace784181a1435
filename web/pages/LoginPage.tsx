import { privateHead } from '../features/session/member-route.ts';
import type { RouteHandle } from '../routing/route-handle.ts';
import { AuthPage, redirectMember } from './AuthPage.tsx';

export const handle: RouteHandle = { head: privateHead('login'), redirect: redirectMember };

/** login, `/login`. */
export default function LoginPage() {
  return <AuthPage startPage="login" />;
}
