import { createHmac } from 'node:crypto';
import http from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

async function serve(handler: (url: URL) => { status: number; body: unknown }) {
  const server = http.createServer((request, response) => {
    const { status, body } = handler(new URL(request.url ?? '/', 'http://localhost'));
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Google's side for tests: a JWKS endpoint publishing a key the test signs ID tokens with, the
 * way Google's own keys sign them. `forge` signs with a different key under the same key id.
 */
export async function startGoogleStandIn(options: { clientId: string; issuer: string }) {
  const kid = 'test-key-1';
  const real = await generateKeyPair('RS256', { extractable: true });
  const impostor = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(real.publicKey)), kid, alg: 'RS256', use: 'sig' };
  let jwksRequests = 0;
  const server = await serve((url) => {
    if (url.pathname !== '/certs') return { status: 404, body: {} };
    jwksRequests += 1;
    return { status: 200, body: { keys: [publicJwk] } };
  });

  async function sign(claims: JWTPayload, key = real.privateKey) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: options.issuer,
      aud: options.clientId,
      iat: now,
      exp: now + 3600,
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(key);
  }

  return {
    jwksUrl: `${server.baseUrl}/certs`,
    get jwksRequests() {
      return jwksRequests;
    },
    /** An ID token as Google would issue it; `claims` override the defaults. */
    idToken: (claims: JWTPayload) => sign(claims),
    /** The same claims, signed by a key Google never published. */
    forge: (claims: JWTPayload) => sign(claims, impostor.privateKey),
    close: server.close,
  };
}

type FacebookToken = {
  userId: string;
  email?: string;
  /** Issued to another app. */
  appId?: string;
  isExpired?: boolean;
  isRevoked?: boolean;
};

/**
 * Facebook's Graph API for tests: `debug_token` (checked against the app's id|secret) and `me`
 * (checked against appsecret_proof), answering for the tokens the test registers.
 */
export async function startFacebookStandIn(options: { appId: string; appSecret: string }) {
  const tokens = new Map<string, FacebookToken>();
  const server = await serve((url) => {
    if (url.pathname === '/debug_token') {
      if (url.searchParams.get('access_token') !== `${options.appId}|${options.appSecret}`) {
        return {
          status: 400,
          body: { error: { message: 'Invalid OAuth access token', code: 190 } },
        };
      }
      const token = tokens.get(url.searchParams.get('input_token') ?? '');
      if (!token) {
        return {
          status: 200,
          body: { data: { is_valid: false, error: { code: 190, message: 'Invalid token' } } },
        };
      }
      const now = Math.floor(Date.now() / 1000);
      return {
        status: 200,
        body: {
          data: {
            app_id: token.appId ?? options.appId,
            type: 'USER',
            is_valid: !token.isExpired && !token.isRevoked,
            expires_at: token.isExpired ? now - 60 : now + 3600,
            user_id: token.userId,
            scopes: ['public_profile', 'email'],
            ...(token.isExpired
              ? { error: { code: 190, subcode: 463, message: 'Session has expired' } }
              : token.isRevoked
                ? { error: { code: 190, subcode: 460, message: 'Password changed' } }
                : {}),
          },
        },
      };
    }
    if (url.pathname === '/me') {
      const accessToken = url.searchParams.get('access_token') ?? '';
      const proof = createHmac('sha256', options.appSecret).update(accessToken).digest('hex');
      const token = tokens.get(accessToken);
      if (!token || url.searchParams.get('appsecret_proof') !== proof) {
        return { status: 400, body: { error: { message: 'Invalid appsecret_proof', code: 100 } } };
      }
      return {
        status: 200,
        body: { id: token.userId, ...(token.email ? { email: token.email } : {}) },
      };
    }
    return { status: 404, body: {} };
  });
  return {
    graphUrl: server.baseUrl,
    /** Registers a token the stand-in will vouch for. */
    issue(token: string, details: FacebookToken) {
      tokens.set(token, details);
      return token;
    },
    close: server.close,
  };
}
