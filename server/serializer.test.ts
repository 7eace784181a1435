import { describe, expect, it } from 'vitest';
import { opinion } from '../contract/entities.ts';
import { z as zod } from 'zod';
import {
  composeResponseBody,
  createResponseSerializerCompiler,
  shareResponseBody,
} from './serializer.ts';

const sample = {
  UID: 3,
  Slug: 'cats-are-better-than-dogs',
  Title: 'Cats are better than dogs',
  Link: '/o/cats-are-better-than-dogs',
  ArtifactID: 7,
  NumVotes: 45,
  NumComments: 2,
  NumShares: 1,
  Rating: 0,
  Deleted: false,
  Topics: [{ ArtifactID: 1, Slug: 'pets', Title: 'Pets', Link: '/t/pets', ArtifactType: 'topic' }],
  Tidbit: null,
  Created: '2026-11-21T10:00:00.000Z',
  AuthorUsername: 'ada "the cat" <lovelace>',
};

function compile(schema: zod.ZodType, validate: boolean) {
  return createResponseSerializerCompiler({ validate })({
    schema,
    method: 'GET',
    url: '/api/test',
    httpStatus: '200',
  });
}

describe('response serialization', () => {
  it('writes exactly what JSON.stringify would, for nullable objects both ways', () => {
    const serialize = compile(opinion, false);
    expect(serialize(sample)).toBe(JSON.stringify(sample));
    const withTidbit = {
      ...sample,
      Tidbit: { Desc: 'Owners agree', AgreementWording: 'more likely', AgreementDirection: 1 },
    };
    expect(JSON.parse(serialize(withTidbit))).toEqual(withTidbit);
  });

  it('leaves out every field the contract does not declare', () => {
    const serialize = compile(opinion, false);
    const leaky = { ...sample, email: 'ada@example.com', passwordHash: 'argon2id$…' };
    expect(JSON.parse(serialize(leaky))).toEqual(sample);
  });

  it('outside production refuses a response that drifts from its contract', () => {
    const checked = compile(opinion, true);
    expect(() => checked({ ...sample, Rating: 9 })).toThrow(
      /The response of GET \/api\/test does not match its contract/,
    );
    expect(JSON.parse(checked(sample))).toEqual(sample);
  });

  it('encodes a shared body once per call and sends the same bytes after that', () => {
    const envelope = zod.object({ success: zod.literal(true), body: opinion });
    const serialize = compile(envelope, false);
    const shared = shareResponseBody({ ...sample });
    const first = serialize({ success: true, body: shared });
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(JSON.parse(String(first))).toEqual({ success: true, body: sample });
    expect(serialize({ success: true, body: shared })).toBe(first);
    // A body that is not shared is written afresh every time, as a string.
    const own = { ...sample };
    expect(serialize({ success: true, body: own })).toBe(
      JSON.stringify({ success: true, body: own }),
    );
    // Another call's schema encodes the same shared body by its own rules.
    const titleOnly = compile(
      zod.object({ success: zod.literal(true), body: opinion.pick({ Title: true }) }),
      false,
    );
    expect(JSON.parse(String(titleOnly({ success: true, body: shared })))).toEqual({
      success: true,
      body: { Title: sample.Title },
    });
  });

  it('puts a composed body together from its shared parts, and writes what the contract says', () => {
    const page = zod.object({
      Feed: zod.array(zod.number().int()),
      Opinions: zod.array(opinion),
      After: zod.string(),
      Note: zod.string().optional(),
      Best: opinion.nullable(),
    });
    const envelope = zod.object({ success: zod.literal(true), body: page });
    const serialize = compile(envelope, true);
    const shared = shareResponseBody({ ...sample });
    const own = { ...sample, UID: 4, Rating: 5, email: 'not in the contract' };
    const body = composeResponseBody({
      Feed: [3, 4],
      Opinions: [shared, own, shared],
      After: 'x"y',
      Best: shared,
    });
    const bytes = serialize({ success: true, body });
    expect(Buffer.isBuffer(bytes)).toBe(true);
    const { email: _email, ...ownInContract } = own;
    expect(JSON.parse(String(bytes))).toEqual({
      success: true,
      body: {
        Feed: [3, 4],
        Opinions: [sample, ownInContract, sample],
        After: 'x"y',
        Best: sample,
      },
    });
    // …and the contract is still checked outside production.
    expect(() =>
      serialize({ success: true, body: composeResponseBody({ ...body, After: 3 }) }),
    ).toThrow(/does not match its contract/);
  });
});
