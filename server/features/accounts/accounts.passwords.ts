import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * argon2id with 64 MiB of memory, 3 passes, one lane (RFC 9106's second recommended setting, with
 * one lane because this machine class has two cores). About 60 ms per hash here; measured in
 * docs/decisions/011-accounts-and-sessions.md. Hashing runs on libuv's thread pool (4 threads), so
 * at most 4 × 64 MiB is in use at once whatever the request rate.
 */
export const passwordHashOptions = {
  // Algorithm.Argon2id: the package's enum is a const enum, which type stripping cannot inline.
  algorithm: 2 as Algorithm,
  memoryCost: 65_536,
  timeCost: 3,
  parallelism: 1,
} as const;

/** The parameter part of a PHC string made with the options above, e.g. `m=65536,t=3,p=1`. */
const currentParameters = `$argon2id$v=19$m=${passwordHashOptions.memoryCost},t=${passwordHashOptions.timeCost},p=${passwordHashOptions.parallelism}$`;

export const minimumPasswordLength = 8;
export const maximumPasswordLength = 256;

// The 10,000 most common passwords, ranked by frequency in leaked password lists (zxcvbn's
// list). Compared without regard to case: "Password1" is as guessable as "password1".
const commonPasswords = new Set(
  (dictionary['passwords-common'] as string[]).slice(0, 10_000).map((word) => word.toLowerCase()),
);

/** The readable problem with a new password, or null when it is acceptable. */
export function findPasswordProblem(password: string, field = 'password'): string | null {
  if (password.length < minimumPasswordLength) {
    return `${field}: use at least ${minimumPasswordLength} characters`;
  }
  if (password.length > maximumPasswordLength) {
    return `${field}: use at most ${maximumPasswordLength} characters`;
  }
  if (commonPasswords.has(password.toLowerCase())) {
    return `${field}: this password is among the 10,000 most common; choose another`;
  }
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashOptions);
}

/** True when the stored hash was made with other parameters and should be replaced. */
export function needsRehash(passwordHash: string): boolean {
  return !passwordHash.startsWith(currentParameters);
}

// A hash of a random password with the current parameters: an unknown e-mail is checked against
// it so that it costs the same time as a wrong password for a real account.
let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. With no hash (unknown account, or one without a
 * password) it still does the full work and answers false, so timing tells nothing.
 */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(randomBytes(24).toString('base64'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
