import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/database.ts';
import { jobHandlers } from '../../jobs/handlers.ts';
import { startJobWorker } from '../../jobs/worker.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { readMimePart, startSmtpServer } from '../../test/smtp.ts';
import { deliverMailJob, enqueueMail } from './mail.service.ts';
import { composeMail } from './mail.templates.ts';

const mail = (to: string) =>
  composeMail(to, {
    subject: 'Someone replied <to you>',
    heading: 'A reply & more',
    paragraphs: ['First paragraph with <b>markup</b> that must stay text.'],
    action: { label: 'Read it', url: 'https://stance.example/o/x#comment-1' },
    footnote: 'Why you got this.',
  });

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers through the jobs table with a plain-text and an HTML part', async () => {
    const worker = startJobWorker(t.db, jobHandlers, { autoStart: false, config: t.config });
    await enqueueMail(t.db, mail('reader@example.test'));
    expect(smtp.mailsTo('reader@example.test')).toHaveLength(0);
    await worker.drain();
    const [received] = smtp.mailsTo('reader@example.test');
    expect(received!.from).toBe('no-reply@localhost');
    expect(received!.raw).toMatch(/Content-Type: multipart\/alternative/);
    const text = readMimePart(received!.raw, 'text/plain');
    expect(text).toContain('First paragraph with <b>markup</b> that must stay text.');
    expect(text).toContain('Read it: https://stance.example/o/x#comment-1');
    const html = readMimePart(received!.raw, 'text/html');
    expect(html).toContain('First paragraph with &lt;b&gt;markup&lt;/b&gt; that must stay text.');
    expect(html).toContain('href="https://stance.example/o/x#comment-1"');
  });

  it('retries with backoff when the SMTP server refuses, and delivers once it accepts', async () => {
    const worker = startJobWorker(t.db, jobHandlers, { autoStart: false, config: t.config });
    smtp.setRefusing(true);
    await enqueueMail(t.db, mail('retry@example.test'));
    await worker.drain();
    const job = await t.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'send-mail')
      .where('doneAt', 'is', null)
      .executeTakeFirstOrThrow();
    expect(job.attempts).toBe(1);
    expect(job.lastError).toMatch(/451/);
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 5000);
    smtp.setRefusing(false);
    await t.db.updateTable('jobs').set({ runAt: new Date() }).where('id', '=', job.id).execute();
    await worker.drain();
    expect(smtp.mailsTo('retry@example.test')).toHaveLength(1);
  });

  it('sends nothing when the transaction that queued the mail rolls back', async () => {
    const worker = startJobWorker(t.db, jobHandlers, { autoStart: false, config: t.config });
    await expect(
      inTransaction(t.db, async (trx) => {
        await enqueueMail(trx, mail('rolled-back@example.test'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await worker.drain();
    expect(smtp.mailsTo('rolled-back@example.test')).toHaveLength(0);
  });
});

describe('the outbox without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps mails in the database, readable at /dev/mail and /dev/mail.json', async () => {
    const worker = startJobWorker(t.db, jobHandlers, { autoStart: false, config: t.config });
    await enqueueMail(t.db, mail('Outbox@Example.test'));
    await enqueueMail(t.db, mail('someone-else@example.test'));
    await worker.drain();
    // A job that runs twice (its worker died before marking it done) writes one outbox row.
    const twice = mail('twice@example.test');
    for (let run = 0; run < 2; run++) {
      await deliverMailJob({ ...twice }, { db: t.db, jobId: 424_242, config: t.config });
    }
    const twiceRows = await t.db
      .selectFrom('mailOutbox')
      .select('id')
      .where('recipient', '=', 'twice@example.test')
      .execute();
    expect(twiceRows).toHaveLength(1);
    const json = await t.app.inject({
      method: 'GET',
      url: '/dev/mail.json?to=outbox@example.test',
    });
    expect(json.statusCode).toBe(200);
    const mails = json.json().body.Mails;
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      To: 'outbox@example.test',
      Subject: 'Someone replied <to you>',
    });
    expect(mails[0].Text).toContain('Read it: https://stance.example/o/x#comment-1');

    const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Someone replied &lt;to you&gt;');
    expect(page.body).not.toContain('<to you>');

    const htmlPart = await t.app.inject({ method: 'GET', url: `/dev/mail/${mails[0].ID}` });
    expect(htmlPart.body).toContain('<h1');
    for (const id of ['999999', '4294967295', '0']) {
      expect((await t.app.inject({ method: 'GET', url: `/dev/mail/${id}` })).statusCode).toBe(404);
    }
  });

  it('does not serve the outbox in production', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      for (const url of ['/dev/mail', '/dev/mail.json', '/dev/mail/1']) {
        const answer = await production.app.inject({ method: 'GET', url });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.body).not.toContain('Outbox');
      }
    } finally {
      await production.close();
    }
  });
});
