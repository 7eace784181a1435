import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { enqueueJob, type JobContext } from '../../jobs/queue.ts';
import * as mailRepository from './mail.repository.ts';

export type Mail = { to: string; subject: string; text: string; html: string };

export const sendMailJobKind = 'send-mail';

const mailPayload = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

/**
 * Queues a mail: it is delivered by the jobs worker, with retries and backoff, and survives a
 * restart. Pass a transaction as `db` to send the mail only if the caller's change commits.
 */
export async function enqueueMail(db: Db, mail: Mail): Promise<void> {
  await enqueueJob(db, sendMailJobKind, {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  });
}

// One transport per SMTP server for the life of the process: nodemailer keeps no state that
// could leak between mails, and building it once avoids re-parsing the URL for every mail.
const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/**
 * The send-mail job: over SMTP when SMTP_URL is set, else into the outbox table (read at
 * /dev/mail outside production). A failure throws, so the worker retries with backoff. Once
 * delivered, the body leaves the jobs table: it may hold a signup code or a reset link.
 */
export async function deliverMailJob(
  payload: Record<string, unknown>,
  context: JobContext,
): Promise<void> {
  if (payload.isRedacted === true) return;
  const mail = mailPayload.parse(payload);
  const { db, config, jobId } = context;
  if (config.smtpUrl) {
    await transportFor(config.smtpUrl).sendMail({
      from: config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  } else {
    await mailRepository.insertOutboxMail(db, {
      jobId,
      recipient: mail.to.toLowerCase(),
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    });
    context.log?.info({ to: mail.to, subject: mail.subject }, 'mail kept in the outbox');
  }
  await mailRepository.redactMailJob(db, jobId, mail.to);
}

export type OutboxMail = {
  ID: number;
  To: string;
  Subject: string;
  Text: string;
  Html: string;
  Created: string;
};

/** The outbox, newest first; optionally only the mails to one address. */
export async function listOutbox(
  db: Db,
  options: { to?: string | undefined; limit?: number } = {},
): Promise<OutboxMail[]> {
  const rows = await mailRepository.listOutboxMails(db, {
    ...(options.to ? { recipient: options.to.trim().toLowerCase() } : {}),
    limit: options.limit ?? 50,
  });
  return rows.map((row) => ({
    ID: row.id,
    To: row.recipient,
    Subject: row.subject,
    Text: row.textBody,
    Html: row.htmlBody,
    Created: row.createdAt.toISOString(),
  }));
}

/** The HTML part of one outbox mail. */
export async function findOutboxHtml(db: Db, id: number): Promise<string | undefined> {
  const row = await mailRepository.findOutboxMail(db, id);
  return row?.htmlBody;
}
