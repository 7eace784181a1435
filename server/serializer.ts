import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';

/** Response bodies that many requests send as they are: see shareResponseBody. */
const sharedBodies = new WeakSet<object>();

/**
 * Marks a response body that many requests send unchanged (a cached page, kept for the read
 * cache's lifetime): each call serializes it once and then sends the same bytes. The body must
 * not change afterwards; everything a read cache holds is treated as immutable already.
 */
export function shareResponseBody<Body extends object>(body: Body): Body {
  sharedBodies.add(body);
  return body;
}

/**
 * Response serialization from the contract's zod schemas (docs/decisions/023). Each response
 * schema becomes a JSON Schema once, at start-up, and fast-json-stringify compiles a serializer
 * from it: only the declared fields leave, in the declared shape, without running zod on every
 * response (parsing a feed page with zod cost more than building it). Outside production every
 * response is also checked against the zod schema first, so tests fail on a handler that drifts
 * from the contract instead of shipping a coerced value.
 */
export function createResponseSerializerCompiler(options: {
  validate: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const serialize = fastJson(toSerializerSchema(schema));
    const encode = (data: unknown): string => {
      if (options.validate) {
        const checked = schema.safeParse(data);
        if (!checked.success) {
          throw new Error(
            `The response of ${method} ${url} does not match its contract: ${checked.error.message}`,
          );
        }
      }
      return serialize(data);
    };
    // Per call: the same body could be sent by two calls with different response schemas.
    const encodedBodies = new WeakMap<object, Buffer>();
    // Fastify sends a Buffer as it is (and compresses it like a string when asked to).
    return ((data: { body?: unknown }) => {
      const body = data.body;
      if (typeof body !== 'object' || body === null || !sharedBodies.has(body)) return encode(data);
      let bytes = encodedBodies.get(body);
      if (!bytes) encodedBodies.set(body, (bytes = Buffer.from(encode(data))));
      return bytes;
    }) as unknown as (data: unknown) => string;
  };
}

type JsonSchemaNode = Record<string, unknown>;

/**
 * The zod schema as the JSON Schema fast-json-stringify understands best: `anyOf [X, null]`
 * (zod's nullable) becomes X with `nullable: true`, which it writes without trying each branch.
 */
export function toSerializerSchema(schema: z.ZodType): Schema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as JsonSchemaNode;
  delete json.$schema;
  return simplify(json) as Schema;
}

function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node as JsonSchemaNode).map(([key, value]) => [
    key,
    simplify(value),
  ]);
  const simplified = Object.fromEntries(entries) as JsonSchemaNode;
  const branches = simplified.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullIndex = branches.findIndex(
      (branch) => (branch as JsonSchemaNode | null)?.type === 'null',
    );
    const other = branches[1 - nullIndex] as JsonSchemaNode | undefined;
    if (nullIndex !== -1 && other && typeof other.type === 'string' && !('anyOf' in other)) {
      const { anyOf: _anyOf, ...rest } = simplified;
      return { ...rest, ...other, nullable: true };
    }
  }
  return simplified;
}
