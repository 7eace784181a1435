import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { sendFailure } from './errors.ts';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers with a Content-Security-Policy, and the CSRF defence of the wire format
 * (docs/product/calls.md#wire-format, docs/decisions/002-wire-format-and-errors.md): API
 * writes must be JSON (a form or a text/plain fetch cannot cross origins with that type without
 * a preflight), and a browser's Origin must be ours.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const isHttps = config.publicUrl.startsWith('https://');
  // Pages and API answers alike keep a browser on HTTPS.
  const hsts = isHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false;
  const providers = socialSignInSources(config);
  const headers = computeSecurityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...providers.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'", ...providers.styleSrc],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...providers.connectSrc],
        frameSrc: ["'self'", ...providers.frameSrc],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    // Google's sign-in popup reports back to its opener; same-origin would cut that link.
    crossOriginOpenerPolicy: {
      policy: providers.scriptSrc.length > 0 ? 'same-origin-allow-popups' : 'same-origin',
    },
    hsts,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const apiHeaders = computeSecurityHeaders(apiHeaderOptions(hsts));
  const allowedOrigins = new Set([new URL(config.publicUrl).origin]);
  // One synchronous hook for both: every request passes through it.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
    const refusal = unsafeMethods.has(request.method) ? refuseWrite(request, allowedOrigins) : null;
    if (refusal) {
      void sendFailure(reply, refusal.status, refusal.message);
      return;
    }
    done();
  });
}

/**
 * The headers of an API response (docs/decisions/090-api-security-headers.md): what keeps a JSON,
 * image, CSV or PDF answer from being run, framed, sniffed or read by another site, and nothing a
 * document needs (a page's policy, opener and origin-cluster isolation, legacy browsers' filters):
 * such an answer is never a page, and every header is written again on each of the API's responses.
 */
function apiHeaderOptions(hsts: HelmetOptions['hsts']): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    hsts,
    originAgentCluster: false,
    referrerPolicy: false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/** Why a write is refused (another site's Origin, or an API write that is not JSON), or null. */
function refuseWrite(
  request: FastifyRequest,
  allowedOrigins: ReadonlySet<string>,
): { status: number; message: string } | null {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (!allowedOrigins.has(origin) && origin !== ownOrigin) {
      return { status: 403, message: 'Cross-site requests are not allowed' };
    }
  }
  if (request.url.startsWith('/api/')) {
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType !== 'application/json') {
      return {
        status: 415,
        message: 'Requests must be sent as JSON (Content-Type: application/json)',
      };
    }
  }
  return null;
}

/**
 * The headers helmet sets for these options. They are the same on every response, so they are
 * worked out once at start-up: helmet applied per request parses the whole policy again each
 * time, which cost a tenth of a cached read's CPU (docs/decisions/023-performance-machinery.md#batching).
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => (failure = error),
  );
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * The hosts the Google and Facebook sign-in scripts load from and talk to, allowed only when that
 * provider is configured: a site without social sign-in runs no third-party script at all.
 */
function socialSignInSources(config: Config) {
  const sources = {
    scriptSrc: [] as string[],
    styleSrc: [] as string[],
    connectSrc: [] as string[],
    frameSrc: [] as string[],
  };
  if (config.google.clientId) {
    sources.scriptSrc.push('https://accounts.google.com/gsi/client');
    sources.styleSrc.push('https://accounts.google.com/gsi/style');
    sources.connectSrc.push('https://accounts.google.com/gsi/');
    sources.frameSrc.push('https://accounts.google.com/gsi/');
  }
  if (config.facebook.appId && config.facebook.appSecret) {
    sources.scriptSrc.push('https://connect.facebook.net');
    sources.connectSrc.push('https://graph.facebook.com', 'https://www.facebook.com');
    sources.frameSrc.push('https://www.facebook.com', 'https://web.facebook.com');
  }
  return sources;
}
