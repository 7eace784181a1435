import { composeMail, type Mail } from '../mail/index.ts';

export function signupCodeMail(to: string, username: string, code: string): Mail {
  return composeMail(to, {
    subject: `${code} is your Stance code`,
    heading: `Welcome to Stance, ${username}`,
    paragraphs: ['Enter this code in the sign-up window to finish creating your account:'],
    code,
    footnote:
      'The code works for 15 minutes. If you did not ask to join Stance, ignore this e-mail: no account is created without the code.',
  });
}

/** Sent instead of a code when the address already has an account: only its owner learns that. */
export function alreadyRegisteredMail(to: string, publicUrl: string): Mail {
  return composeMail(to, {
    subject: 'You already have a Stance account',
    heading: 'You already have an account',
    paragraphs: [
      'Someone, probably you, tried to sign up to Stance with this e-mail address. An account with this address exists already, so no new account was made.',
      'Log in with your password, or set a new one if you have forgotten it.',
    ],
    action: { label: 'Log in to Stance', url: `${publicUrl}/login` },
    footnote: 'If this was not you, you can ignore this e-mail; your account has not changed.',
  });
}

export function passwordResetMail(to: string, username: string, link: string): Mail {
  return composeMail(to, {
    subject: 'Set a new Stance password',
    heading: `Hello ${username}`,
    paragraphs: [
      'We got a request to set a new password for your Stance account. Use the button below to choose one.',
    ],
    action: { label: 'Set a new password', url: link },
    footnote:
      'The link works once, within one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  });
}

export function loginCodeMail(to: string, username: string, code: string): Mail {
  return composeMail(to, {
    subject: `${code} is your Stance log-in code`,
    heading: `Hello ${username}`,
    paragraphs: ['Enter this code in the log-in window to log in to Stance:'],
    code,
    footnote:
      'The code works once, for 15 minutes, in the browser that asked for it. If you did not ask for it, ignore this e-mail: nobody can log in without the code.',
  });
}

/** Sent instead of a log-in code when the address has no account: only its owner learns that. */
export function noAccountForLoginCodeMail(to: string, publicUrl: string): Mail {
  return composeMail(to, {
    subject: 'Your Stance log-in code',
    heading: 'There is no account for this address',
    paragraphs: [
      'Someone, probably you, asked for a code to log in to Stance with this e-mail address, but no account uses it.',
      'You can join Stance with this address, or log in with the address you signed up with.',
    ],
    action: { label: 'Join Stance', url: `${publicUrl}/login` },
    footnote: 'If this was not you, you can ignore this e-mail.',
  });
}

/** The code that confirms an account's erasure (accounts without a password). */
export function deleteAccountCodeMail(to: string, username: string, code: string): Mail {
  return composeMail(to, {
    subject: `${code} is your code to delete your Stance account`,
    heading: `Hello ${username}`,
    paragraphs: [
      'You asked to delete your Stance account. Enter this code in Settings to confirm; your profile, personal details, votes, quiz answers, good points and follows are then erased for good, and your comments stay with their author shown as [deleted].',
    ],
    code,
    footnote:
      'The code works for 15 minutes. If you did not ask for it, ignore this e-mail and consider changing your password: your account stays as it is without the code.',
  });
}
