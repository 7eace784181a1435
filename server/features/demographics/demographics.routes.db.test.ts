import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demographicsConsentText,
  educationOptions,
  genderOptions,
  householdIncomeOptions,
  maritalStatusOptions,
  nationalityCodes,
  numChildrenOptions,
  politicalSpectrumOptions,
  religionOptions,
  sexualOrientationOptions,
} from '../../../contract/demographics.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildUser, loginAs } from '../../test/factories.ts';

let t: TestApp;
let cookie: string;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  const member = await buildUser(t.db);
  userId = member.id;
  cookie = await loginAs(t.db, member.id);
});
afterAll(async () => {
  await t.close();
});

async function call(path: string, body: unknown, withCookie = true) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', ...(withCookie ? { cookie } : {}) },
    payload: JSON.stringify({ body }),
  });
}

const consent = demographicsConsentText;

const complete = {
  gender: 'other',
  birthYear: 1984,
  nationality: 'gb',
  education: 70,
  maritalStatus: 'civil-union',
  householdIncome: 200,
  sexualOrientation: 'pansexual',
  religion: 'falun',
  politicalSpectrum: 25,
  numChildren: 20,
};

describe('personal details', () => {
  it('start empty, save every field, and read back what was saved', async () => {
    const empty = await call('/api/user/demographics/get', {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json().body.HasConsented).toBe(false);
    expect(Object.values(empty.json().body.Demographics).every((value) => value === null)).toBe(
      true,
    );

    const saved = await call('/api/user/demographics/set', { ...complete, consent });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().body).toEqual({ Demographics: complete, HasConsented: true });
    const read = await call('/api/user/demographics/get', {});
    expect(read.json().body).toEqual({ Demographics: complete, HasConsented: true });
    const row = await t.db
      .selectFrom('demographics')
      .select('consent')
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.consent).toBe(consent);
  });

  it('are all optional: leaving fields out or null clears them, and politicalSpectrum 0 is unset', async () => {
    const response = await call('/api/user/demographics/set', {
      gender: null,
      politicalSpectrum: 0,
      consent,
    });
    expect(response.statusCode).toBe(200);
    const read = (await call('/api/user/demographics/get', {})).json().body;
    expect(Object.values(read.Demographics).every((value) => value === null)).toBe(true);
    expect(read.HasConsented).toBe(true);
  });

  it('need the consent text to save', async () => {
    for (const body of [
      { ...complete },
      { ...complete, consent: '' },
      { ...complete, consent: 'ok' },
    ]) {
      const response = await call('/api/user/demographics/set', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^consent is required/);
    }
  });

  it('accept every listed option of every field', async () => {
    const lists: [string, readonly { value: string | number }[]][] = [
      ['gender', genderOptions],
      ['education', educationOptions],
      ['maritalStatus', maritalStatusOptions],
      ['householdIncome', householdIncomeOptions],
      ['sexualOrientation', sexualOrientationOptions],
      ['religion', religionOptions],
      ['politicalSpectrum', politicalSpectrumOptions],
      ['numChildren', numChildrenOptions],
    ];
    for (const [field, options] of lists) {
      for (const { value } of options) {
        const response = await call('/api/user/demographics/set', { [field]: value, consent });
        expect(response.statusCode, `${field}=${value}`).toBe(200);
      }
    }
    for (const code of ['gb', 'us', 'de', 'ng', 'jp']) {
      const response = await call('/api/user/demographics/set', { nationality: code, consent });
      expect(response.statusCode, code).toBe(200);
    }
    // The earliest year, and the latest: a member who turns 16 this year.
    for (const year of [1900, new Date().getUTCFullYear() - 16]) {
      const response = await call('/api/user/demographics/set', { birthYear: year, consent });
      expect(response.statusCode, String(year)).toBe(200);
    }
  });

  it('refuse a value outside its option list with 400 naming the field', async () => {
    const thisYear = new Date().getUTCFullYear();
    const wrong: [string, unknown][] = [
      ['gender', 'robot'],
      ['gender', 'Male'],
      ['birthYear', 1899],
      ['birthYear', thisYear + 1],
      ['birthYear', thisYear - 15],
      ['birthYear', 1990.5],
      ['birthYear', '1990'],
      ['nationality', 'uk'],
      ['nationality', 'GB'],
      ['nationality', 'gbr'],
      ['education', 45],
      ['education', 'College'],
      ['education', 'phd'],
      ['education', true],
      ['maritalStatus', 'engaged'],
      ['householdIncome', 30],
      ['sexualOrientation', 'straight'],
      ['religion', 'jedi'],
      ['politicalSpectrum', 60],
      ['politicalSpectrum', 101],
      ['numChildren', 0],
      ['numChildren', 21],
      ['numChildren', -2],
    ];
    for (const [field, value] of wrong) {
      const response = await call('/api/user/demographics/set', { [field]: value, consent });
      expect(response.statusCode, `${field}=${String(value)}`).toBe(400);
      const body = response.json();
      expect(body.success).toBe(false);
      expect(body.error, `${field}=${String(value)}`).toMatch(new RegExp(`^${field}\\b`));
    }
  });

  it('take education in its short reading too (school, college, university), stored as 10–70', async () => {
    for (const [word, stored] of [
      ['school', 30],
      ['college', 40],
      ['university', 50],
    ] as const) {
      const saved = await call('/api/user/demographics/set', { education: word, consent });
      expect(saved.statusCode, word).toBe(200);
      expect(saved.json().body.Demographics.education, word).toBe(stored);
      const read = await call('/api/user/demographics/get', {});
      expect(read.json().body.Demographics.education, word).toBe(stored);
    }
    const wrong = await call('/api/user/demographics/set', { education: 'college ', consent });
    expect(wrong.json().error).toBe(
      'education must be one of 10, 20, 30, 40, 50, 60, 70, school, college or university',
    );
  });

  it('refuse a member younger than 16, saying so, and take one who turns 16 this year', async () => {
    const latest = new Date().getUTCFullYear() - 16;
    const tooYoung = await call('/api/user/demographics/set', { birthYear: latest + 1, consent });
    expect(tooYoung.statusCode).toBe(400);
    expect(tooYoung.json().error).toBe(
      `birthYear must be ${latest} or earlier: members must be at least 16`,
    );
    const oldEnough = await call('/api/user/demographics/set', { birthYear: latest, consent });
    expect(oldEnough.statusCode).toBe(200);
    expect(oldEnough.json().body.Demographics.birthYear).toBe(latest);
  });

  it('offer gb and us first among real two-letter country codes', () => {
    expect(nationalityCodes.slice(0, 2)).toEqual(['gb', 'us']);
    expect(new Set(nationalityCodes).size).toBe(nationalityCodes.length);
    expect(nationalityCodes.length).toBe(249);
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (const code of nationalityCodes) {
      expect(names.of(code.toUpperCase()), code).toBeTruthy();
    }
  });

  it('need a logged-in member', async () => {
    expect((await call('/api/user/demographics/get', {}, false)).statusCode).toBe(401);
    expect(
      (await call('/api/user/demographics/set', { ...complete, consent }, false)).statusCode,
    ).toBe(401);
  });
});
