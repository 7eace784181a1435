// What other features may use of the mail feature: queue a mail, and compose it.
export { enqueueMail, type Mail } from './mail.service.ts';
export { composeMail, type MailContent } from './mail.templates.ts';
