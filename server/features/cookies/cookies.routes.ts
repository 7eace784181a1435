import type { FastifyInstance } from 'fastify';
import { logCookieChoice } from '../../../contract/cookies.ts';
import { registerCall } from '../../http.ts';

/**
 * The cookie banner's choice is kept in the browser (CookieConsent); the server only logs it, as
 * evidence of consent, without the visitor's IP address.
 */
export function registerCookieRoutes(app: FastifyInstance) {
  registerCall(app, logCookieChoice, async ({ loadThirdParty, version, url }, request) => {
    request.log.info(
      {
        cookieChoice: { loadThirdParty, version, url: url.slice(0, 300) },
        userId: request.user?.id ?? null,
      },
      'cookie choice',
    );
    return {};
  });
}
