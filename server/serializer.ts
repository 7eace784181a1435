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

/** The bytes of shared bodies, as sent: see isSharedBytes. */
const sharedBytes = new WeakSet<Buffer>();

/**
 * Whether a payload is a shared body's bytes: the same Buffer goes out again for as long as the
 * body is cached, so whatever is derived from it (its compressed forms) can be kept beside it.
 */
export function isSharedBytes(payload: unknown): payload is Buffer {
  return payload instanceof Buffer && sharedBytes.has(payload);
}

/** Bodies put together from shared parts: see composeResponseBody. */
const composedBodies = new WeakSet<object>();

/**
 * Marks a response body built for one request out of parts many requests send unchanged (a
 * member's feed page: the opinions everyone who has not voted on them sees alike, the sidebar
 * cards). Each of its top-level fields is encoded on its own; a field's value, or an item of a
 * field's array, that was passed to shareResponseBody is encoded once per call and then reused
 * as bytes, and the body is the concatenation.
 */
export function composeResponseBody<Body extends object>(body: Body): Body {
  composedBodies.add(body);
  return body;
}

/** How one top-level field of a composed body is encoded. */
type FieldEncoder = {
  name: string;
  /** `"Name":` and `,"Name":`. */
  firstLabel: Buffer;
  nextLabel: Buffer;
  encode: (value: unknown) => string;
  /** For an array field: how one item is encoded. */
  encodeItem: ((item: unknown) => string) | null;
  /** Shared values and items, encoded (per call, like encodedBodies). */
  encoded: WeakMap<object, Buffer>;
};

const openArray = Buffer.from('[');
const closeArray = Buffer.from(']');
const comma = Buffer.from(',');
const envelopeStart = Buffer.from('{"success":true,"body":{');
const envelopeEnd = Buffer.from('}}');

function createFieldEncoders(bodySchema: z.ZodObject): FieldEncoder[] {
  return Object.entries(bodySchema.shape).map(([name, fieldSchema]) => {
    const schema = fieldSchema instanceof z.ZodOptional ? fieldSchema.unwrap() : fieldSchema;
    return {
      name,
      firstLabel: Buffer.from(`${JSON.stringify(name)}:`),
      nextLabel: Buffer.from(`,${JSON.stringify(name)}:`),
      encode: fastJson(toSerializerSchema(schema as z.ZodType)),
      encodeItem:
        schema instanceof z.ZodArray
          ? fastJson(toSerializerSchema(schema.element as z.ZodType))
          : null,
      encoded: new WeakMap(),
    };
  });
}

function encodeComposed(body: Record<string, unknown>, fields: FieldEncoder[]): Buffer {
  const parts: Buffer[] = [envelopeStart];
  const shared = (value: unknown, field: FieldEncoder, encode: (value: unknown) => string) => {
    if (typeof value !== 'object' || value === null || !sharedBodies.has(value)) {
      return Buffer.from(encode(value));
    }
    let bytes = field.encoded.get(value);
    if (!bytes) field.encoded.set(value, (bytes = Buffer.from(encode(value))));
    return bytes;
  };
  let isFirst = true;
  for (const field of fields) {
    const value = body[field.name];
    if (value === undefined) continue;
    parts.push(isFirst ? field.firstLabel : field.nextLabel);
    isFirst = false;
    const { encodeItem } = field;
    if (encodeItem && Array.isArray(value)) {
      parts.push(openArray);
      value.forEach((item, index) => {
        if (index > 0) parts.push(comma);
        parts.push(shared(item, field, encodeItem));
      });
      parts.push(closeArray);
    } else {
      parts.push(shared(value, field, field.encode));
    }
  }
  parts.push(envelopeEnd);
  return Buffer.concat(parts);
}

/**
 * Response serialization from the contract's zod schemas (docs/decisions/023-performance-machinery.md#batching). Each response
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
    const validate = (data: unknown) => {
      const checked = schema.safeParse(data);
      if (!checked.success) {
        throw new Error(
          `The response of ${method} ${url} does not match its contract: ${checked.error.message}`,
        );
      }
    };
    const encode = (data: unknown): string => {
      if (options.validate) validate(data);
      return serialize(data);
    };
    // Per call: the same body could be sent by two calls with different response schemas.
    const encodedBodies = new WeakMap<object, Buffer>();
    let fieldEncoders: FieldEncoder[] | undefined;
    // Fastify sends a Buffer as it is (and compresses it like a string when asked to).
    return ((data: { body?: unknown }) => {
      const body = data.body;
      if (typeof body !== 'object' || body === null) return encode(data);
      if (!sharedBodies.has(body) && composedBodies.has(body)) {
        if (options.validate) validate(data);
        const bodySchema = (schema as z.ZodObject).shape.body as z.ZodObject;
        fieldEncoders ??= createFieldEncoders(bodySchema);
        return encodeComposed(body as Record<string, unknown>, fieldEncoders);
      }
      if (!sharedBodies.has(body)) return encode(data);
      let bytes = encodedBodies.get(body);
      if (!bytes) {
        bytes = Buffer.from(encode(data));
        encodedBodies.set(body, bytes);
        sharedBytes.add(bytes);
      }
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
