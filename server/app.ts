import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { ReadableRequestLog } from './logger.ts';
import type { AppDeps } from './app-deps.ts';
import type { TrustProxy } from './config.ts';
import { registerAccountRoutes } from './features/accounts/accounts.routes.ts';
import { registerAnalyticsRoutes } from './features/analytics/analytics.routes.ts';
import { registerCommentRoutes } from './features/comments/comments.routes.ts';
import { registerCookieRoutes } from './features/cookies/cookies.routes.ts';
import { registerDemographicsRoutes } from './features/demographics/demographics.routes.ts';
import { registerEncyclopediaRoutes } from './features/encyclopedia/encyclopedia.routes.ts';
import { registerEmailPrefsRoutes } from './features/emailprefs/emailprefs.routes.ts';
import { registerFeedRoutes } from './features/feed/feed.routes.ts';
import { registerInsightRoutes } from './features/insights/insights.routes.ts';
import { registerMailRoutes } from './features/mail/mail.routes.ts';
import { registerSearchRoutes } from './features/search/search.routes.ts';
import { registerShareRoutes } from './features/shares/shares.routes.ts';
import { registerNotificationRoutes } from './features/notifications/notifications.routes.ts';
import { registerOpinionRoutes } from './features/opinions/opinions.routes.ts';
import { registerPaymentRoutes } from './features/payments/payments.routes.ts';
import { registerPeopleRoutes } from './features/people/people.routes.ts';
import { registerQuestionRoutes } from './features/questions/questions.routes.ts';
import { registerReportRoutes } from './features/reports/reports.routes.ts';
import { registerTopicRoutes } from './features/topics/topics.routes.ts';
import { registerUserRoutes } from './features/users/users.routes.ts';
import { registerMindsRoutes } from './features/minds/minds.routes.ts';
import { registerUserTagRoutes } from './features/usertags/usertags.routes.ts';
import { registerCompression } from './plugins/compression.ts';
import { restrictDevRoutesToLoopback } from './plugins/dev-only.ts';
import { registerHealthChecks } from './plugins/health.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerErrorHandling, sendFailure } from './plugins/errors.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerResponsesTogether } from './plugins/responses-together.ts';
import { resolvePrivacySecret } from './privacy-secret.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSession } from './plugins/session.ts';
import { registerWeb } from './plugins/web.ts';
import { setReadCacheTtl } from './read-cache.ts';
import { createResponseSerializerCompiler } from './serializer.ts';

export type RouteEntry = { method: string; url: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, for tools and tests that must cover them all. */
    routeTable: RouteEntry[];
  }
}

/** Largest request body accepted; larger ones get 413. */
export const bodyLimitBytes = 256 * 1024;

/**
 * How often Node looks for requests past their headers or request timeout. Its default, 30 s,
 * would let a slow request outlive REQUEST_TIMEOUT_MS by as much; a check walks only the
 * connections that are in the middle of a request.
 */
const timeoutCheckIntervalMs = 1000;

/**
 * Fastify's trustProxy for TRUST_PROXY (docs/decisions/035-http-edge-hardening.md). A hop count
 * is passed as a function: Fastify reads a bare number as "trust nobody", since it cannot tell
 * proxies from a client that sent as many forged hops; TRUST_PROXY=N is for a server only the
 * proxies can reach.
 */
function trustProxyOption(trustProxy: TrustProxy) {
  if (trustProxy === false) return false;
  if ('hops' in trustProxy) return (_address: string, hop: number) => hop < trustProxy.hops;
  return trustProxy.addresses;
}

export async function buildApp(
  given: AppDeps,
  options: { logger?: FastifyBaseLogger } = {},
): Promise<FastifyInstance> {
  // PRIVACY_SECRET, or the embedded default's file in DATA_DIR made on first start: resolved once,
  // here, so that every feature reads the same key from its config (docs/decisions/083).
  const deps: AppDeps = {
    ...given,
    config: { ...given.config, privacySecret: resolvePrivacySecret(given.config) },
  };
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // A readable log gets one line per request, not two entries of objects (server/logger.ts).
    ...(deps.config.logFormat === 'pretty' ? { logController: new ReadableRequestLog() } : {}),
    bodyLimit: bodyLimitBytes,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // Slow clients (a body sent a byte at a time) are cut off rather than held for ever.
    requestTimeout: deps.config.http.requestTimeoutMs,
    keepAliveTimeout: deps.config.http.keepAliveTimeoutMs,
    http: {
      requestTimeout: deps.config.http.requestTimeoutMs,
      headersTimeout: deps.config.http.headersTimeoutMs,
      connectionsCheckingInterval: timeoutCheckIntervalMs,
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    // The router's own refusals (a broken %-escape, an over-long parameter) come before any
    // handler; they leave in the wire format's shape too (docs/product/calls.md#wire-format).
    frameworkErrors: (error, _request, reply) => {
      const isTooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void sendFailure(
        reply,
        isTooLong ? 414 : 400,
        isTooLong ? 'The address is too long' : 'The address is not a valid URL',
      );
    },
  });
  app.server.maxConnections = deps.config.http.maxConnections;
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url });
    }
  });

  restrictDevRoutesToLoopback(app);

  setReadCacheTtl(deps.db, deps.config.readCacheMs);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    createResponseSerializerCompiler({ validate: !deps.config.isProduction }),
  );
  // Only JSON is a request body here: text/plain would let another site POST without preflight.
  app.removeContentTypeParser('text/plain');

  registerErrorHandling(app);
  registerResponsesTogether(app);
  await registerSecurity(app, deps.config);
  await registerCompression(app);
  await registerSession(app, deps.db, deps.config);
  registerRateLimit(app, deps.config, deps.db, deps.rateLimiter);
  registerHealthChecks(app, deps.db);
  registerMetrics(app, { db: deps.db, token: deps.config.metricsToken });

  registerUserRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerMailRoutes(app, deps);
  registerFeedRoutes(app, deps);
  registerTopicRoutes(app, deps);
  registerEncyclopediaRoutes(app, deps);
  registerOpinionRoutes(app, deps);
  registerSearchRoutes(app, deps);
  registerCookieRoutes(app);
  registerCommentRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  registerEmailPrefsRoutes(app, deps);
  registerPeopleRoutes(app, deps);
  registerDemographicsRoutes(app, deps);
  registerShareRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerPaymentRoutes(app, deps);
  registerQuestionRoutes(app, deps);
  registerInsightRoutes(app, deps);
  registerAnalyticsRoutes(app, deps);
  registerUserTagRoutes(app, deps);
  registerMindsRoutes(app, deps);

  await registerWeb(app, {
    db: deps.db,
    webDir: deps.webDir,
    isProduction: deps.config.isProduction,
    publicUrl: deps.config.publicUrl,
  });
  return app;
}
