import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxUsernamesPerAdd, userTagMembersPageSize } from '../../../contract/usertags.ts';
import { createTestApp, postJson, type TestApp } from '../../test/app.ts';
import { buildMember, buildUser } from '../../test/factories.ts';

let t: TestApp;
let staff: string;
let member: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await buildMember(t.db, { adminHub: true })).cookie;
  member = (await buildMember(t.db, { canCreateOpinions: true, canSeeDetailedOpinionReport: true }))
    .cookie;
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a JSON answer, read field by field
type Answer = { statusCode: number; json(): { success: boolean; body: Body; error: string } };

function post(path: string, body: unknown, cookie?: string): Promise<Answer> {
  return postJson(t.app, path, body, cookie);
}

function get(url: string, cookie?: string): Promise<Answer> {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

function expectFailure(answer: Answer, status: number, message?: RegExp) {
  expect(answer.statusCode).toBe(status);
  const body = answer.json();
  expect(body.success).toBe(false);
  if (message) expect(body.error).toMatch(message);
}

function ok(answer: Answer): Body {
  expect(answer.statusCode, JSON.stringify(answer.json())).toBe(200);
  return answer.json().body;
}

async function createTag(name: string): Promise<number> {
  return ok(await post('/api/usertag/new', { name }, staff)).Tag.ArtifactID as number;
}

async function tagMemberIds(tagId: number): Promise<number[]> {
  const rows = await t.db
    .selectFrom('userTagMembers')
    .select('userId')
    .where('tagId', '=', tagId)
    .orderBy('userId')
    .execute();
  return rows.map((row) => row.userId);
}

describe('who may use user tags', () => {
  it('refuses visitors (401) and members without the admin hub (403) on every call', async () => {
    const tagId = await createTag('Roles check');
    const calls: [string, string, unknown][] = [
      ['GET', '/api/usertag/search?q=rol', undefined],
      ['GET', '/api/usertag/getall', undefined],
      ['POST', '/api/usertag/new', { name: 'Sneaky' }],
      ['POST', '/api/usertag/edit', { id: tagId, name: 'Sneaky' }],
      ['POST', '/api/usertag/delete', { id: tagId }],
      ['GET', `/api/usertag/members?id=${tagId}`, undefined],
      ['POST', '/api/usertag/addmembers', { id: tagId, usernames: 'someone' }],
      ['POST', '/api/usertag/removemember', { id: tagId, username: 'someone' }],
    ];
    for (const [method, path, body] of calls) {
      const send = (cookie?: string) =>
        method === 'GET' ? get(path, cookie) : post(path, body, cookie);
      expectFailure(await send(), 401, /Log in/);
      expectFailure(await send(member), 403, /not allowed/);
    }
    const stored = await t.db.selectFrom('userTags').select('name').execute();
    expect(stored.map((row) => row.name)).not.toContain('Sneaky');
    expect(ok(await get('/api/usertag/getall', staff)).Tags.length).toBeGreaterThan(0);
  });

  it('lets an ADMIN_EMAILS account in without the flag on its row', async () => {
    const app = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.test' } });
    try {
      const boss = await buildMember(app.db, { email: 'boss@example.test' });
      const answer = await app.app.inject({
        method: 'GET',
        url: '/api/usertag/getall',
        headers: { cookie: boss.cookie },
      });
      expect(answer.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('creating, renaming and deleting tags', () => {
  it('creates a tag, lists it with its member count and records who made it', async () => {
    const created = ok(await post('/api/usertag/new', { name: '  Pilot   school 2026 ' }, staff));
    expect(created.Tag).toMatchObject({ Name: 'Pilot school 2026', NumMembers: 0 });
    expect(Number.isNaN(Date.parse(created.Tag.CreatedAt))).toBe(false);
    const row = await t.db
      .selectFrom('userTags')
      .innerJoin('users', 'users.id', 'userTags.createdBy')
      .select(['users.adminHub'])
      .where('userTags.id', '=', created.Tag.ArtifactID)
      .executeTakeFirstOrThrow();
    expect(row.adminHub).toBe(true);
    const listed = ok(await get('/api/usertag/getall', staff)).Tags as Body[];
    expect(listed.find((tag) => tag.ArtifactID === created.Tag.ArtifactID)).toMatchObject({
      Name: 'Pilot school 2026',
      NumMembers: 0,
    });
  });

  it('refuses empty, blank and too long names with a 400 naming the field', async () => {
    expectFailure(await post('/api/usertag/new', { name: '' }, staff), 400, /name/);
    expectFailure(await post('/api/usertag/new', { name: '   \n ' }, staff), 400, /name/);
    expectFailure(await post('/api/usertag/new', { name: 'x'.repeat(61) }, staff), 400, /name/);
    expectFailure(await post('/api/usertag/new', {}, staff), 400, /name/);
    expectFailure(await post('/api/usertag/new', { name: 'Fine', extra: 1 }, staff), 400);
    expect(ok(await post('/api/usertag/new', { name: 'y'.repeat(60) }, staff)).Tag.Name).toBe(
      'y'.repeat(60),
    );
  });

  it('refuses a name taken in any letter case with 409, on create and on rename', async () => {
    await createTag('Panel B');
    expectFailure(await post('/api/usertag/new', { name: 'panel b' }, staff), 409, /exists/);
    const other = await createTag('Panel C');
    expectFailure(
      await post('/api/usertag/edit', { id: other, name: 'PANEL B' }, staff),
      409,
      /exists/,
    );
    // Renaming a tag to its own name in another case is allowed.
    const renamed = ok(await post('/api/usertag/edit', { id: other, name: 'panel c' }, staff));
    expect(renamed.Tag).toMatchObject({ ArtifactID: other, Name: 'panel c' });
    expectFailure(await post('/api/usertag/edit', { id: 999_999, name: 'Nope' }, staff), 404);
  });

  it('deletes a tag with its memberships, and keeps the members', async () => {
    const tagId = await createTag('Short lived');
    const user = await buildUser(t.db);
    ok(await post('/api/usertag/addmembers', { id: tagId, usernames: user.username }, staff));
    expect(await tagMemberIds(tagId)).toEqual([user.id]);
    expect(ok(await post('/api/usertag/delete', { id: tagId }, staff))).toEqual({});
    expect(await tagMemberIds(tagId)).toEqual([]);
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst(),
    ).toBeDefined();
    expectFailure(await post('/api/usertag/delete', { id: tagId }, staff), 404);
  });
});

describe('attaching and detaching members', () => {
  it('attaches a pasted list, names the unknown usernames and attaches the rest', async () => {
    const tagId = await createTag('Pasted list');
    const a = await buildUser(t.db, { username: 'Alice_Tagged' });
    const b = await buildUser(t.db, { username: 'bob-tagged' });
    const c = await buildUser(t.db, { username: 'carol99' });
    const pasted = `alice_tagged, @BOB-TAGGED\nnobody-here\r\n\n carol99;ghost_user  alice_tagged`;
    const answer = ok(
      await post('/api/usertag/addmembers', { id: tagId, usernames: pasted }, staff),
    );
    expect(answer).toMatchObject({
      Added: 3,
      AlreadyTagged: 0,
      NotFound: ['nobody-here', 'ghost_user'],
    });
    expect(answer.Tag.NumMembers).toBe(3);
    expect(await tagMemberIds(tagId)).toEqual([a.id, b.id, c.id].sort((x, y) => x - y));

    const again = ok(
      await post('/api/usertag/addmembers', { id: tagId, usernames: 'carol99 ghost_user' }, staff),
    );
    expect(again).toMatchObject({ Added: 0, AlreadyTagged: 1, NotFound: ['ghost_user'] });
    expect(again.Tag.NumMembers).toBe(3);
  });

  it('refuses an empty list, an unknown tag and too many names', async () => {
    const tagId = await createTag('Validation');
    expectFailure(
      await post('/api/usertag/addmembers', { id: tagId, usernames: ' ,\n ' }, staff),
      400,
      /usernames/,
    );
    expectFailure(
      await post('/api/usertag/addmembers', { id: 'one', usernames: 'x' }, staff),
      400,
      /id/,
    );
    expectFailure(
      await post('/api/usertag/addmembers', { id: 987_654, usernames: 'x' }, staff),
      404,
      /tag/,
    );
    const tooMany = Array.from({ length: maxUsernamesPerAdd + 1 }, (_, i) => `u${i}`).join('\n');
    expectFailure(
      await post('/api/usertag/addmembers', { id: tagId, usernames: tooMany }, staff),
      400,
      /at most/,
    );
  });

  it('attaches nobody when the transaction fails part-way', async () => {
    const tagId = await createTag('All or nothing');
    const first = await buildUser(t.db);
    const poisoned = await buildUser(t.db);
    // A trigger that fails on one member's row, as a crash part-way through the insert would.
    await sql
      .raw(
        `create function refuse_poisoned() returns trigger language plpgsql as $$
         begin
           if new.user_id = ${poisoned.id} then raise exception 'refused'; end if;
           return new;
         end $$`,
      )
      .execute(t.db);
    await sql
      .raw(
        `create trigger refuse_poisoned before insert on user_tag_members
         for each row execute function refuse_poisoned()`,
      )
      .execute(t.db);
    try {
      const answer = await post(
        '/api/usertag/addmembers',
        { id: tagId, usernames: `${first.username}\n${poisoned.username}` },
        staff,
      );
      expect(answer.statusCode).toBeGreaterThanOrEqual(500);
      expect(await tagMemberIds(tagId)).toEqual([]);
    } finally {
      await sql.raw('drop trigger refuse_poisoned on user_tag_members').execute(t.db);
      await sql.raw('drop function refuse_poisoned()').execute(t.db);
    }
    const retried = ok(
      await post(
        '/api/usertag/addmembers',
        { id: tagId, usernames: `${first.username}\n${poisoned.username}` },
        staff,
      ),
    );
    expect(retried.Added).toBe(2);
  });

  it('detaches one member, and says so when they do not carry the tag', async () => {
    const tagId = await createTag('Detach');
    const a = await buildUser(t.db);
    const b = await buildUser(t.db);
    ok(
      await post(
        '/api/usertag/addmembers',
        { id: tagId, usernames: `${a.username},${b.username}` },
        staff,
      ),
    );
    const answer = ok(
      await post(
        '/api/usertag/removemember',
        { id: tagId, username: a.username.toUpperCase() },
        staff,
      ),
    );
    expect(answer.Tag.NumMembers).toBe(1);
    expect(await tagMemberIds(tagId)).toEqual([b.id]);
    expectFailure(
      await post('/api/usertag/removemember', { id: tagId, username: a.username }, staff),
      404,
      /does not carry/,
    );
    expectFailure(
      await post('/api/usertag/removemember', { id: tagId, username: 'no-such-member' }, staff),
      404,
      /no member/,
    );
  });

  it('drops a deleted member from every tag', async () => {
    const tagId = await createTag('Member leaves');
    const leaver = await buildUser(t.db);
    ok(await post('/api/usertag/addmembers', { id: tagId, usernames: leaver.username }, staff));
    await t.db.deleteFrom('users').where('id', '=', leaver.id).execute();
    expect(await tagMemberIds(tagId)).toEqual([]);
  });
});

describe("a tag's member list", () => {
  it('pages through the members by username until the end', async () => {
    const tagId = await createTag('Big group');
    const names = Array.from(
      { length: userTagMembersPageSize + 7 },
      (_, i) => `Pager${String(i).padStart(3, '0')}`,
    );
    for (const username of names) await buildUser(t.db, { username });
    ok(await post('/api/usertag/addmembers', { id: tagId, usernames: names.join('\n') }, staff));

    const seen: string[] = [];
    let after = '';
    for (let page = 0; page < 5; page++) {
      const url = `/api/usertag/members?id=${tagId}${after ? `&after=${after}` : ''}`;
      const body = ok(await get(url, staff));
      expect(body.Tag.NumMembers).toBe(names.length);
      seen.push(...body.Members.map((m: Body) => m.UsernameCased));
      if (body.EndReached) break;
      after = body.After;
    }
    expect(seen).toEqual(names);
    expectFailure(await get(`/api/usertag/members?id=${tagId}&after=garbage`, staff), 400, /after/);
    expectFailure(await get('/api/usertag/members?id=abc', staff), 400, /id/);
    expectFailure(await get('/api/usertag/members?id=424242', staff), 404);
  });
});

describe('the tag search of the filter box', () => {
  it('finds tags by any part of the name, names that start with the query first', async () => {
    const ends = await createTag('Group Zeta 50% off');
    const starts = await createTag('Zeta cohort');
    await createTag('Unrelated');
    const body = ok(await get('/api/usertag/search?q=zeta', staff));
    expect(body.Results).toEqual([
      { ArtifactID: starts, Name: 'Zeta cohort' },
      { ArtifactID: ends, Name: 'Group Zeta 50% off' },
    ]);
    // LIKE wildcards are matched literally.
    expect(ok(await get('/api/usertag/search?q=50%25', staff)).Results).toEqual([
      { ArtifactID: ends, Name: 'Group Zeta 50% off' },
    ]);
    expect(ok(await get('/api/usertag/search?q=___', staff)).Results).toEqual([]);
  });

  it('needs more than 2 characters, as every search', async () => {
    expectFailure(await get('/api/usertag/search?q=ze', staff), 400, /at least 3/);
    expectFailure(await get('/api/usertag/search?q=%20%20ze%20', staff), 400, /at least 3/);
    expectFailure(await get('/api/usertag/search', staff), 400, /q/);
  });
});
