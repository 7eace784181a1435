import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiCall } from '../contract/api.ts';
import type { ResponseOf } from '../contract/calls.ts';

/** The one error type handlers throw: its status and message go to the client as they are. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

export const notFound = (what = 'Not found. The URL you entered may be invalid.') =>
  new HttpError(404, what);

type CallHandler<Call extends ApiCall> = (
  input: z.output<Call['payload']>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<ResponseOf<Call>>;

/**
 * Registers a contract call as a route: validates the payload with the call's schema (the query
 * string for GET, the `{"body": …}` envelope for POST), runs the handler and sends
 * `{"success": true, "body": …}` serialized through the call's response schema.
 */
export function registerCall<Call extends ApiCall>(
  app: FastifyInstance,
  call: Call,
  handler: CallHandler<Call>,
  options: {
    /**
     * The handler resolves the session itself (from `request.sessionTokenHash`) inside its own
     * database round trip, so the session plugin leaves `request.user` null (the vote endpoint:
     * docs/decisions/023-performance-machinery.md#batching).
     */
    resolvesOwnSession?: boolean;
    /** A POST body larger than the app's limit this call accepts, in bytes (an image upload). */
    bodyLimit?: number;
  } = {},
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: z.object({ success: z.literal(true), body: call.response }) };
  const config = { resolvesOwnSession: options.resolvesOwnSession === true };
  if (call.method === 'GET') {
    typed.get(
      call.path,
      { schema: { querystring: call.payload, response }, config },
      async (request, reply) => ({
        success: true as const,
        body: await handler(request.query as z.output<Call['payload']>, request, reply),
      }),
    );
    return;
  }
  // A call whose payload may be empty also accepts a request without the envelope's body.
  const acceptsEmpty = call.payload.safeParse({}).success;
  const envelope = z.object(
    { body: acceptsEmpty ? call.payload.optional() : call.payload },
    { error: 'The request must be a JSON object of the form {"body": {...}}' },
  );
  typed.post(
    call.path,
    {
      schema: { body: envelope, response },
      config,
      ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    },
    async (request, reply) => {
      const { body } = request.body as { body?: z.output<Call['payload']> };
      const input = body ?? (call.payload.parse({}) as z.output<Call['payload']>);
      return { success: true as const, body: await handler(input, request, reply) };
    },
  );
}

/** If-None-Match may list several validators, weak ones prefixed with W/. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === etag || candidate === '*');
}
