import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { cursorId, cursorTimeMs, cursorTimestamp, decodeCursor, encodeCursor } from './cursor.ts';
import { HttpError } from './http.ts';

const shape = z.object({ t: cursorTimeMs, s: z.number(), i: cursorId });
const timestampShape = z.object({ t: cursorTimestamp, i: cursorId });

function statusOf(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error.statusCode;
    throw error;
  }
  return undefined;
}

describe('the cursor codec', () => {
  it('gives back every position it encoded', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -8.64e15, max: 8.64e15 }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.maxSafeInteger(),
        (t, s, i) => {
          // JSON has no -0: it comes back as 0, the same position.
          expect(decodeCursor(encodeCursor({ t, s, i }), shape)).toEqual({ t, s: s + 0, i });
        },
      ),
    );
  });

  it('round-trips a database timestamp', () => {
    const position = { t: '2026-11-25T12:00:00.123456Z', i: 42 };
    expect(decodeCursor(encodeCursor(position), timestampShape)).toEqual(position);
  });

  it('answers a 400 naming `after` for anything that is not a cursor of the shape', () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad = [
      '',
      'not base64 json',
      encode(null),
      encode([1, 2]),
      encode({ t: 1, s: 1 }),
      encode({ t: 1, s: 1, i: 1.5 }),
      encode({ t: 1, s: 1, i: 2 ** 60 }),
      encode({ t: 8.64e15 + 1, s: 1, i: 1 }),
      encode({ t: '1', s: 1, i: 1 }),
    ];
    for (const after of bad) expect(statusOf(() => decodeCursor(after, shape))).toBe(400);
    expect(statusOf(() => decodeCursor(encode({ t: '2026-11-25', i: 1 }), timestampShape))).toBe(
      400,
    );
    expect(() => decodeCursor('', shape)).toThrow(/^after: not a valid cursor/);
  });
});
