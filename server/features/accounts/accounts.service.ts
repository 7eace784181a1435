import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import type { SessionUser, UserRow } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { enqueueJob, type JobContext } from '../../jobs/queue.ts';
import { createPrivacyHasher, resolvePrivacySecret } from '../../privacy-secret.ts';
import { tooManyRequests, type RateLimiter, type RateRule } from '../../plugins/rate-limit.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import { startSession } from '../sessions/sessions.service.ts';
import { grantConfiguredStaffRights } from '../users/users.service.ts';
import { eraseAccount, hasRenewingSubscription } from '../users/users.service.ts';
import {
  accountLimits,
  deleteCodeLifetimeMs,
  knownPlaceLifetimeMs,
  loginCodeLifetimeMs,
  resetTokenLifetimeMs,
  signupCodeLifetimeMs,
  signupCodeMaximumTries,
} from './accounts.limits.ts';
import {
  alreadyRegisteredMail,
  deleteAccountCodeMail,
  loginCodeMail,
  noAccountForLoginCodeMail,
  passwordResetMail,
  signupCodeMail,
} from './accounts.mails.ts';
import {
  findPasswordProblem,
  hashPassword,
  needsRehash,
  verifyPassword,
} from './accounts.passwords.ts';
import * as accountsRepository from './accounts.repository.ts';
import type { VerifiedIdentity } from './accounts.social.ts';

export type AccountsContext = {
  db: Db;
  config: Config;
  limiter: RateLimiter;
};

/**
 * A session to put in the browser's cookie, and the browser's device token: a long-lived cookie
 * that marks this browser as one its member has signed in from.
 */
export type NewSession = { token: string; expiresAt: Date; deviceToken: string };

