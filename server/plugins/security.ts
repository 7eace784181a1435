import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { sendFailure } from './errors.ts';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers with a Content-Security-Policy, and the CSRF defence of DESIGN.md §2: API
 * writes must be JSON (a form or a text/plain fetch cannot cross origins with that type without
 * a preflight), and a browser's Origin must be ours.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const isHttps = config.publicUrl.startsWith('https://');
  const providers = socialSignInSources(config);
  await app.register(helmet, {
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
    hsts: isHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  const allowedOrigins = new Set([new URL(config.publicUrl).origin]);
  app.addHook('onRequest', async (request, reply) => {
    if (!unsafeMethods.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const ownOrigin = `${request.protocol}://${request.host}`;
      if (!allowedOrigins.has(origin) && origin !== ownOrigin) {
        return sendFailure(reply, 403, 'Cross-site requests are not allowed');
      }
    }
    if (request.url.startsWith('/api/')) {
      const contentType = (request.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      if (contentType !== 'application/json') {
        return sendFailure(
          reply,
          415,
          'Requests must be sent as JSON (Content-Type: application/json)',
        );
      }
    }
  });
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
