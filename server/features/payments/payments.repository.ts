import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SubscriptionStatus } from '../../../contract/payments.base.ts';

/*
 * The payments tables (migration 20261126T1100, docs/decisions/049). Every write that applies
 * Stripe's word runs inside the caller's transaction, on the customer row it locked first.
 */

export async function findCustomerOfMember(db: Db, userId: number) {
  return db
    .selectFrom('stripeCustomers')
    .selectAll()
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Links a member to a Stripe customer unless they already have one; the row that holds. */
export async function insertCustomer(db: Db, userId: number, customerId: string) {
  await db
    .insertInto('stripeCustomers')
    .values({ userId, customerId })
    .onConflict((conflict) => conflict.column('userId').doNothing())
    .execute();
  return db
    .selectFrom('stripeCustomers')
    .selectAll()
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The customer's row with the member's status, locked until the transaction ends. */
export async function lockCustomer(trx: Db, customerId: string) {
  return trx
    .selectFrom('stripeCustomers')
    .innerJoin('users', 'users.id', 'stripeCustomers.userId')
    .select([
      'stripeCustomers.userId',
      'stripeCustomers.customerId',
      'stripeCustomers.subscriptionId',
      'stripeCustomers.statusAsOf',
      'users.subscriptionStatus',
    ])
    .where('stripeCustomers.customerId', '=', customerId)
    .forUpdate('stripeCustomers')
    .executeTakeFirst();
}

/**
 * Claims an event id: true for the first delivery. A concurrent duplicate waits on the key until
 * the first one's transaction ends, then finds it taken.
 */
export async function claimEvent(trx: Db, eventId: string, type: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('stripeEvents')
    .values({ eventId, type, outcome: 'claimed' })
    .onConflict((conflict) => conflict.column('eventId').doNothing())
    .returning('eventId')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function recordEventOutcome(
  trx: Db,
  eventId: string,
  outcome: string,
  userId: number | null,
) {
  await trx
    .updateTable('stripeEvents')
    .set({ outcome, userId })
    .where('eventId', '=', eventId)
    .execute();
}

/** Records a paid checkout session once: true when this call was the first. */
export async function insertFulfilment(
  trx: Db,
  fulfilment: {
    checkoutSessionId: string;
    userId: number;
    subscriptionId: string | null;
    source: 'webhook' | 'return';
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('stripeFulfilments')
    .values(fulfilment)
    .onConflict((conflict) => conflict.column('checkoutSessionId').doNothing())
    .returning('checkoutSessionId')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Writes a subscription's state for a member whose customer row the transaction holds. */
export async function updateSubscription(
  trx: Db,
  userId: number,
  state: {
    subscriptionId: string;
    status: SubscriptionStatus;
    statusAsOf: Date;
    currentPeriodEnd: Date | null;
    cancelAtPeriodEnd: boolean;
  },
) {
  await trx
    .updateTable('stripeCustomers')
    .set({
      subscriptionId: state.subscriptionId,
      statusAsOf: state.statusAsOf,
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      updatedAt: sql<Date>`now()`,
    })
    .where('userId', '=', userId)
    .execute();
  // Only a real change touches users: every write there is a change note for the members cache.
  await trx
    .updateTable('users')
    .set({ subscriptionStatus: state.status })
    .where('id', '=', userId)
    .where('subscriptionStatus', '<>', state.status)
    .execute();
}

export async function readSubscriptionStatus(db: Db, userId: number): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('subscriptionStatus')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.subscriptionStatus;
}