/** What the request knows about the browser: its address and the cookies it carried. */
export type Caller = {
  ip: string;
  /** SHA-256 of the session cookie's token, if any: replaced on login. */
  sessionTokenHash: string | null;
  user: SessionUser | null;
  /** The device cookie's token, if the browser has one. */
  deviceToken: string | null;
};

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function isSameHash(left: string, right: string): boolean {
  const a = Buffer.from(left, 'hex');
  const b = Buffer.from(right, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

async function limit(context: AccountsContext, rule: RateRule, key: string, alternative = '') {
  const decision = await context.limiter.consume(rule, key);
  if (!decision.isAllowed) throw tooManyRequests(decision, alternative);
}

/**
 * The places a browser signs in from, as stored: its address and its device cookie, each as a
 * keyed hash (PRIVACY_SECRET): a plain hash of an address is undone by hashing every address.
 */
function placesOf(context: AccountsContext, caller: Caller): string[] {
  const hashPlace = createPrivacyHasher(resolvePrivacySecret(context.config), 'sign-in-places');
  const places = [hashPlace(`address:${caller.ip}`)];
  if (caller.deviceToken) places.push(hashPlace(`device:${caller.deviceToken}`));
  return places;
}

/** The key of the per-account-and-address login limit. */
function accountAtAddress(email: string, caller: Caller): string {
  return `${email} ${caller.ip}`;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

// An e-mailed code (signup or login) is bound to the browser's cookie: its hash mixes in the
// cookie's token, so a leaked table does not even allow a brute force of the 10^6 codes.
function hashEmailedCode(cookieToken: string, code: string): string {
  return sha256(`${cookieToken}:${code}`);
}

/**
 * Logs the member in on this browser, remembers the browser and its address as places the
 * member signs in from, and writes ADMIN_EMAILS staff rights onto the row.
 */
async function logInMember(
  context: AccountsContext,
  user: SessionUser,
  caller: Caller,
  options: { endingAllOthers?: boolean } = {},
): Promise<NewSession> {
  await grantConfiguredStaffRights(context.db, user, context.config.adminEmails);
  const deviceToken = caller.deviceToken ?? randomBytes(16).toString('base64url');
  const now = new Date();
  await accountsRepository.rememberPlaces(
    context.db,
    user.id,
    placesOf(context, { ...caller, deviceToken }),
    now,
    new Date(now.getTime() - knownPlaceLifetimeMs),
  );
  if (user.email)
    await context.limiter.clear(
      accountLimits.loginPerAccountAndIp,
      accountAtAddress(user.email, caller),
    );
  const session = await startSession(context.db, user.id, {
    replacing: caller.sessionTokenHash,
    endingAllOthers: options.endingAllOthers ?? false,
  });
  return { ...session, deviceToken };
}

const tooManyTries = () =>
  new HttpError(400, 'code: too many wrong tries; please ask for a new code');

/**
 * Spends one try of an e-mailed code (signup or login) and says whether it was right. The try
 * is counted in the database before the code is compared, so parallel guesses get no more tries
 * than allowed; a wrong, expired or worn-out code gets a message saying which.
 */
async function spendCodeTry<T extends { attempts: number }>(
  code: {
    spend: () => Promise<T | undefined>;
    find: () => Promise<{ expiresAt: Date } | undefined>;
    isRight: (pending: T) => boolean;
    gone: () => HttpError;
  },
  now: Date,
): Promise<T> {
  const pending = await code.spend();
  if (!pending) {
    const dead = await code.find();
    if (!dead) throw code.gone();
    if (dead.expiresAt <= now) {
      throw new HttpError(400, 'code: this code has expired; please ask for a new one');
    }
    throw tooManyTries();
  }
  if (!code.isRight(pending)) {
    const triesLeft = signupCodeMaximumTries - pending.attempts;
    if (triesLeft <= 0) throw tooManyTries();
    throw new HttpError(
      400,
      `code: that code is not right; ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left`,
    );
  }
  return pending;
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

// ---------------------------------------------------------------------------------------------
// E-mail signup

/**
 * Step 1 of an e-mail signup: checks the fields, e-mails a 6-digit code and returns the token of
 * the signup cookie. An address that already has an account gets the same answer (and the same
 * work, timing included), but its owner receives a note instead of a code, and no code can
 * finish that pending signup.
 */
export async function requestSignupCode(
  context: AccountsContext,
  input: { email: string; username: string; password: string },
  caller: Caller & { signupToken: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  await limit(context, accountLimits.signupPerIp, caller.ip);
  const passwordProblem = findPasswordProblem(input.password);
  if (passwordProblem) throw new HttpError(400, passwordProblem);
  if (await accountsRepository.isUsernameTaken(context.db, input.username)) {
    throw new HttpError(400, 'username: that username is taken; please choose another');
  }
  await limit(context, accountLimits.signupPerEmail, input.email);

  const passwordHash = await hashPassword(input.password);
  const token = randomBytes(32).toString('base64url');
  const code = newCode();
  const now = Date.now();
  const expiresAt = new Date(now + signupCodeLifetimeMs);
  await inTransaction(context.db, async (trx) => {
    const existing = await accountsRepository.findUserByEmail(trx, input.email);
    if (caller.signupToken) {
      await accountsRepository.deletePendingSignup(trx, sha256(caller.signupToken));
    }
    await accountsRepository.deleteStalePendingSignups(trx, new Date(now - 86_400_000));
    await accountsRepository.insertPendingSignup(trx, {
      tokenHash: sha256(token),
      email: input.email,
      username: input.username,
      passwordHash,
      codeHash: existing ? null : hashEmailedCode(token, code),
      expiresAt,
    });
    await enqueueMail(
      trx,
      existing
        ? alreadyRegisteredMail(input.email, context.config.publicUrl)
        : signupCodeMail(input.email, input.username, code),
    );
  });
  return { token, expiresAt };
}

const signupGone = () =>
  new HttpError(
    400,
    'code: this sign-up has expired or was started in another browser; please sign up again',
  );

/** Step 2: the e-mailed code creates the account and logs it in. */
export async function verifySignupCode(
  context: AccountsContext,
  code: string,
  caller: Caller & { signupToken: string | null },
): Promise<NewSession> {
  await limit(context, accountLimits.codePerIp, caller.ip);
  if (!caller.signupToken) throw signupGone();
  const signupToken = caller.signupToken;
  const tokenHash = sha256(signupToken);
  const now = new Date();
  const pending = await spendCodeTry(
    {
      spend: () =>
        accountsRepository.spendSignupAttempt(context.db, tokenHash, now, signupCodeMaximumTries),
      find: () => accountsRepository.findPendingSignup(context.db, tokenHash),
      isRight: (signup) =>
        signup.codeHash !== null && isSameHash(signup.codeHash, hashEmailedCode(signupToken, code)),
      gone: signupGone,
    },
    now,
  );

  let user: UserRow;
  try {
    user = await inTransaction(context.db, async (trx) => {
      const created = await accountsRepository.insertUser(trx, {
        username: pending.username,
        email: pending.email,
        passwordHash: pending.passwordHash,
        externalId: pending.externalId,
        role: null,
      });
      await accountsRepository.deletePendingSignup(trx, tokenHash);
      return created;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Someone took the name (or the address, through a social sign-in) since the code was sent.
    if (await accountsRepository.isUsernameTaken(context.db, pending.username)) {
      throw new HttpError(
        409,
        'username: that username was taken in the meantime; please sign up again with another',
      );
    }
    throw new HttpError(409, 'email: this address already has an account; please log in');
  }
  return logInMember(context, user, caller);
}

/**
 * Remembers the referrer id for the account being made in this browser (or the logged-in
 * member's own). Any other address is ignored without a word: the call must not tell whether
 * an address has an account, nor let anyone change another member's id.
 */
export async function recordSignupExternalId(
  context: AccountsContext,
  input: { email: string; rid: string },
  caller: Caller & { signupToken: string | null },
): Promise<void> {
  if (caller.user && caller.user.email === input.email) {
    await accountsRepository.updateExternalId(context.db, caller.user.id, input.rid);
    return;
  }
  if (caller.signupToken) {
    await accountsRepository.setPendingExternalId(
      context.db,
      sha256(caller.signupToken),
      input.email,
      input.rid,
    );
  }
}

export async function setExternalId(context: AccountsContext, user: SessionUser, rid: string) {
  await accountsRepository.updateExternalId(context.db, user.id, rid);
}

// ---------------------------------------------------------------------------------------------
// Login

const wrongCredentials = () => new HttpError(401, 'The e-mail or password is not right');

/**
 * E-mail and password login. An unknown address, an account without a password and a wrong
 * password get the same status, message and work (a full argon2 verification), and all count
 * towards the same limits. Each attempt is counted before its password is verified
 * (docs/decisions/034-login-limits-that-hold.md): per address; per account and address; and,
 * from places the owner has not signed in from, per account, a looser ceiling that an attacker
 * spread over many addresses runs into while the owner at home does not.
 */
export async function logIn(
  context: AccountsContext,
  input: { email: string; password: string },
  caller: Caller,
): Promise<NewSession> {
  const orCode = 'log in with a code sent to your e-mail';
  await limit(context, accountLimits.loginPerIp, caller.ip);
  await limit(
    context,
    accountLimits.loginPerAccountAndIp,
    accountAtAddress(input.email, caller),
    orCode,
  );
  const user = await accountsRepository.findUserByEmail(context.db, input.email);
  const isKnownPlace =
    user !== undefined &&
    (await accountsRepository.hasKnownPlace(
      context.db,
      user.id,
      placesOf(context, caller),
      new Date(Date.now() - knownPlaceLifetimeMs),
    ));
  if (!isKnownPlace) {
    await limit(context, accountLimits.loginPerAccountFromNewPlaces, input.email, orCode);
  }

  const isRight = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !isRight) throw wrongCredentials();
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    await accountsRepository.updatePasswordHash(
      context.db,
      user.id,
      await hashPassword(input.password),
    );
  }
  return logInMember(context, user, caller);
}

// ---------------------------------------------------------------------------------------------
// Login by e-mailed code: the way in for an owner whom the password limits hold back

/**
 * Step 1: e-mails a 6-digit login code and returns the token of the login-code cookie. An address
 * without an account gets the same answer and work; its owner receives a note instead of a code.
 */
export async function requestLoginCode(
  context: AccountsContext,
  email: string,
  caller: Caller,
): Promise<{ token: string; expiresAt: Date }> {
  await limit(context, accountLimits.loginCodePerIp, caller.ip);
  await limit(context, accountLimits.loginCodePerEmail, email);
  const token = randomBytes(32).toString('base64url');
  const code = newCode();
  const now = Date.now();
  const expiresAt = new Date(now + loginCodeLifetimeMs);
  await inTransaction(context.db, async (trx) => {
    const user = await accountsRepository.findUserByEmail(trx, email);
    await accountsRepository.deleteStaleLoginCodes(trx, new Date(now - 86_400_000));
    await accountsRepository.insertLoginCode(trx, {
      tokenHash: sha256(token),
      email,
      codeHash: hashEmailedCode(token, code),
      expiresAt,
    });
    await enqueueMail(
      trx,
      user
        ? loginCodeMail(email, user.username, code)
        : noAccountForLoginCodeMail(email, context.config.publicUrl),
    );
  });
  return { token, expiresAt };
}

const loginCodeGone = () =>
  new HttpError(
    400,
    'code: this log-in code has expired or was asked for in another browser; please ask for a new one',
  );

/** Step 2: the e-mailed code logs the browser in. */
export async function verifyLoginCode(
  context: AccountsContext,
  code: string,
  caller: Caller & { loginCodeToken: string | null },
): Promise<NewSession> {
  await limit(context, accountLimits.codePerIp, caller.ip);
  const loginCodeToken = caller.loginCodeToken;
  if (!loginCodeToken) throw loginCodeGone();
  const tokenHash = sha256(loginCodeToken);
  const pending = await spendCodeTry(
    {
      spend: () =>
        accountsRepository.spendLoginCodeAttempt(
          context.db,
          tokenHash,
          new Date(),
          signupCodeMaximumTries,
        ),
      find: () => accountsRepository.findLoginCode(context.db, tokenHash),
      isRight: (login) => isSameHash(login.codeHash, hashEmailedCode(loginCodeToken, code)),
      gone: loginCodeGone,
    },
    new Date(),
  );
  await accountsRepository.deleteLoginCode(context.db, tokenHash);
  // The account is looked up now: an address without one was sent no code, and the answer for a
  // right code with no account is the same as for a code that is gone.
  const user = await accountsRepository.findUserByEmail(context.db, pending.email);
  if (!user) throw loginCodeGone();
  return logInMember(context, user, caller);
}

// ---------------------------------------------------------------------------------------------
// Password reset

export const passwordResetJobKind = 'password-reset-mail';

/**
 * Queues the reset e-mail. Whether the address has an account is decided later, by the job, so
 * the answer and its timing are the same for every address.
 */
export async function requestPasswordReset(
  context: AccountsContext,
  email: string,
  caller: Caller,
): Promise<void> {
  await limit(context, accountLimits.resetPerIp, caller.ip);
  await limit(context, accountLimits.resetPerEmail, email);
  await enqueueJob(context.db, passwordResetJobKind, { email });
}

/** The reset job: a single-use, one-hour link for the account, if the address has one. */
export async function sendPasswordResetMailJob(
  payload: Record<string, unknown>,
  { db, config }: JobContext,
): Promise<void> {
  const email = z.string().parse(payload.email);
  const user = await accountsRepository.findUserByEmail(db, email);
  if (!user || !user.email) return;
  const token = randomBytes(32).toString('base64url');
  const link = `${config.publicUrl}/resetpassword/set?t=${token}`;
  await inTransaction(db, async (trx) => {
    await accountsRepository.insertResetToken(trx, {
      tokenHash: sha256(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + resetTokenLifetimeMs),
    });
    await enqueueMail(trx, passwordResetMail(user.email!, user.username, link));
  });
}

const resetLinkDead = () =>
  new HttpError(
    400,
    'tokenValue: this reset link has expired or was already used; please ask for a new one',
  );

/** Sets the new password, ends every session of the member and logs this browser in. */
export async function setNewPassword(
  context: AccountsContext,
  input: { tokenValue: string; newPassword: string },
  caller: Caller,
): Promise<NewSession> {
  await limit(context, accountLimits.resetSetPerIp, caller.ip);
  const problem = findPasswordProblem(input.newPassword, 'newPassword');
  if (problem) throw new HttpError(400, problem);
  const tokenHash = sha256(input.tokenValue);
  const now = new Date();
  // A cheap look first: no argon2 work for links that cannot succeed.
  const token = await accountsRepository.findResetToken(context.db, tokenHash);
  if (!token || token.usedAt || token.expiresAt <= now) throw resetLinkDead();

  const passwordHash = await hashPassword(input.newPassword);
  const user = await inTransaction(context.db, async (trx) => {
    const userId = await accountsRepository.spendResetToken(trx, tokenHash, new Date());
    if (userId === undefined) throw resetLinkDead();
    await accountsRepository.updatePasswordHash(trx, userId, passwordHash);
    await accountsRepository.retireResetTokens(trx, userId, now);
    return accountsRepository.findUserById(trx, userId);
  });
  return logInMember(context, user, caller, { endingAllOthers: true });
}

// ---------------------------------------------------------------------------------------------
// Google and Facebook

/**
 * The account for a verified identity: the one linked to (provider, subject), or else the one
 * whose e-mail the provider vouches for, which is then linked. An unverified e-mail never links:
 * otherwise anyone could claim an account by naming its address at a lax provider.
 */
async function findSocialAccount(db: Db, identity: VerifiedIdentity): Promise<UserRow | undefined> {
  const linked = await accountsRepository.findUserByIdentity(
    db,
    identity.provider,
    identity.subject,
  );
  if (linked) return linked;
  if (!identity.email || !identity.isEmailVerified) return undefined;
  const owner = await accountsRepository.findUserByEmail(db, identity.email);
  if (!owner) return undefined;
  await accountsRepository.insertIdentity(db, {
    provider: identity.provider,
    subject: identity.subject,
    userId: owner.id,
    email: identity.email,
  });
  return owner;
}

export async function logInWithIdentity(
  context: AccountsContext,
  identity: VerifiedIdentity,
  caller: Caller,
): Promise<NewSession | null> {
  await limit(context, accountLimits.socialPerIp, caller.ip);
  const user = await findSocialAccount(context.db, identity);
  return user ? logInMember(context, user, caller) : null;
}

/**
 * Creates the account for a verified identity with the chosen username (the step after
 * `no_user`). If an account turned up meanwhile (linked, or by verified e-mail), that one is
 * logged in instead.
 */
export async function signUpWithIdentity(
  context: AccountsContext,
  identity: VerifiedIdentity,
  input: { username: string; rid: string },
  caller: Caller,
): Promise<NewSession> {
  await limit(context, accountLimits.socialPerIp, caller.ip);
  const existing = await findSocialAccount(context.db, identity);
  if (existing) return logInMember(context, existing, caller);
  if (await accountsRepository.isUsernameTaken(context.db, input.username)) {
    throw new HttpError(400, 'username: that username is taken; please choose another');
  }
  const verifiedEmail = identity.isEmailVerified ? identity.email : null;
  let user: UserRow;
  try {
    user = await inTransaction(context.db, async (trx) => {
      const created = await accountsRepository.insertUser(trx, {
        username: input.username,
        email: verifiedEmail,
        passwordHash: null,
        externalId: input.rid,
        role: null,
      });
      await accountsRepository.insertIdentity(trx, {
        provider: identity.provider,
        subject: identity.subject,
        userId: created.id,
        email: verifiedEmail,
      });
      return created;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new HttpError(409, 'username: that username was just taken; please choose another');
  }
  return logInMember(context, user, caller);
}

// ---------------------------------------------------------------------------------------------
// Deleting one's account (docs/decisions/083-your-data-and-the-privacy-secret.md)

const notLoggedIn = () => new HttpError(401, 'Please log in first');

/**
 * The code is bound to the session that asked for it: its row's token is a hash of the session's
 * (stored hashed itself), marked so that no login-code check can ever find it.
 */
function deleteCodeTokenHash(sessionTokenHash: string): string {
  return sha256(`delete-account:${sessionTokenHash}`);
}

/** E-mails the logged-in member a 6-digit code that confirms the erasure of their account. */
export async function requestDeleteCode(context: AccountsContext, caller: Caller): Promise<void> {
  if (!caller.user || !caller.sessionTokenHash) throw notLoggedIn();
  await limit(context, accountLimits.deleteCodePerAccount, `user:${caller.user.id}`);
  const user = caller.user;
  if (!user.email) {
    throw new HttpError(
      400,
      'This account has no e-mail address to send a code to; please write to the contact address in the privacy policy',
    );
  }
  const code = newCode();
  const now = Date.now();
  const tokenHash = deleteCodeTokenHash(caller.sessionTokenHash);
  await inTransaction(context.db, async (trx) => {
    await accountsRepository.deleteLoginCode(trx, tokenHash);
    await accountsRepository.deleteStaleLoginCodes(trx, new Date(now - 86_400_000));
    await accountsRepository.insertLoginCode(trx, {
      tokenHash,
      email: user.email!,
      codeHash: hashEmailedCode(caller.sessionTokenHash!, code),
      expiresAt: new Date(now + deleteCodeLifetimeMs),
    });
    await enqueueMail(trx, deleteAccountCodeMail(user.email!, user.username, code));
  });
}

const deleteCodeGone = () =>
  new HttpError(
    400,
    'code: this code has expired or was asked for in another browser; please ask for a new one',
  );

/**
 * Checks the member's confirmation, their password or the e-mailed code, each try counted before
 * it is checked; then erases the account. A member whose subscription still renews is asked to
 * cancel it first: erasing the account would leave Stripe charging a card for nothing.
 */
export async function deleteOwnAccount(
  context: AccountsContext,
  input: { password?: string | undefined; code?: string | undefined },
  caller: Caller,
): Promise<void> {
  if (!caller.user || !caller.sessionTokenHash) throw notLoggedIn();
  const sessionTokenHash = caller.sessionTokenHash;
  if (!input.password && input.code === undefined) {
    throw new HttpError(400, 'password: enter your password, or the code we e-mailed you');
  }
  await limit(context, accountLimits.deletePerAccount, `user:${caller.user.id}`);
  const user = await accountsRepository.findUserById(context.db, caller.user.id);
  if (input.code !== undefined) {
    const tokenHash = deleteCodeTokenHash(sessionTokenHash);
    const code = input.code;
    await spendCodeTry(
      {
        spend: () =>
          accountsRepository.spendLoginCodeAttempt(
            context.db,
            tokenHash,
            new Date(),
            signupCodeMaximumTries,
          ),
        find: () => accountsRepository.findLoginCode(context.db, tokenHash),
        isRight: (pending) =>
          pending.email === user.email &&
          isSameHash(pending.codeHash, hashEmailedCode(sessionTokenHash, code)),
        gone: deleteCodeGone,
      },
      new Date(),
    );
  } else if (!user.passwordHash) {
    throw new HttpError(
      400,
      'password: this account has no password; ask for a code by e-mail to confirm instead',
    );
  } else if (!(await verifyPassword(user.passwordHash, input.password!))) {
    throw new HttpError(403, 'password: that password is not right');
  }
  if (await hasRenewingSubscription(context.db, user)) {
    throw new HttpError(
      409,
      'Your subscription still renews: please cancel it under Subscription first, then delete your account',
    );
  }
  if (!(await eraseAccount(context.db, user.id))) throw notLoggedIn();
}
