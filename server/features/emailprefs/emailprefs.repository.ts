import type { Db } from '../../db/database.ts';

const preferenceColumns = ['userId', 'allEmails', 'replies', 'token'] as const;

export async function findPreferences(db: Db, userId: number) {
  return db
    .selectFrom('emailPreferences')
    .select(preferenceColumns)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function findPreferencesByToken(db: Db, token: string) {
  return db
    .selectFrom('emailPreferences')
    .select(preferenceColumns)
    .where('token', '=', token)
    .executeTakeFirst();
}

/** The member's row, created with the defaults (everything on) and a fresh token when missing. */
export async function ensurePreferences(db: Db, userId: number, newToken: string) {
  await db
    .insertInto('emailPreferences')
    .values({ userId, token: newToken })
    .onConflict((conflict) => conflict.column('userId').doNothing())
    .execute();
  return db
    .selectFrom('emailPreferences')
    .select(preferenceColumns)
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function savePreferences(
  db: Db,
  userId: number,
  values: { allEmails: boolean; replies: boolean; newToken: string },
) {
  return db
    .insertInto('emailPreferences')
    .values({
      userId,
      allEmails: values.allEmails,
      replies: values.replies,
      token: values.newToken,
    })
    .onConflict((conflict) =>
      conflict.column('userId').doUpdateSet({
        allEmails: values.allEmails,
        replies: values.replies,
        updatedAt: new Date(),
      }),
    )
    .returning(preferenceColumns)
    .executeTakeFirstOrThrow();
}
