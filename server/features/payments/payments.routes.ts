import type { FastifyInstance } from 'fastify';
import {
  createBillingPortalSession,
  createCheckoutSession,
  downloadEbook,
  ebookFileName,
  getCheckoutSession,
  getStripeConfig,
  getSubscription,
  resumeSubscription,
  stripeWebhook,
} from '../../../contract/payments.ts';
import type { AppDeps } from '../../app-deps.ts';
import { registerCall } from '../../http.ts';
import * as paymentsService from './payments.service.ts';

/** Stripe's events are small; this leaves room for an invoice with many lines. */
const webhookBodyLimit = 1024 * 1024;

export function registerPaymentRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const payments = paymentsService.createPayments(db, config);
  if (payments.stripe && !payments.webhookSecret) {
    app.log.warn('STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: webhooks are refused');
  }

  registerCall(app, getStripeConfig, async () => paymentsService.getStripeConfig(payments));
  registerCall(app, createCheckoutSession, async (input, request) =>
    paymentsService.createCheckoutSession(payments, request.user, input),
  );
  registerCall(app, getCheckoutSession, async ({ session_id }, request, reply) => {
    reply.header('cache-control', 'no-store');
    return paymentsService.confirmCheckoutSession(payments, request.user, session_id);
  });
  registerCall(app, getSubscription, async (_input, request, reply) => {
    reply.header('cache-control', 'no-store');
    return paymentsService.getSubscription(payments, request.user);
  });
  registerCall(app, resumeSubscription, async (_input, request, reply) => {
    reply.header('cache-control', 'no-store');
    return paymentsService.resumeSubscription(payments, request.user);
  });
  registerCall(app, createBillingPortalSession, async (_input, request) =>
    paymentsService.createBillingPortalSession(payments, request.user),
  );

  // The PDF, not a JSON call; a refusal is the wire format's error.
  app.get(downloadEbook.path, async (request, reply) => {
    const pdf = await paymentsService.getEbookFor(request.user);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${ebookFileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  // The signature covers Stripe's exact bytes, so this route alone reads the body unparsed.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(stripeWebhook.path, { bodyLimit: webhookBodyLimit }, async (request) => {
      const signature = request.headers['stripe-signature'];
      const answer = await paymentsService.handleWebhook(
        payments,
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      );
      if (!answer.duplicate) request.log.info({ outcome: answer.outcome }, 'stripe event');
      return answer;
    });
  });
}
