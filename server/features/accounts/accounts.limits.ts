import type { RateRule } from '../../plugins/rate-limit.ts';

const minute = 60_000;
const hour = 60 * minute;

/**
 * Abuse limits (docs/decisions/012-rate-limits.md). Per IP they stop one machine hammering the
 * site; per account or address they stop a spread-out attack on one member (password guessing,
 * mail bombing). Per-address limits apply alike to addresses with and without an account, so a
 * 429 reveals nothing.
 */
export const accountLimits = {
  /** Login attempts from one IP. */
  loginPerIp: { name: 'login-ip', limit: 100, windowMs: 10 * minute },
  /** Failed logins for one e-mail: the 11th attempt within 10 minutes gets 429. */
  loginFailuresPerAccount: { name: 'login-failures', limit: 10, windowMs: 10 * minute },
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
  /** Google and Facebook sign-ins from one IP. */
  socialPerIp: { name: 'social-ip', limit: 60, windowMs: 10 * minute },
} satisfies Record<string, RateRule>;

/** A signup code lives 15 minutes and dies after this many wrong tries. */
export const signupCodeLifetimeMs = 15 * minute;
export const signupCodeMaximumTries = 5;
/** A reset link works once, within an hour. */
export const resetTokenLifetimeMs = hour;
