import type { RateRule } from '../../plugins/rate-limit.ts';

const minute = 60_000;
const hour = 60 * minute;

/**
 * Abuse limits (docs/decisions/012-rate-limits.md, 034-login-limits-that-hold.md). Per IP they
 * stop one machine hammering the site; per account or address they stop a spread-out attack on
 * one member (password guessing, mail bombing). Per-address limits apply alike to addresses with
 * and without an account, so a 429 reveals nothing. Every attempt is counted before the work it
 * guards, so parallel requests cannot slip past a limit together.
 */
export const accountLimits = {
  /** Login attempts from one IP. */
  loginPerIp: { name: 'login-ip', limit: 100, windowMs: 10 * minute },
  /**
   * Login attempts for one e-mail from one IP: the 11th within 10 minutes gets 429 (a successful
   * login forgets the count).
   */
  loginPerAccountAndIp: { name: 'login-account-ip', limit: 10, windowMs: 10 * minute },
  /**
   * Login attempts for one e-mail from places its owner has not signed in from: a looser
   * ceiling on a guessing attack spread over many addresses. The owner's known addresses and
   * browsers are not held by it, and a code by e-mail gets anyone with the mailbox in.
   */
  loginPerAccountFromNewPlaces: { name: 'login-account', limit: 50, windowMs: hour },
  /** Login codes asked for from one IP. */
  loginCodePerIp: { name: 'login-code-ip', limit: 30, windowMs: hour },
  /** Login codes sent to one address. */
  loginCodePerEmail: { name: 'login-code-email', limit: 5, windowMs: hour },
  /** Signup codes asked for from one IP. */
  signupPerIp: { name: 'signup-ip', limit: 50, windowMs: hour },
  /** Signup codes sent to one address. */
  signupPerEmail: { name: 'signup-email', limit: 5, windowMs: hour },
  /** Code checks from one IP (each code also dies after 5 wrong tries). */
  codePerIp: { name: 'code-ip', limit: 100, windowMs: hour },
  /** Reset links asked for from one IP. */
  resetPerIp: { name: 'reset-ip', limit: 30, windowMs: hour },
  /** Reset links sent to one address. */
  resetPerEmail: { name: 'reset-email', limit: 5, windowMs: hour },
  /** New passwords set (reset tokens tried) from one IP. */
  resetSetPerIp: { name: 'reset-set-ip', limit: 30, windowMs: hour },
  /** Confirmations of an account's erasure (a password or a code) for one account. */
  deletePerAccount: { name: 'delete-account', limit: 10, windowMs: 10 * minute },
  /** Codes that confirm an account's erasure, sent to one account. */
  deleteCodePerAccount: { name: 'delete-code', limit: 5, windowMs: hour },
  /** Google and Facebook sign-ins from one IP. */
  socialPerIp: { name: 'social-ip', limit: 60, windowMs: 10 * minute },
} satisfies Record<string, RateRule>;

/** A signup or login code lives 15 minutes and dies after this many wrong tries. */
export const signupCodeLifetimeMs = 15 * minute;
export const signupCodeMaximumTries = 5;
export const loginCodeLifetimeMs = 15 * minute;
/** A code that confirms an account's erasure lives as long as a login code, and as many tries. */
export const deleteCodeLifetimeMs = 15 * minute;
/** A place (address or browser) counts as known for this long after its last sign-in. */
export const knownPlaceLifetimeMs = 180 * 24 * hour;
/** A reset link works once, within an hour. */
export const resetTokenLifetimeMs = hour;
