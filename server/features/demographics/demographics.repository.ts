import type { Db } from '../../db/database.ts';
import type { Demographics } from '../../../contract/demographics.ts';

const demographicsColumns = [
  'gender',
  'birthYear',
  'nationality',
  'education',
  'maritalStatus',
  'householdIncome',
  'sexualOrientation',
  'religion',
  'politicalSpectrum',
  'numChildren',
  'consent',
] as const;

export async function findDemographics(db: Db, userId: number) {
  return db
    .selectFrom('demographics')
    .select(demographicsColumns)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** One row per member: saving replaces every field, so a field left empty is cleared. */
export async function upsertDemographics(
  db: Db,
  userId: number,
  values: Demographics & { consent: string },
) {
  const row = { ...values, updatedAt: new Date() };
  await db
    .insertInto('demographics')
    .values({ userId, ...row })
    .onConflict((conflict) => conflict.column('userId').doUpdateSet(row))
    .execute();
}
