import type { Db } from '../../db/database.ts';

/** True when the event is new; a retried job finds its dedupe key taken and adds nothing. */
export async function insertNotification(
  db: Db,
  values: {
    userId: number;
    kind: string;
    actionName: string;
    artifactTitle: string;
    url: string;
    body: string;
    /** Null when the event names nobody (a mind changed). */
    actorId: number | null;
    commentId: number;
    dedupeKey: string;
  },
): Promise<boolean> {
  // An erased account keeps its comments, and so their replies and good points, but is told of
  // nothing: it has no one to tell (docs/decisions/083).
  const recipient = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', values.userId)
    .where('erasedAt', 'is', null)
    .executeTakeFirst();
  if (!recipient) return false;
  const row = await db
    .insertInto('notifications')
    .values({ ...values, argsJson: JSON.stringify({}) })
    .onConflict((conflict) => conflict.column('dedupeKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function flagNewNotification(db: Db, userId: number) {
  await db.updateTable('users').set({ newNotification: true }).where('id', '=', userId).execute();
}

/** Clears the bell's dot unless an event newer than the ones just read has arrived meanwhile. */
export async function clearNewNotification(db: Db, userId: number, seenUpToId: number) {
  await db
    .updateTable('users')
    .set({ newNotification: false })
    .where('id', '=', userId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notifications')
            .select('notifications.id')
            .where('notifications.userId', '=', userId)
            .where('notifications.id', '>', seenUpToId),
        ),
      ),
    )
    .execute();
}

/**
 * A member's newest events with who caused them. The comment's state comes along so that the
 * excerpt of a comment removed since is never shown.
 */
export async function listNotifications(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('notifications')
    .leftJoin('users as actor', 'actor.id', 'notifications.actorId')
    .leftJoin('comments', 'comments.id', 'notifications.commentId')
    .select([
      'notifications.id',
      'notifications.kind',
      'notifications.actionName',
      'notifications.argsJson',
      'notifications.artifactTitle',
      'notifications.url',
      'notifications.body',
      'notifications.commentId',
      'notifications.createdAt',
      'actor.username as actorUsername',
      'actor.fullName as actorFullName',
      'comments.deleted as commentDeleted',
      'comments.hiddenAt as commentHiddenAt',
    ])
    .where('notifications.userId', '=', userId)
    .orderBy('notifications.createdAt', 'desc')
    .orderBy('notifications.id', 'desc')
    .limit(limit)
    .execute();
}

/** Where a reply e-mail goes: the member's address, or null for accounts without one. */
export async function findEmailAddress(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.email ?? null;
}
