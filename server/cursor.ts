import { z } from 'zod';
import { HttpError } from './http.ts';

/*
 * The cursors of paged lists (`After` in a page, `after` in the next request): the last position
 * served, as base64url JSON with short keys. Opaque to the client; a cursor that does not decode to
 * the list's shape is a 400 that names the field, never a 500.
 */

/** The cursor for a position: its fields as base64url JSON. */
export function encodeCursor(position: Readonly<Record<string, string | number>>): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** The position a cursor carries, checked against the list's `shape`; else a 400 on `after`. */
export function decodeCursor<Shape extends z.ZodType>(
  after: string,
  shape: Shape,
): z.output<Shape> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const result = shape.safeParse(parsed);
  if (!result.success) {
    throw new HttpError(400, 'after: not a valid cursor; start again without one');
  }
  return result.data;
}

/** A row id in a cursor. */
export const cursorId = z.number().int();

/** A time in a cursor, in milliseconds since the epoch, that a Date can hold. */
export const cursorTimeMs = z
  .number()
  .refine((ms) => !Number.isNaN(new Date(ms).getTime()), 'not a time');

/** A database timestamp in a cursor, as Postgres prints it to the microsecond. */
export const cursorTimestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
  .refine((text) => !Number.isNaN(Date.parse(text)), 'not a time');
