import { z } from "zod";
import type { Operation } from "@/lib/contracts/common";
import { ErrorBodySchema } from "@/lib/contracts/common";

type JsonObject = { [key: string]: unknown };

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid input: unknown keys, wrong types, malformed JSON or failed validation",
  401: "Missing, unknown or revoked API key, or a key of the other region",
  403: "The key or role lacks the permission for this action",
  404: "Not found, or not in the caller's team",
  409: "Conflict with the current state",
  413: "Request body too large",
  429: "Rate limit exceeded; see Retry-After",
};

/**
 * Converts a zod schema to JSON Schema 2020-12 (what OpenAPI 3.1 uses), hoisting named sub-schemas (`.meta({id})`)
 * into components so they are shared and referenced rather than repeated.
 */
function toSchema(schema: z.ZodType, io: "input" | "output", components: JsonObject): JsonObject {
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonObject;
  delete json.$schema;
  const defs = (json.$defs ?? {}) as JsonObject;
  delete json.$defs;
  for (const [name, def] of Object.entries(defs)) components[name] = rewriteRefs(def);
  const root = rewriteRefs(json) as JsonObject;
  const id = (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;
  if (id) {
    const ref = `#/components/schemas/${id}`;
    // zod hoists a root with an id into $defs itself and leaves the root a bare $ref to it: storing that root
    // would replace the component with a reference to itself.
    if (root.$ref !== ref) components[id] = root;
    return { $ref: ref };
  }
  return root;
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === "object") {
    const out: JsonObject = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] = key === "$ref" && typeof inner === "string" ? inner.replace("#/$defs/", "#/components/schemas/") : rewriteRefs(inner);
    }
    return out;
  }
  return value;
}

function parameters(operation: Operation, components: JsonObject) {
  const out: JsonObject[] = [];
  for (const [location, schema] of [
    ["path", operation.params],
    ["query", operation.query],
  ] as const) {
    if (!schema) continue;
    const json = toSchema(schema, "input", components) as { properties?: JsonObject; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const description = (property as { description?: string }).description;
      out.push({
        name,
        in: location,
        required: location === "path" || (json.required ?? []).includes(name),
        schema: property,
        ...(description ? { description } : {}),
      });
    }
  }
  return out;
}

export function buildOpenApiDocument(operations: Operation[], info: { version: string; serverUrl: string }) {
  const components: JsonObject = {};
  const paths: Record<string, JsonObject> = {};
  const errorRef = toSchema(ErrorBodySchema, "output", components);
  for (const operation of operations) {
    const status = String(operation.successStatus ?? 200);
    const responses: JsonObject = {
      [status]: operation.produces
        ? { description: "The file", content: Object.fromEntries(operation.produces.map((type) => [type, { schema: { type: "string", format: "binary" } }])) }
        : { description: "Success", content: { "application/json": { schema: operation.response ? toSchema(operation.response, "output", components) : {} } } },
    };
    const errors = new Set([...(operation.permission === null ? [] : [401, 429]), ...(operation.body || operation.query ? [400] : []), ...(operation.errors ?? [])]);
    for (const code of [...errors].sort()) {
      responses[String(code)] = { description: ERROR_DESCRIPTIONS[code] ?? "Error", content: { "application/json": { schema: errorRef } } };
    }
    const entry: JsonObject = {
      operationId: operation.operationId,
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      tags: [operation.tag],
      parameters: parameters(operation, components),
      ...(operation.body ? { requestBody: { required: true, content: { "application/json": { schema: toSchema(operation.body, "input", components) } } } } : {}),
      ...(operation.formBody ? { requestBody: { required: true, content: { [operation.formBody.contentType]: { schema: operation.formBody.schema } } } } : {}),
      responses,
      ...(operation.permission === null ? { security: [] } : {}),
      ...(typeof operation.permission === "string" && operation.permission !== "authenticated" ? { "x-permission": operation.permission } : {}),
    };
    paths[operation.path] = { ...(paths[operation.path] ?? {}), [operation.method.toLowerCase()]: entry };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Quarry API",
      version: info.version,
      description:
        "Turn documents into data. Every request carries an API key (`Authorization: Bearer <key>`); keys are per team and per region. Rate limits: 100 requests per minute and 10,000 per day per key, reported in X-RateLimit-* headers.",
    },
    servers: [{ url: `${info.serverUrl}/api/v1` }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      schemas: components,
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "An API key `dx_<region>_…`; the raw key without `Bearer` is accepted too." } },
    },
  };
}
