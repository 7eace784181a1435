import { createHmac } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http.ts';
import type { SocialProvider } from './accounts.repository.ts';

/** A person as a provider vouched for them. */
export type VerifiedIdentity = {
  provider: SocialProvider;
  /** The provider's stable id: Google's `sub`, Facebook's user id. */
  subject: string;
  /** Lower-cased; null when the provider gave none. */
  email: string | null;
  /** Only a verified e-mail may link to an existing account or be stored on a new one. */
  isEmailVerified: boolean;
};

const providerTimeoutMs = 5000;

const unavailable = (provider: string) =>
  new HttpError(503, `${provider} sign-in is unavailable right now; please try again shortly`);

/**
 * Google's identity widget hands the browser an ID token (a JWT). It proves who the person is
 * only after checking its signature against Google's published keys (the JWKS at
 * GOOGLE_JWKS_URL, cached and refetched on an unknown key id), that it was issued by Google for
 * this app (`iss`, `aud` = GOOGLE_CLIENT_ID) and that it has not expired.
 */
export function createGoogleVerifier(google: Config['google']) {
  const clientId = google.clientId;
  if (!clientId) return null;
  const keys = createRemoteJWKSet(new URL(google.jwksUrl), {
    timeoutDuration: providerTimeoutMs,
  });
  // Google writes its issuer with or without the scheme; both mean the same.
  const bareIssuer = google.issuer.replace(/^https:\/\//, '');
  const issuers = [...new Set([google.issuer, bareIssuer, `https://${bareIssuer}`])];

  return async function verifyGoogleIdToken(idToken: string): Promise<VerifiedIdentity> {
    try {
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: issuers,
        audience: clientId,
        algorithms: ['RS256', 'ES256'],
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : null;
      const isEmailVerified = payload.email_verified === true || payload.email_verified === 'true';
      return { provider: 'google', subject: String(payload.sub), email, isEmailVerified };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new HttpError(401, 'idToken: the Google sign-in has expired; please try again');
      }
      if (
        error instanceof joseErrors.JWKSTimeout ||
        error instanceof joseErrors.JWKSInvalid ||
        (error instanceof TypeError && !(error instanceof joseErrors.JOSEError))
      ) {
        throw unavailable('Google');
      }
      throw new HttpError(401, 'idToken: the Google sign-in could not be verified');
    }
  };
}

export type FacebookCheck = { status: 'valid'; identity: VerifiedIdentity } | { status: 'expired' };

type DebugTokenAnswer = {
  data?: {
    app_id?: string;
    is_valid?: boolean;
    user_id?: string;
    expires_at?: number;
    error?: { code?: number; subcode?: number };
  };
};

/**
 * Facebook's login hands the browser a user access token. The server asks the Graph API
 * (FACEBOOK_GRAPH_URL) whether the token is valid and was issued to this app (`debug_token`,
 * authenticated with the app's id and secret), then reads the person's id and e-mail with the
 * token itself. The e-mail the browser sends is never trusted. Facebook only returns an address
 * its owner has confirmed, so that e-mail counts as verified.
 */
export function createFacebookVerifier(facebook: Config['facebook']) {
  const { appId, appSecret, graphUrl } = facebook;
  if (!appId || !appSecret) return null;

  async function getJson(url: URL): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(providerTimeoutMs) });
    } catch {
      throw unavailable('Facebook');
    }
    if (response.status >= 500) throw unavailable('Facebook');
    return { status: response.status, body: await response.json().catch(() => null) };
  }

  return async function verifyFacebookToken(accessToken: string): Promise<FacebookCheck> {
    const invalid = new HttpError(401, 'access_token: the Facebook login could not be verified');
    const debugUrl = new URL(`${graphUrl}/debug_token`);
    debugUrl.searchParams.set('input_token', accessToken);
    debugUrl.searchParams.set('access_token', `${appId}|${appSecret}`);
    const debug = await getJson(debugUrl);
    const data = (debug.body as DebugTokenAnswer | null)?.data;
    if (debug.status !== 200 || !data) throw invalid;
    const hasExpired =
      (typeof data.expires_at === 'number' &&
        data.expires_at > 0 &&
        data.expires_at * 1000 <= Date.now()) ||
      (data.error?.code === 190 && data.error.subcode === 463);
    if (data.is_valid !== true) {
      if (hasExpired) return { status: 'expired' };
      throw invalid;
    }
    if (hasExpired) return { status: 'expired' };
    if (data.app_id !== appId || !data.user_id) throw invalid;

    const meUrl = new URL(`${graphUrl}/me`);
    meUrl.searchParams.set('fields', 'id,email');
    meUrl.searchParams.set('access_token', accessToken);
    // appsecret_proof binds the call to this app's secret, as Facebook recommends for servers.
    meUrl.searchParams.set(
      'appsecret_proof',
      createHmac('sha256', appSecret).update(accessToken).digest('hex'),
    );
    const me = await getJson(meUrl);
    const person = me.body as { id?: string; email?: string } | null;
    if (me.status !== 200 || !person || person.id !== data.user_id) throw invalid;
    const email = typeof person.email === 'string' ? person.email.trim().toLowerCase() : null;
    return {
      status: 'valid',
      identity: {
        provider: 'facebook',
        subject: person.id,
        email,
        isEmailVerified: email !== null,
      },
    };
  };
}
