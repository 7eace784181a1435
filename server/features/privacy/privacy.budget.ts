import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http.ts';
import { epsilonToMicro } from './privacy.sampler.ts';

/*
 * The privacy budget (docs/decisions/082-differentially-private-staff-figures.md). Every noisy
 * answer spends ε from its staff member's budget of the UTC day; by sequential composition the
 * day's answers together are (spent)-differentially private for every member. Spending is
 * counted in the database, in integer millionths of ε, under a row lock held from the check to the
 * stored answer: it holds across processes and restarts, and concurrent questions queue on the
 * lock instead of overspending. The same question on the same day gets its stored answer again,
 * free, so asking again averages no noise away.
 */

export type PrivacyOptions = {
  /** ε one answer spends. */
  epsilon: number;
  /** ε a staff member may spend per UTC day. */
  dailyBudget: number;
};

/** What staff answers carry: ε spent today, the day's limit and when it renews (midnight UTC). */
export type Budget = { Spent: number; Limit: number; RenewsAt: string };

/** A question: the call and everything that decides its figures, normalised by the caller. */
export type Question = { call: string; key: unknown };

export function questionHash(question: Question): string {
  return createHash('sha256')
    .update(JSON.stringify([question.call, question.key]))
    .digest('hex');
}

const fromMicro = (micro: bigint) => Number(micro) / 1_000_000;

function budgetOf(spent: bigint, limit: bigint, renewsAt: Date): Budget {
  return { Spent: fromMicro(spent), Limit: fromMicro(limit), RenewsAt: renewsAt.toISOString() };
}

/** The database's UTC day and the seconds left until it ends (docs/decisions/057: its clock). */
async function today(db: Db) {
  const result = await sql<{ day: string; secondsLeft: number }>`
    select (now() at time zone 'utc')::date::text as day,
      ceil(extract(epoch from ((now() at time zone 'utc')::date + 1) - (now() at time zone 'utc')))::int
        as seconds_left`.execute(db);
  const row = result.rows[0]!;
  const renewsAt = new Date(`${row.day}T00:00:00.000Z`);
  renewsAt.setUTCDate(renewsAt.getUTCDate() + 1);
  return { day: row.day, secondsLeft: Math.max(1, Number(row.secondsLeft)), renewsAt };
}

/** 429 with Retry-After: the budget is spent until midnight UTC (docs/decisions/002's envelope). */
export function budgetSpent(budget: Budget, secondsLeft: number): HttpError {
  return new HttpError(
    429,
    `Your privacy budget for today is spent (ε ${budget.Spent} of ${budget.Limit}): every answer ` +
      `to staff adds noise and spends part of it, so that together they cannot single out a member. ` +
      `It renews at ${budget.RenewsAt} (midnight UTC); questions already answered today can be ` +
      `asked again meanwhile.`,
    { 'Retry-After': String(secondsLeft) },
  );
}

/**
 * Answers `question` for staff member `staffId`: the stored answer when they asked it today
 * (no cost), else `compute(trx, εmicro)`, its noisy figures drawn with that ε, stored and paid
 * for in one transaction. Throws 429 when the day's budget cannot pay for it.
 */
export async function answerPrivately<T>(
  db: Db,
  staffId: number,
  question: Question,
  options: PrivacyOptions,
  compute: (trx: Db, epsilonMicro: bigint) => Promise<T>,
): Promise<{ answer: T; budget: Budget; isRepeat: boolean }> {
  const epsilonMicro = epsilonToMicro(options.epsilon);
  const limitMicro = epsilonToMicro(options.dailyBudget);
  const hash = questionHash(question);
  const run = async (trx: Db) => {
    const { day, secondsLeft, renewsAt } = await today(trx);
    await trx
      .insertInto('privacySpending')
      .values({ staffId, day, spentMicro: 0 })
      .onConflict((conflict) => conflict.columns(['staffId', 'day']).doNothing())
      .execute();
    // Held until commit: this staff member's other questions wait here, in every process.
    const row = await trx
      .selectFrom('privacySpending')
      .select('spentMicro')
      .where('staffId', '=', staffId)
      .where('day', '=', day)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const spent = BigInt(row.spentMicro);
    const stored = await trx
      .selectFrom('privacyAnswers')
      .select('answer')
      .where('staffId', '=', staffId)
      .where('day', '=', day)
      .where('question', '=', hash)
      .executeTakeFirst();
    if (stored) {
      const answer = (
        typeof stored.answer === 'string' ? JSON.parse(stored.answer) : stored.answer
      ) as T;
      return { answer, budget: budgetOf(spent, limitMicro, renewsAt), isRepeat: true };
    }
    if (spent + epsilonMicro > limitMicro) {
      throw budgetSpent(budgetOf(spent, limitMicro, renewsAt), secondsLeft);
    }
    const answer = await compute(trx, epsilonMicro);
    const after = spent + epsilonMicro;
    await trx
      .insertInto('privacyAnswers')
      .values({ staffId, day, question: hash, answer: JSON.stringify(answer) })
      .execute();
    await trx
      .updateTable('privacySpending')
      .set({ spentMicro: after.toString() })
      .where('staffId', '=', staffId)
      .where('day', '=', day)
      .execute();
    // Past days' answers are no longer given again: they go as the member asks on a new day.
    await trx
      .deleteFrom('privacyAnswers')
      .where('staffId', '=', staffId)
      .where('day', '<', day)
      .execute();
    return { answer, budget: budgetOf(after, limitMicro, renewsAt), isRepeat: false };
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** The staff member's budget today, without asking anything. */
export async function currentBudget(db: Db, staffId: number, options: PrivacyOptions) {
  const { day, renewsAt } = await today(db);
  const row = await db
    .selectFrom('privacySpending')
    .select('spentMicro')
    .where('staffId', '=', staffId)
    .where('day', '=', day)
    .executeTakeFirst();
  return budgetOf(BigInt(row?.spentMicro ?? 0), epsilonToMicro(options.dailyBudget), renewsAt);
}
