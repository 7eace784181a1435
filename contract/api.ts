import { z } from 'zod';

/**
 * One entry per call: the only definition of its path, payload and response body. The server
 * validates payloads and serializes responses with it; the web client's fetcher is typed by it.
 */
export type ApiCall<
  Payload extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> = {
  method: 'GET' | 'POST';
  path: string;
  /** POST: the object inside `{"body": …}`. GET: the query string. */
  payload: Payload;
  /** The `body` of a `{"success": true, "body": …}` answer. */
  response: Response;
};

/**
 * A call's entry: `defineCall({ ...base.getOpinion, payload, response })`, where `base` is the
 * feature's zod-free module holding the call's method and path (docs/decisions/044).
 */
export function defineCall<
  Method extends 'GET' | 'POST',
  Path extends string,
  Payload extends z.ZodType,
  Response extends z.ZodType,
>(call: {
  method: Method;
  path: Path;
  payload: Payload;
  response: Response;
}): ApiCall<Payload, Response> & { method: Method; path: Path } {
  return call;
}

/** An entry of `serverData` or `appendData`: a value for the client's global data map. */
export const serverDataEntry = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  value: z.unknown(),
});

/** Every failure: a status of 4xx/5xx and a message a person can read. */
export const errorEnvelope = z.object({ success: z.literal(false), error: z.string() });
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const emptyPayload = z.object({}).strict();
export const emptyResponse = z.object({});

/** Paging fields of every feed-like list. */
export const pageFields = {
  /** Opaque cursor for the next page; '' at the end. */
  After: z.string(),
  EndReached: z.boolean(),
};
