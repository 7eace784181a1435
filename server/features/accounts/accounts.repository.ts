import type { Db } from '../../db/database.ts';
import type { NewUser, UserRow } from '../../db/schema.ts';

export type SocialProvider = 'google' | 'facebook';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserById(db: Db, id: number): Promise<UserRow> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .where('erasedAt', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.updateTable('users').set({ passwordHash }).where('id', '=', userId).execute();
}

export async function updateExternalId(db: Db, userId: number, externalId: string) {
  await db.updateTable('users').set({ externalId }).where('id', '=', userId).execute();
}

export async function insertPendingSignup(
  db: Db,
  signup: {
    tokenHash: string;
    email: string;
    username: string;
    passwordHash: string;
    codeHash: string | null;
    expiresAt: Date;
  },
) {
  await db.insertInto('pendingSignups').values(signup).execute();
}

export async function findPendingSignup(db: Db, tokenHash: string) {
  return db
    .selectFrom('pendingSignups')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Spends one try of a live pending signup and returns it, or nothing when it has expired or its
 * tries are used up. Counting before comparing, in one statement, means parallel guesses cannot
 * get more tries than allowed.
 */
export async function spendSignupAttempt(
  db: Db,
  tokenHash: string,
  now: Date,
  maximumAttempts: number,
) {
  return db
    .updateTable('pendingSignups')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('tokenHash', '=', tokenHash)
    .where('expiresAt', '>', now)
    .where('attempts', '<', maximumAttempts)
    .returningAll()
    .executeTakeFirst();
}

export async function deletePendingSignup(db: Db, tokenHash: string) {
  await db.deleteFrom('pendingSignups').where('tokenHash', '=', tokenHash).execute();
}

export async function deleteStalePendingSignups(db: Db, before: Date) {
  await db.deleteFrom('pendingSignups').where('expiresAt', '<', before).execute();
}

export async function setPendingExternalId(
  db: Db,
  tokenHash: string,
  email: string,
  externalId: string,
) {
  await db
    .updateTable('pendingSignups')
    .set({ externalId })
    .where('tokenHash', '=', tokenHash)
    .where('email', '=', email)
    .execute();
}

export async function insertResetToken(
  db: Db,
  token: { tokenHash: string; userId: number; expiresAt: Date },
) {
  await db.insertInto('passwordResetTokens').values(token).execute();
}

export async function findResetToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('passwordResetTokens')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a live, unused reset token as used and returns its member; nothing if it cannot be. */
export async function spendResetToken(db: Db, tokenHash: string, now: Date) {
  const row = await db
    .updateTable('passwordResetTokens')
    .set({ usedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning('userId')
    .executeTakeFirst();
  return row?.userId;
}

/** Spends every other outstanding reset token of the member: a new password retires old links. */
export async function retireResetTokens(db: Db, userId: number, now: Date) {
  await db
    .updateTable('passwordResetTokens')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .execute();
}

export async function findUserByIdentity(
  db: Db,
  provider: SocialProvider,
  subject: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('externalIdentities')
    .innerJoin('users', 'users.id', 'externalIdentities.userId')
    .selectAll('users')
    .where('externalIdentities.provider', '=', provider)
    .where('externalIdentities.subject', '=', subject)
    .executeTakeFirst();
}

export async function insertIdentity(
  db: Db,
  identity: { provider: SocialProvider; subject: string; userId: number; email: string | null },
) {
  await db
    .insertInto('externalIdentities')
    .values(identity)
    .onConflict((conflict) => conflict.columns(['provider', 'subject']).doNothing())
    .execute();
}

/** Whether the member has signed in from any of these places (hashes) since `since`. */
export async function hasKnownPlace(
  db: Db,
  userId: number,
  placeHashes: string[],
  since: Date,
): Promise<boolean> {
  if (placeHashes.length === 0) return false;
  const row = await db
    .selectFrom('knownSignInPlaces')
    .select('userId')
    .where('userId', '=', userId)
    .where('placeHash', 'in', placeHashes)
    .where('lastSeenAt', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** Remembers where the member just signed in, and forgets places unused since `staleBefore`. */
export async function rememberPlaces(
  db: Db,
  userId: number,
  placeHashes: string[],
  now: Date,
  staleBefore: Date,
) {
  await db
    .insertInto('knownSignInPlaces')
    .values(placeHashes.map((placeHash) => ({ userId, placeHash, lastSeenAt: now })))
    .onConflict((conflict) =>
      conflict.columns(['userId', 'placeHash']).doUpdateSet({ lastSeenAt: now }),
    )
    .execute();
  await db
    .deleteFrom('knownSignInPlaces')
    .where('userId', '=', userId)
    .where('lastSeenAt', '<', staleBefore)
    .execute();
}

export async function insertLoginCode(
  db: Db,
  code: { tokenHash: string; email: string; codeHash: string; expiresAt: Date },
) {
  await db.insertInto('loginCodes').values(code).execute();
}

export async function deleteLoginCode(db: Db, tokenHash: string) {
  await db.deleteFrom('loginCodes').where('tokenHash', '=', tokenHash).execute();
}

export async function deleteStaleLoginCodes(db: Db, before: Date) {
  await db.deleteFrom('loginCodes').where('expiresAt', '<', before).execute();
}

export async function findLoginCode(db: Db, tokenHash: string) {
  return db
    .selectFrom('loginCodes')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** Spends one try of a live login code and returns it (like `spendSignupAttempt`). */
export async function spendLoginCodeAttempt(
  db: Db,
  tokenHash: string,
  now: Date,
  maximumAttempts: number,
) {
  return db
    .updateTable('loginCodes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('tokenHash', '=', tokenHash)
    .where('expiresAt', '>', now)
    .where('attempts', '<', maximumAttempts)
    .returningAll()
    .executeTakeFirst();
}
