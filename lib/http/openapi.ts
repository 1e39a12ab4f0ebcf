import { z } from "zod";
import type { Operation } from "@/lib/contracts/common";
import { ErrorBodySchema } from "@/lib/contracts/common";
import { WEBHOOK_PAYLOADS } from "@/lib/contracts/webhooks";

type JsonObject = { [key: string]: unknown };

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid input: unknown keys, wrong types, malformed JSON or failed validation",
  401: "Missing, unknown or revoked API key, or a key of the other region",
  403: "The key or role lacks the permission for this action",
  404: "Not found, or not in the caller's team",
  405: "Method not allowed; the Allow header lists the path's methods",
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

/**
 * A request body. A named one goes to `components.requestBodies`, not `components.schemas`: generators such as
 * openapi-typescript make a property with a `default` required in a schema component (right for responses, where
 * the server always fills it), but leave it optional under a request body, where the caller may omit it.
 */
function requestBody(schema: z.ZodType, components: JsonObject, requestBodies: JsonObject): JsonObject {
  const id = (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as JsonObject;
  delete json.$schema;
  const defs = (json.$defs ?? {}) as JsonObject;
  delete json.$defs;
  // zod leaves a root with an id as a $ref to its own def: inline that def, and keep it as a schema component
  // only when something refers to it (a recursive schema: a table field's columns are fields).
  const root = (json.$ref && id && defs[id] ? rewriteRefs(defs[id]) : rewriteRefs(json)) as JsonObject;
  const selfRef = `"#/$defs/${id}"`;
  for (const [name, def] of Object.entries(defs)) {
    if (name !== id || JSON.stringify(defs).split(selfRef).length > 1) components[name] = rewriteRefs(def);
  }
  const body = { required: true, content: { "application/json": { schema: root } } };
  if (!id) return body;
  requestBodies[id] = body;
  return { $ref: `#/components/requestBodies/${id}` };
}

const TEXT_FILE_TYPES = new Set(["text/csv", "application/xml", "text/xml", "text/plain"]);

/** A file response: JSON as its schema, text formats as strings, the rest as bytes. */
function fileContent(operation: Operation, components: JsonObject): JsonObject {
  const content: JsonObject = {};
  for (const type of operation.produces ?? []) {
    if (type === "application/json" && operation.jsonFile) content[type] = { schema: toSchema(operation.jsonFile, "output", components) };
    else if (TEXT_FILE_TYPES.has(type)) content[type] = { schema: { type: "string" } };
    else content[type] = { schema: { type: "string", format: "binary" } };
  }
  return content;
}

/** OpenAPI 3.1 `webhooks`: what Quarry POSTs to an endpoint for each event, signed per Standard Webhooks. */
function webhooksSection(components: JsonObject): JsonObject {
  const signature = ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => ({
    name,
    in: "header",
    required: true,
    schema: { type: "string" },
    description:
      name === "webhook-id"
        ? "Unique per delivery, the same on its automatic retries (de-duplicate on it)"
        : name === "webhook-timestamp"
          ? "Unix seconds of this attempt"
          : "`v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the endpoint's `whsec_` secret",
  }));
  return Object.fromEntries(
    Object.entries(WEBHOOK_PAYLOADS).map(([event, { summary, schema }]) => [
      event,
      {
        post: {
          operationId: `webhook_${event.replace(/\W/g, "_")}`,
          summary,
          tags: ["Webhooks"],
          parameters: signature,
          requestBody: { required: true, content: { "application/json": { schema: toSchema(schema, "output", components) } } },
          responses: { "200": { description: "Any 2xx acknowledges the delivery; anything else, a timeout (10 s) or a redirect is retried" } },
        },
      },
    ]),
  );
}

export type OpenApiInfo = {
  version: string;
  /** This deployment's PUBLIC_BASE_URL. */
  serverUrl: string;
  /** Its other public addresses (PUBLIC_BASE_URLS). */
  otherServerUrls?: string[];
  /** The other regions' base addresses, listed so a generated client can target them. */
  regionServers?: { region: string; url: string }[];
};

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\./.test(host);
}

export function buildOpenApiDocument(operations: Operation[], info: OpenApiInfo) {
  const components: JsonObject = {};
  const requestBodies: JsonObject = {};
  const paths: Record<string, JsonObject> = {};
  const errorRef = toSchema(ErrorBodySchema, "output", components);
  for (const operation of operations) {
    const status = String(operation.successStatus ?? 200);
    const responses: JsonObject = {
      [status]: operation.produces
        ? { description: "The file", content: fileContent(operation, components) }
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
      ...(operation.body ? { requestBody: requestBody(operation.body, components, requestBodies) } : {}),
      ...(operation.formBody ? { requestBody: { required: true, content: { [operation.formBody.contentType]: { schema: operation.formBody.schema } } } } : {}),
      responses,
      ...(operation.permission === null ? { security: [] } : {}),
      ...(typeof operation.permission === "string" && operation.permission !== "authenticated" ? { "x-permission": operation.permission } : {}),
    };
    paths[operation.path] = { ...(paths[operation.path] ?? {}), [operation.method.toLowerCase()]: entry };
  }
  const webhooks = webhooksSection(components);
  const servers = [
    // A loopback address (the development default) is no server a reader of the document could reach, and
    // validators flag it: the relative form resolves against wherever the document itself was read from.
    isLoopback(info.serverUrl) ? { url: "/api/v1", description: "This deployment (where this document is served)" } : { url: `${info.serverUrl}/api/v1`, description: "This deployment" },
    ...(info.otherServerUrls ?? []).filter((url) => !isLoopback(url)).map((url) => ({ url: `${url}/api/v1`, description: "This deployment, another of its addresses" })),
    ...(info.regionServers ?? []).map((server) => ({ url: `${server.url}/api/v1`, description: `The ${server.region.toUpperCase()} region (keys are per region)` })),
  ];
  return {
    openapi: "3.1.0",
    info: {
      title: "Quarry API",
      version: info.version,
      description:
        "Turn documents into data. Every request carries an API key (`Authorization: Bearer <key>`); keys are per team and per region. Rate limits: 100 requests per minute and 10,000 per day per key, reported in X-RateLimit-* headers. GETs answer with an ETag (send it back in If-None-Match for a 304) and lists with RFC 8288 `Link` headers beside `pagination`. Webhook payloads are under `webhooks`.",
      // An SPDX reference of the `LicenseRef-` form: OpenAPI 3.1 wants an `identifier` or a `url`, and a proprietary
      // licence has no SPDX id of its own.
      license: { name: "Proprietary: licensed with the Quarry deployment it describes", identifier: "LicenseRef-Quarry-Proprietary" },
    },
    servers,
    security: [{ apiKey: [] }],
    paths,
    webhooks,
    components: {
      schemas: components,
      requestBodies,
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "An API key `dx_<region>_…`; the raw key without `Bearer` is accepted too." } },
    },
  };
}
