import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DatabaseUnavailableError } from '../db/outages.ts';
import { HttpError } from '../http.ts';

type FailureBody = { success: false; error: string };

/**
 * Fastify's own error codes, mapped to the wire format's statuses and readable messages
 * (docs/product/calls.md#wire-format).
 */
const fastifyErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Requests must be sent as JSON (Content-Type: application/json)',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The request body is malformed' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: 'The request body is empty; send a JSON object of the form {"body": {...}}',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON' },
};

const envelopeMessage = 'The request must be a JSON object of the form {"body": {...}}';

function describeValidationFailure(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  const isBody = error.validationContext === 'body';
  const issues = error.validation.slice(0, 3).map((issue) => {
    const segments = issue.instancePath.split('/').filter(Boolean);
    // POST payloads live under `body` in the envelope: a problem with the envelope itself gets
    // its own message, and a payload field is named without the envelope's prefix.
    if (isBody && segments.length <= 1) return envelopeMessage;
    const field = (isBody ? segments.slice(1) : segments).join('.');
    const text = issue.message ?? 'is invalid';
    const message = /received undefined$/.test(text) ? 'is required' : text;
    if (!field) return message;
    return message.startsWith(`${field}:`) || message.startsWith(`${field} `)
      ? message
      : `${field}: ${message}`;
  });
  return [...new Set(issues)].join('; ');
}

export function sendFailure(reply: FastifyReply, status: number, message: string) {
  const body: FailureBody = { success: false, error: message };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Every failure leaves as `{"success": false, "error": "…"}`: no HTML, no stack trace, and no 500
 * for bad input. Unexpected errors are logged with their stack and answered with a plain message.
 * A request refused for want of the database gets 503 and no line of its own: the database's
 * outage log tells when the outage started and ended, and how many requests it refused
 * (docs/decisions/036-database-outages.md).
 */
export function registerErrorHandling(app: FastifyInstance) {
  // PostgreSQL text cannot hold U+0000; refuse it up front rather than fail in the database.
  app.addHook('preValidation', (request, reply, done) => {
    // Pages answer a path the database cannot hold with their own 404 (plugins/web.ts).
    const isApiCall = request.url.startsWith('/api/');
    if (
      containsNul(request.query) ||
      containsNul(request.body) ||
      (isApiCall && containsNul(request.params))
    ) {
      void sendFailure(reply, 400, 'Text must not contain NUL (U+0000) characters');
      return;
    }
    done();
  });
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return sendFailure(reply, error.statusCode, error.message);
    }
    if (error.validation) {
      return sendFailure(reply, 400, describeValidationFailure(error));
    }
    const known = error.code ? fastifyErrors[error.code] : undefined;
    if (known) return sendFailure(reply, known.status, known.message);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendFailure(reply, status, error.message || 'The request could not be handled');
    }
    // Text the database cannot hold (a NUL, an invalid byte sequence) is bad input, not a fault.
    if (['22021', '22P05'].includes(String((error as { code?: unknown }).code))) {
      return sendFailure(reply, 400, 'Text must not contain NUL (U+0000) characters');
    }
    if (error instanceof DatabaseUnavailableError) {
      error.outages?.noteRefusedRequest();
      return sendFailure(reply, 503, 'The database is unavailable; please try again shortly');
    }
    request.log.error({ err: error }, 'request failed');
    return sendFailure(reply, 500, 'Something went wrong on our side; please try again');
  });
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}
