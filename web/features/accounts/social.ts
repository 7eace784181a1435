import type { SocialStatus } from '../../../contract/accounts.ts';

export type SocialProvider = 'google' | 'facebook';

export const providerNames: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
};

/** The page reloads this long after a social login succeeds (docs/product/constants.md#timing). */
export const socialReloadDelayMs = 500;

/** The identity widget answered without a credential (docs/product/errors.md#alerts). */
export const missingCredentialMessage = 'Login failed: no token ID found';

/** What the panel does with a social sign-in's Status (docs/product/behaviour.md). */
export type SocialOutcome =
  | { kind: 'reload'; delayMs: number }
  | { kind: 'chooseUsername' }
  | { kind: 'alertAndReload'; message: string }
  | { kind: 'ignore' };

export function outcomeOfStatus(
  status: SocialStatus | string,
  provider: SocialProvider,
): SocialOutcome {
  if (status === 'logged_in') return { kind: 'reload', delayMs: socialReloadDelayMs };
  if (status === 'no_user') return { kind: 'chooseUsername' };
  // Only Facebook's tokens are checked for expiry (docs/product/behaviour.md#social-sign-in).
  if (status === 'expired' && provider === 'facebook') {
    return { kind: 'alertAndReload', message: `Your ${providerNames.facebook} login expired` };
  }
  return { kind: 'ignore' };
}

const loadingScripts = new Map<string, Promise<void>>();

/** Loads a provider's script once; later calls share the first load. */
export function loadScript(src: string): Promise<void> {
  let loading = loadingScripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loadingScripts.delete(src);
        reject(new Error(`Could not load ${new URL(src).host}`));
      };
      document.head.append(script);
    });
    loadingScripts.set(src, loading);
  }
  return loading;
}

type GoogleIdentity = {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
        ux_mode?: 'popup' | 'redirect';
      }): void;
      renderButton(
        element: HTMLElement,
        options: { theme?: string; size?: string; text?: string; shape?: string; width?: number },
      ): void;
    };
  };
};

type FacebookSdk = {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(
    callback: (response: { authResponse?: { accessToken: string } | null }) => void,
    options: { scope: string },
  ): void;
  api(
    path: string,
    parameters: { fields: string },
    callback: (answer: { email?: string }) => void,
  ): void;
};

declare global {
  interface Window {
    google?: GoogleIdentity;
    FB?: FacebookSdk;
  }
}

/** Renders Google's own sign-in button into `element`; `onCredential` gets the ID token. */
export async function renderGoogleButton(
  element: HTMLElement,
  clientId: string,
  onCredential: (credential: string | undefined) => void,
): Promise<void> {
  await loadScript('https://accounts.google.com/gsi/client');
  const google = window.google;
  if (!google) throw new Error('Google sign-in did not load');
  google.accounts.id.initialize({
    client_id: clientId,
    callback: (response) => onCredential(response.credential),
    ux_mode: 'popup',
  });
  google.accounts.id.renderButton(element, {
    theme: 'outline',
    size: 'large',
    text: 'continue_with',
    shape: 'pill',
    width: Math.min(400, Math.max(200, element.clientWidth)),
  });
}

/**
 * Facebook's login popup with scope public_profile,email; resolves with the access token and
 * the e-mail Facebook shares (the server checks both with the Graph API), or null if cancelled.
 */
export async function logInWithFacebook(
  appId: string,
): Promise<{ accessToken: string; email: string } | null> {
  await loadScript('https://connect.facebook.net/en_US/sdk.js');
  const sdk = window.FB;
  if (!sdk) throw new Error('Facebook login did not load');
  sdk.init({ appId, version: 'v19.0', cookie: false, xfbml: false });
  const accessToken = await new Promise<string | null>((resolve) =>
    sdk.login((response) => resolve(response.authResponse?.accessToken ?? null), {
      scope: 'public_profile,email',
    }),
  );
  if (!accessToken) return null;
  const email = await new Promise<string>((resolve) =>
    sdk.api('/me', { fields: 'email' }, (answer) => resolve(answer.email ?? '')),
  );
  return { accessToken, email };
}
