import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { listenerApplicationName } from './cache-changes.ts';
import {
  autovacuumOffWarning,
  hasAutovacuum,
  openPostgresDatabase,
  type DatabaseHandle,
} from './db/database.ts';
import { hashPassword } from './features/accounts/accounts.passwords.ts';
import { createServerDatabase } from './test/database.ts';
import { buildOpinion, buildTopic, buildUser, loginAs } from './test/factories.ts';
import { HttpClient } from './test/http-client.ts';
import { startServerProcess, type ServerProcess } from './test/server-process.ts';

const serverUrl = process.env.DATABASE_URL;
const editorEmail = 'editor@example.test';

/** Polls `read` until `isFresh` holds of its answer; fails after `timeoutMs`. */
async function eventually<T>(read: () => Promise<T>, isFresh: (value: T) => boolean) {
  const deadline = Date.now() + 10_000;
  let last: T = await read();
  while (!isFresh(last)) {
    if (Date.now() > deadline) throw new Error(`Still stale after 10 s: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    last = await read();
  }
  return last;
}

// Two processes share a database only on a server; the embedded database has one process, whose
// caches hear its changes in memory (server/read-cache.test.ts).
describe.skipIf(!serverUrl)('two server processes on one PostgreSQL database', () => {
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let one: ServerProcess;
  let two: ServerProcess;

  beforeAll(async () => {
    const migrated = inject('migratedDatabase');
    database = await createServerDatabase(serverUrl!, {
      template: 'template' in migrated ? migrated.template : undefined,
    });
    handle = openPostgresDatabase(database.url, 3);
    const env = {
      DATABASE_URL: database.url,
      NODE_ENV: 'development',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      JOBS_POLL_MS: '100',
      // The votes' tidbit refreshes due at once, so that the burst's jobs race as they come.
      INSIGHTS_SETTLE_MS: '0',
      // Long enough that only a change heard from the other process can make a read fresh.
      READ_CACHE_MS: '60000',
      ADMIN_EMAILS: editorEmail,
    };
    [one, two] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await handle?.close();
    await database?.drop();
  });

  /** A browser of `server` signed in as the member (a new one unless given). */
  async function signedInOn(server: ServerProcess, userId?: number) {
    const client = new HttpClient(server.baseUrl);
    const cookie = await loginAs(handle.db, userId ?? (await buildUser(handle.db)).id);
    const [name, value] = cookie.split('=') as [string, string];
    client.cookies.set(name, { value, path: '/' });
    return client;
  }

  /** The process's log lines (JSON, one an entry). */
  function logOf(server: ServerProcess) {
    return server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
  }

  /** Its warnings and errors, but for the one about the server's setting (tested on its own). */
  function warningsOf(server: ServerProcess) {
    return logOf(server).filter((line) => line.level >= 40 && line.msg !== autovacuumOffWarning);
  }

  async function opinionOn(server: ServerProcess, slug: string) {
    const answer = await new HttpClient(server.baseUrl).get(`/api/opinion/get?slug=${slug}`);
    return answer.json!.body as {
      Opinion: { Title: string; NumVotes: number; NumComments: number };
    };
  }

  it('shows a vote, a comment and a title edit made through one process on the other', async () => {
    const topic = await buildTopic(handle.db);
    const author = await buildUser(handle.db);
    const opinion = await buildOpinion(handle.db, {
      authorId: author.id,
      title: 'Cities should be built for walking',
      topicIds: [topic.id],
    });
    const pagePath = `/o/${opinion.slug}`;
    // Both processes hold the opinion, its topic's feed and its page in their caches.
    for (const server of [one, two]) {
      expect((await opinionOn(server, opinion.slug)).Opinion.NumVotes).toBe(0);
      await new HttpClient(server.baseUrl).get(`/api/topic/get?slug=${topic.slug}`);
      await fetch(`${server.baseUrl}${pagePath}`);
    }

    const voter = await signedInOn(one);
    expect((await voter.post('/api/opinion/vote', { id: opinion.id, rating: 2 })).status).toBe(200);
    await eventually(
      () => opinionOn(two, opinion.slug),
      (body) => body.Opinion.NumVotes === 1,
    );

    const comment = await voter.post('/api/v2/comment/new', {
      threadID: String(opinion.id),
      body: 'Short trips on foot keep a street alive, and the shops on it.',
      responseType: 'pro',
    });
    expect(comment.status).toBe(200);
    await eventually(
      () => opinionOn(two, opinion.slug),
      (body) => body.Opinion.NumComments === 1,
    );

    // Others have voted, so an editor (ADMIN_EMAILS) edits it.
    const staff = await buildUser(handle.db, { email: editorEmail });
    const editor = await signedInOn(two, staff.id);
    const newTitle = 'Cities should be built for walking first';
    const edit = await editor.post('/api/opinion/edit', {
      id: opinion.id,
      title: newTitle,
      topics: [topic.id],
    });
    expect(edit.status).toBe(200);
    await eventually(
      () => opinionOn(one, opinion.slug),
      (body) => body.Opinion.Title === newTitle,
    );
    await eventually(
      async () => (await new HttpClient(one.baseUrl).get(`/api/topic/get?slug=${topic.slug}`)).json,
      (answer) => JSON.stringify(answer).includes(newTitle),
    );
    await eventually(
      async () => (await fetch(`${one.baseUrl}${pagePath}`)).text(),
      (html) => html.includes(newTitle),
    );
  });

  it('keeps a session and a subscription the same on both, from the moment they change', async () => {
    const password = 'Walk-the-long-way-home-1';
    const member = await buildUser(handle.db, { passwordHash: await hashPassword(password) });
    const browser = new HttpClient(one.baseUrl);
    const login = await browser.post('/api/login', { email: member.email, password });
    expect(login.status).toBe(200);

    // The same browser's cookie, sent to the other process.
    const elsewhere = new HttpClient(two.baseUrl);
    for (const [name, cookie] of browser.cookies) elsewhere.cookies.set(name, cookie);
    const info = async () =>
      (await elsewhere.post('/api/user/info', {})).json!.body as {
        Username: string;
        SubscriptionStatus: string;
      };
    expect((await info()).Username).toBe(member.username);
    expect((await info()).SubscriptionStatus).toBe('');

    await handle.db
      .updateTable('users')
      .set({ subscriptionStatus: 'active' })
      .where('id', '=', member.id)
      .execute();
    expect((await info()).SubscriptionStatus).toBe('active');
  });

  it('runs each job of a burst from both processes once, with no failed attempt', async () => {
    const topic = await buildTopic(handle.db);
    const opinions = await Promise.all(
      Array.from({ length: 4 }, () => buildOpinion(handle.db, { topicIds: [topic.id] })),
    );
    const voters = await Promise.all(
      Array.from({ length: 16 }, (_, index) => signedInOn(index % 2 === 0 ? one : two)),
    );
    const before = await sql<{ id: number }>`select coalesce(max(id), 0) as id from jobs`.execute(
      handle.db,
    );
    const since = before.rows[0]!.id;
    const votes = voters.flatMap((voter, index) =>
      opinions.map((opinion) =>
        voter.post('/api/opinion/vote', { id: opinion.id, rating: (index % 5) + 1 }),
      ),
    );
    expect((await Promise.all(votes)).map((answer) => answer.status)).toEqual(votes.map(() => 200));

    const jobs = await eventually(
      () =>
        handle.db
          .selectFrom('jobs')
          .select(['kind', 'attempts', 'lastError', 'doneAt'])
          .where('id', '>', since)
          .execute(),
      (rows) => rows.length > 0 && rows.every((row) => row.doneAt !== null),
    );
    // The derived rows a burst of votes rewrites: each opinion's tidbit, the topic's groups.
    expect(jobs.map((job) => job.kind)).toEqual(
      expect.arrayContaining([
        'refresh-opinion-tidbit',
        'check-topic-groups',
        'compute-topic-groups',
      ]),
    );
    expect(jobs.filter((job) => job.attempts !== 1 || job.lastError !== null)).toEqual([]);
    for (const server of [one, two]) expect(warningsOf(server)).toEqual([]);
  });

  it("warns at start that the server's autovacuum is off, when it is, and only then", async () => {
    const expected = (await hasAutovacuum(handle.db)) ? [] : [autovacuumOffWarning];
    for (const server of [one, two]) {
      expect(logOf(server).filter((line) => line.msg === autovacuumOffWarning)).toEqual(
        expected.map((msg) => expect.objectContaining({ level: 40, msg })),
      );
    }
  });

  it('hears changes again after losing its connection, and drops what it may have missed', async () => {
    const opinion = await buildOpinion(handle.db, { title: 'Night trains beat short flights' });
    expect((await opinionOn(two, opinion.slug)).Opinion.Title).toBe(
      'Night trains beat short flights',
    );
    // Every listening connection is cut, as a network or a server restart would.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${listenerApplicationName} and datname = current_database()`.execute(
      handle.db,
    );
    // A change nobody heard: made straight in the database while the listeners were away.
    await handle.db
      .updateTable('opinions')
      .set({ title: 'Night trains beat most short flights' })
      .where('id', '=', opinion.id)
      .execute();
    await eventually(
      () => opinionOn(two, opinion.slug),
      (body) => body.Opinion.Title === 'Night trains beat most short flights',
    );
    // And it listens again: a vote through one reaches two.
    const voter = await signedInOn(one);
    expect((await voter.post('/api/opinion/vote', { id: opinion.id, rating: 1 })).status).toBe(200);
    await eventually(
      () => opinionOn(two, opinion.slug),
      (body) => body.Opinion.NumVotes === 1,
    );
  });
});
