import type { Db } from '../../db/database.ts';

export async function insertOutboxMail(
  db: Db,
  mail: { jobId: number; recipient: string; subject: string; textBody: string; htmlBody: string },
): Promise<void> {
  await db
    .insertInto('mailOutbox')
    .values(mail)
    .onConflict((conflict) => conflict.column('jobId').doNothing())
    .execute();
}

export async function listOutboxMails(db: Db, options: { recipient?: string; limit: number }) {
  let query = db
    .selectFrom('mailOutbox')
    .selectAll()
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.recipient) query = query.where('recipient', '=', options.recipient);
  return query.execute();
}

/** Replaces a delivered mail job's payload by its recipient alone (subjects may hold codes). */
export async function redactMailJob(db: Db, jobId: number, to: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ payload: JSON.stringify({ to, isRedacted: true }) })
    .where('id', '=', jobId)
    .execute();
}

export async function findOutboxMail(db: Db, id: number) {
  return db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirst();
}
