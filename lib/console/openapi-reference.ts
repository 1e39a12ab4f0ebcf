import "server-only";
import { env } from "@/lib/env";
import { refName, schemaRows, typeLabel, type Schema, type SchemaRow } from "./openapi-schema-rows";

type RequestBody = { content: Record<string, { schema: Schema }> };
type RawResponse = { description?: string; content?: Record<string, { schema?: Schema }> };
type RawOperation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: { name: string; in: string; required: boolean; schema: Schema; description?: string }[];
  /** Inline, or a reference into `components.requestBodies` (shared bodies are written once). */
  requestBody?: RequestBody | { $ref: string };
  responses: Record<string, RawResponse>;
  "x-permission"?: string;
};
export type OpenApiDocument = {
  info: { description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, RawOperation>>;
  /** What Quarry POSTs to webhook endpoints, per event (OpenAPI 3.1 `webhooks`). */
  webhooks?: Record<string, { post?: RawOperation }>;
  components: { schemas: Record<string, Schema>; requestBodies?: Record<string, RequestBody> };
};

/** A body as the page shows it: its media type, the schema's name when it has one, and its properties as rows. */
export type BodyView = { contentType: string; schemaName?: string; type: string; rows: SchemaRow[] };
export type ResponseView = { status: string; description: string; bodies: BodyView[] };

export type ApiReferenceOperation = {
  operationId: string;
  method: "get" | "post" | "patch" | "put" | "delete";
  path: string;
  summary: string;
  description?: string;
  permission?: string;
  parameters: { name: string; in: string; type: string; required: boolean; description: string }[];
  /** The request body per media type: JSON, or the parts of a multipart upload. */
  requestBodies: BodyView[];
  requestSchema?: string;
  responses: ResponseView[];
};

export type WebhookEventView = { event: string; summary: string; headers: { name: string; description: string }[]; body?: BodyView };

/** The API's absolute base address: the document names a loopback deployment relatively (`/api/v1`). */
export function apiBaseUrl(document: OpenApiDocument): string {
  const url = document.servers[0]?.url ?? "/api/v1";
  return url.startsWith("/") ? `${env().publicBaseUrl}${url}` : url;
}

/** The reference page reads the same public document integrators read, so the two never disagree. */
export async function fetchOpenApi(): Promise<OpenApiDocument> {
  const response = await fetch(`http://127.0.0.1:${env().PORT}/api/v1/openapi.json`, { cache: "no-store" });
  return (await response.json()) as OpenApiDocument;
}

function resolve(schema: Schema, document: OpenApiDocument): Schema {
  const name = refName(schema);
  return name ? (document.components.schemas[name] ?? schema) : schema;
}

function bodyView(contentType: string, schema: Schema | undefined, document: OpenApiDocument): BodyView {
  const schemas = document.components.schemas;
  if (!schema) return { contentType, type: "any", rows: [] };
  return { contentType, schemaName: refName(schema), type: typeLabel(schema, schemas), rows: schemaRows(schema, schemas) };
}

function requestBodyOf(raw: RawOperation, document: OpenApiDocument): RequestBody | undefined {
  const body = raw.requestBody;
  if (!body) return undefined;
  if (!("$ref" in body)) return body;
  return document.components.requestBodies?.[body.$ref.replace("#/components/requestBodies/", "")];
}

const METHODS = new Set(["get", "post", "patch", "put", "delete"]);

export function groupOperations(document: OpenApiDocument) {
  const groups = new Map<string, ApiReferenceOperation[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      // A path item may also hold shared `parameters` or a `summary`: only the methods are operations.
      if (!METHODS.has(method)) continue;
      const body = requestBodyOf(raw, document)?.content["application/json"]?.schema;
      const operation: ApiReferenceOperation = {
        operationId: raw.operationId,
        method: method as ApiReferenceOperation["method"],
        path,
        summary: raw.summary,
        description: raw.description,
        permission: raw["x-permission"],
        parameters: (raw.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: parameter.required,
          type: typeLabel(parameter.schema, document.components.schemas),
          description: parameter.description ?? String(resolve(parameter.schema, document).description ?? ""),
        })),
        requestBodies: Object.entries(requestBodyOf(raw, document)?.content ?? {}).map(([type, media]) => bodyView(type, media.schema, document)),
        requestSchema: body ? JSON.stringify(resolve(body, document), null, 2) : undefined,
        responses: Object.entries(raw.responses).map(([status, response]) => ({
          status,
          description: response.description ?? "",
          bodies: Object.entries(response.content ?? {}).map(([type, media]) => bodyView(type, media.schema, document)),
        })),
      };
      const tag = raw.tags[0] ?? "Other";
      groups.set(tag, [...(groups.get(tag) ?? []), operation]);
    }
  }
  return [...groups.entries()].map(([tag, operations]) => ({ tag, anchor: `tag-${tag.toLowerCase().replace(/\W+/g, "-")}`, operations }));
}

/** The webhooks section: each event's signature headers and body, in the document's order. */
export function webhookEvents(document: OpenApiDocument): WebhookEventView[] {
  return Object.entries(document.webhooks ?? {}).flatMap(([event, item]) => {
    const post = item.post;
    if (!post) return [];
    const body = requestBodyOf(post, document)?.content["application/json"]?.schema;
    return [
      {
        event,
        summary: post.summary,
        headers: (post.parameters ?? []).filter((parameter) => parameter.in === "header").map((parameter) => ({ name: parameter.name, description: parameter.description ?? "" })),
        body: body ? bodyView("application/json", body, document) : undefined,
      },
    ];
  });
}
