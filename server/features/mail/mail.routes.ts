import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { escapeHtml } from '../../html.ts';
import { findOutboxHtml, listOutbox } from './mail.service.ts';

const outboxQuery = z.object({ to: z.string().max(320).optional() });

/**
 * The outbox, readable outside production: `/dev/mail` for people, `/dev/mail.json` for the
 * browser journeys (which read signup codes and reset links from it). In production these paths
 * do not exist, and elsewhere they answer only this machine (`plugins/dev-only.ts`).
 */
export function registerMailRoutes(app: FastifyInstance, deps: AppDeps) {
  if (deps.config.isProduction) return;

  app.get('/dev/mail.json', async (request, reply) => {
    const query = outboxQuery.safeParse(request.query);
    const mails = await listOutbox(deps.db, { to: query.success ? query.data.to : undefined });
    return reply
      .header('cache-control', 'no-store')
      .send({ success: true, body: { Mails: mails } });
  });

  app.get('/dev/mail', async (_request, reply) => {
    const mails = await listOutbox(deps.db, { limit: 100 });
    const items = mails
      .map(
        (mail) => `<article>
<h2>${escapeHtml(mail.Subject)}</h2>
<p class="meta">To <strong>${escapeHtml(mail.To)}</strong> · ${escapeHtml(mail.Created)} ·
<a href="/dev/mail/${mail.ID}">HTML part</a></p>
<pre>${escapeHtml(mail.Text)}</pre>
</article>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox · Stance</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body { font-family: system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; }
article { border: 1px solid #d8d6d0; border-radius: 10px; padding: 1rem 1.25rem; margin: 1rem 0; }
h2 { font-size: 1.1rem; margin: 0 0 .25rem; }
.meta { color: #6b6f76; font-size: .9rem; margin: 0 0 .75rem; }
pre { white-space: pre-wrap; word-break: break-word; background: #f6f5f2; padding: .75rem; border-radius: 6px; }
</style></head>
<body><h1>Outbox</h1>
<p>Without <code>SMTP_URL</code>, Stance keeps its e-mails here (newest first). This page does not exist in production, and answers only this machine.</p>
${items || '<p>No e-mails yet.</p>'}
</body></html>`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });

  app.get('/dev/mail/:id', async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    // An outbox id is a PostgreSQL integer: anything past it names no mail.
    const isMailId = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
    const html = isMailId ? await findOutboxHtml(deps.db, id) : undefined;
    if (html === undefined) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No such e-mail in the outbox');
    }
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
}
