/**
 * Responses are written by Fastify's own serializer (fast-json-stringify), compiled once per route
 * from the route's zod schemas through z.toJSONSchema, instead of zod checking and copying every
 * answer before JSON.stringify (docs/decisions/016-api-hot-path.md). Both write exactly the
 * schema's keys in the schema's order, and the same escapes, so clients get the same bytes.
 *
 * Only schemas that say nothing but shape take that path: objects (no extra keys), arrays,
 * strings, numbers, booleans, enums, null and nullable. A route with anything else in a response
 * (unions, records, unknown values, defaults, transforms) keeps zod's serializer for all its
 * answers, whose results are then not the plain shape a JSON Schema can describe.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** What shapes a value; fast-json-stringify reads nothing else. */
const SHAPE = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'nullable', 'enum']);
/** What only a validator reads: dropped, since the compiled serializer does not check values. */
const CHECKS_ONLY = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'description', 'title']);
const TYPES = new Set(['string', 'integer', 'number', 'boolean', 'null', 'object', 'array']);

/** The JSON Schema of a zod response schema when it is shape alone; undefined otherwise. */
export function shapeSchema(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  let json: JsonSchema;
  try {
    // OpenAPI 3.0 writes a nullable value as `nullable: true`, which the serializer reads directly.
    json = z.toJSONSchema(schema, { io: 'output', target: 'openapi-3.0', unrepresentable: 'throw' }) as JsonSchema;
  } catch {
    return undefined;
  }
  return shapeOnly(json);
}

function shapeOnly(node: unknown): JsonSchema | undefined {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (CHECKS_ONLY.has(key) || key === '$schema') continue;
    if (!SHAPE.has(key)) return undefined;
    out[key] = value;
  }
  const type = out.type;
  if (typeof type !== 'string' || !TYPES.has(type)) return undefined;
  if (out.enum !== undefined && !Array.isArray(out.enum)) return undefined;
  if (out.nullable !== undefined && out.nullable !== true) return undefined;
  if (type === 'array') {
    const items = shapeOnly(out.items);
    if (!items) return undefined;
    out.items = items;
  } else if (out.items !== undefined) {
    return undefined;
  }
  if (type === 'object') {
    // Keys the schema does not name are dropped, as zod's z.object drops them.
    if (out.additionalProperties !== false || typeof out.properties !== 'object' || out.properties === null) return undefined;
    const properties: JsonSchema = {};
    for (const [name, child] of Object.entries(out.properties)) {
      const shaped = shapeOnly(child);
      if (!shaped) return undefined;
      properties[name] = shaped;
    }
    out.properties = properties;
  } else if (out.properties !== undefined || out.additionalProperties !== undefined || out.required !== undefined) {
    return undefined;
  }
  return out;
}

/**
 * Registered before any route: each route's response schemas become JSON Schemas for Fastify's
 * serializer, or, when one of them is more than shape, the route keeps zod's serializer.
 */
export function installResponseSerializer(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response || route.serializerCompiler) return;
    const compiled: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(response)) {
      // Written as JSON Schema already: Fastify's serializer takes it as it is.
      if (!(schema instanceof z.ZodType)) {
        compiled[status] = schema;
        continue;
      }
      const json = shapeSchema(schema);
      if (!json) {
        // Its schemas are all zod here; Fastify types a route's compiler for JSON Schema.
        route.serializerCompiler = zodSerializerCompiler as RouteOptions['serializerCompiler'];
        return;
      }
      compiled[status] = json;
    }
    route.schema = { ...route.schema, response: compiled };
  });
}
