import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { createBatcher } from './db/batcher.ts';
import type { Db } from './db/database.ts';

/**
 * What changed, for the caches that may hold it (docs/decisions/062-fresh-across-processes.md).
 * A writer announces a change after it committed; every set of caches of this database handle
 * drops what may show it at once, and, on a PostgreSQL server, every other process's and handle's
 * caches within a moment (`shareChanges`: LISTEN/NOTIFY).
 *
 * - `opinion`: an opinion's vote counters ('votes'), comment count ('comments'), its arguments'
 *   text, good points or visibility ('arguments'), or its title, topics, deletion or insight line
 *   ('content').
 * - `insights`: an opinion's insight counts were computed again.
 * - `topicGroups`: a topic's opinion groups were computed again.
 * - `memberDetails`: a member's personal details changed.
 * - `questions`: staff changed the questions or their arguments' places.
 * - `norms`: the reports' norms were computed again.
 * - `memberErased`: a member's account was erased, and with it their votes and good points
 *   wherever they were.
 */
export type Change =
  | { on: 'opinion'; id: number; what: OpinionChange }
  | { on: 'insights'; opinionId: number }
  | { on: 'topicGroups'; topicId: number }
  | { on: 'memberDetails'; userId: number }
  | { on: 'questions' }
  | { on: 'norms' }
  | { on: 'memberErased'; userId: number };

export type OpinionChange = 'votes' | 'comments' | 'arguments' | 'content';

/**
 * How a set of caches learns of changes: `changed` drops what a change made stale; `missed` drops
 * everything, for when changes may have gone unheard (the connection that hears them was lost).
 */
export type ChangeListener = { changed(change: Change): void; missed(): void };

const listenersByDatabase = new WeakMap<object, ChangeListener[]>();
const sharersByDatabase = new WeakMap<object, (change: Change) => void>();

/** Registers a set of caches of this database handle for its changes (cachesPerDatabase). */
export function listenForChanges(db: object, listener: ChangeListener): void {
  const listeners = listenersByDatabase.get(db) ?? [];
  listeners.push(listener);
  listenersByDatabase.set(db, listeners);
}

/**
 * Tells every cache that may hold what changed, once the change committed: this handle's at once
 * (the writer's next read sees it), other handles' and processes' through the database when it is
 * shared (shareChanges).
 */
export function announceChange(db: object, change: Change): void {
  applyChange(db, change);
  sharersByDatabase.get(db)?.(change);
}

function applyChange(db: object, change: Change) {
  for (const listener of listenersByDatabase.get(db) ?? []) listener.changed(change);
}

function applyMissed(db: object) {
  for (const listener of listenersByDatabase.get(db) ?? []) listener.missed();
}

/** The channel every Stance process of a database listens on. */
export const changesChannel = 'stance_changes';

/** One notification's payload: who sent it (a handle, see shareChanges) and what changed. */
type Notice = { from: string; changes: Change[] };

/**
 * Changes sent in one notification at most: about 45 bytes each as JSON, well under PostgreSQL's
 * 8,000-byte limit for a payload.
 */
const maxChangesPerNotice = 100;

/** The listening connections' application_name. */
export const listenerApplicationName = 'stance changes';

/**
 * Under load, how long a notice may wait for more changes to travel with it (the batcher's
 * lingerMs): a busy server sends at most about one notice per this many milliseconds instead of
 * one per vote batch, each a statement and a commit on the database's notification queue. An idle
 * server sends at once.
 */
const sendLingerMs = 20;

/** How long connecting and LISTEN may take before the listener gives up and tries again. */
const listenTimeoutMs = 5000;

/** How long the listener waits before connecting again after losing its connection. */
const reconnectDelayMs = 1000;

export type ChangeSharing = {
  /** Settles once the listener first listens (or first fails to). */
  ready: Promise<void>;
  close(): Promise<void>;
};

type SharingLog = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
};

/**
 * Shares this PostgreSQL database handle's changes with every other handle on the same database,
 * in this process or another, and theirs with it (DESIGN "Many processes", docs/decisions/062):
 * - Each change announced here is sent with `pg_notify` after it committed, in the next batch
 *   (one statement per batch, its changes without repeats: a busy server sends fewer, larger
 *   ones, at most about one per sendLingerMs).
 * - A connection of its own listens; another handle's notice is applied to this handle's caches
 *   (its own, already applied, is skipped).
 * - When that connection is lost it connects again, and since notices sent meanwhile are lost,
 *   every cache of the handle is dropped once it listens again.
 */
export function shareChanges(db: Db, databaseUrl: string, log: SharingLog): ChangeSharing {
  const self = randomUUID();
  const send = createBatcher<Change, void>(
    async (changes) => {
      // A hot opinion's votes are one change, however many of them the notice carries.
      const distinct = [...new Map(changes.map((change) => [JSON.stringify(change), change]))];
      const notice: Notice = { from: self, changes: distinct.map(([, change]) => change) };
      await sql`select pg_notify(${changesChannel}, ${JSON.stringify(notice)})`.execute(db);
      return changes.map(() => undefined);
    },
    { maxBatch: maxChangesPerNotice, maxInFlight: 1, lingerMs: sendLingerMs },
  );
  sharersByDatabase.set(db, (change) => {
    send(change).catch((error: unknown) =>
      log.warn(
        { err: error, change },
        'a change could not be told to other processes: they see it when their caches expire',
      ),
    );
  });

  let client: pg.Client | null = null;
  let isClosed = false;
  let hasListened = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  function onNotification(message: pg.Notification) {
    if (message.channel !== changesChannel || !message.payload) return;
    let notice: Notice;
    try {
      notice = JSON.parse(message.payload) as Notice;
    } catch {
      return;
    }
    if (notice.from === self) return;
    for (const change of notice.changes) applyChange(db, change);
  }

  function connectLater() {
    if (isClosed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, reconnectDelayMs);
  }

  async function connect() {
    const next = new pg.Client({
      connectionString: databaseUrl,
      // What an operator sees of it in pg_stat_activity.
      application_name: listenerApplicationName,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // A server that does not answer must not hold up the start: give up and try again.
      connectionTimeoutMillis: listenTimeoutMs,
      query_timeout: listenTimeoutMs,
    });
    let isLost = false;
    const lose = (error?: unknown) => {
      if (isLost) return;
      isLost = true;
      const wasListening = client === next;
      if (wasListening) client = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => {});
      if (isClosed) return;
      // Said once when listening stops, not at every failed try while the database is away (its
      // outage log says that).
      if (wasListening) {
        log.warn({ err: error }, 'stopped hearing other processes’ changes; connecting again');
      }
      connectLater();
    };
    next.on('error', lose);
    next.on('end', () => lose());
    next.on('notification', onNotification);
    try {
      await next.connect();
      await next.query(`listen ${changesChannel}`);
    } catch (error) {
      lose(error);
      markReady();
      return;
    }
    if (isClosed || isLost) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    // Whatever was sent while nobody here listened is unknown: everything cached may be stale.
    applyMissed(db);
    if (hasListened) log.info({}, 'hearing other processes’ changes again');
    hasListened = true;
    markReady();
  }

  void connect();
  return {
    ready,
    async close() {
      isClosed = true;
      clearTimeout(reconnectTimer);
      sharersByDatabase.delete(db);
      const listening = client;
      client = null;
      await listening?.end().catch(() => {});
    },
  };
}
