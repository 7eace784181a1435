import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ReportShareSnapshot } from '../../db/schema.ts';

/** A share with the username it may show (the public page reads it only when show_name). */
export type ShareRow = {
  token: string;
  userId: number;
  report: string;
  showName: boolean;
  snapshot: ReportShareSnapshot | null;
  createdAt: Date;
  revokedAt: Date | null;
  username: string;
};

function selectShares(db: Db) {
  return db
    .selectFrom('reportShares')
    .innerJoin('users', 'users.id', 'reportShares.userId')
    .select([
      'reportShares.token',
      'reportShares.userId',
      'reportShares.report',
      'reportShares.showName',
      'reportShares.snapshot',
      'reportShares.createdAt',
      'reportShares.revokedAt',
      'users.username',
    ]);
}

export async function findShare(db: Db, token: string): Promise<ShareRow | undefined> {
  return selectShares(db).where('reportShares.token', '=', token).executeTakeFirst();
}

/** A member's live shares, newest first. */
export async function listLiveShares(db: Db, userId: number): Promise<ShareRow[]> {
  return selectShares(db)
    .where('reportShares.userId', '=', userId)
    .where('reportShares.revokedAt', 'is', null)
    .orderBy('reportShares.createdAt', 'desc')
    .orderBy('reportShares.token', 'desc')
    .execute();
}

/**
 * Inserts a share unless the member already has `maxLive` live ones; false when refused. The
 * member's row is locked first, so two concurrent shares by one member are counted one after the
 * other and the limit holds.
 */
export async function insertShareWithinLimit(
  db: Db,
  share: {
    token: string;
    userId: number;
    report: string;
    showName: boolean;
    snapshot: ReportShareSnapshot;
  },
  maxLive: number,
): Promise<{ createdAt: Date } | null> {
  return db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', share.userId)
      .forUpdate()
      .executeTakeFirst();
    const { live } = await trx
      .selectFrom('reportShares')
      .select(sql<number>`count(*)::int`.as('live'))
      .where('userId', '=', share.userId)
      .where('revokedAt', 'is', null)
      .executeTakeFirstOrThrow();
    if (live >= maxLive) return null;
    return trx
      .insertInto('reportShares')
      .values({ ...share, snapshot: JSON.stringify(share.snapshot) })
      .returning('createdAt')
      .executeTakeFirstOrThrow();
  });
}

/**
 * Revokes one of the member's shares: the snapshot is emptied and the time noted (kept on a
 * second revoke). False when the member has no share with this token.
 */
export async function revokeShare(db: Db, userId: number, token: string): Promise<boolean> {
  const revoked = await db
    .updateTable('reportShares')
    .set({ revokedAt: sql`coalesce(revoked_at, now())`, snapshot: null })
    .where('token', '=', token)
    .where('userId', '=', userId)
    .returning('token')
    .executeTakeFirst();
  return revoked !== undefined;
}
