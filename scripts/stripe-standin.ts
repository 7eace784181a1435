import { startStripeStandIn } from '../server/test/stripe-standin.ts';

/*
 * `npm run stripe:standin`: a local Stripe for a full payments demo without network or account
 * (docs/decisions/049-payments-and-the-ebook.md). It prints the variables to start Stance with;
 * Pay on its checkout page completes the session and delivers signed webhooks to Stance.
 *
 *   STRIPE_STANDIN_PORT  where it listens (default 12111)
 *   PUBLIC_URL           where Stance runs (default http://localhost:3000): webhooks go there
 */

const port = Number(process.env.STRIPE_STANDIN_PORT ?? 12111);
const stanceUrl = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const standIn = await startStripeStandIn({
  port,
  secretKey: 'sk_test_standin',
  webhookSecret: 'whsec_standin',
  webhookUrl: `${stanceUrl}/api/stripe/webhook`,
  onDelivery: (delivery) =>
    console.log(
      delivery.status === 0
        ? `${delivery.type} ${delivery.eventId} not delivered: ${delivery.body}`
        : `${delivery.type} ${delivery.eventId} → ${delivery.status}`,
    ),
});

console.log(`Stripe stand-in listening on ${standIn.baseUrl}`);
console.log(`Webhooks go to ${standIn.webhookUrl}`);
console.log('Start Stance with:');
console.log(
  `  STRIPE_API_BASE=${standIn.baseUrl} STRIPE_SECRET_KEY=${standIn.secretKey} ` +
    `STRIPE_WEBHOOK_SECRET=${standIn.webhookSecret} npm start`,
);

function stop() {
  void standIn.close().then(() => process.exit(0));
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
