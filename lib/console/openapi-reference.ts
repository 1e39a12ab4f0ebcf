import "server-only";
import { env } from "@/lib/env";

type Schema = { $ref?: string; type?: string | string[]; [key: string]: unknown };
type RequestBody = { content: Record<string, { schema: Schema }> };
type RawOperation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: { name: string; in: string; required: boolean; schema: Schema }[];
  /** Inline, or a reference into `components.requestBodies` (shared bodies are written once). */
  requestBody?: RequestBody | { $ref: string };
  responses: Record<string, unknown>;
  "x-permission"?: string;
};
export type OpenApiDocument = {
  info: { description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, Schema>; requestBodies?: Record<string, RequestBody> };
};

export type ApiReferenceOperation = {
  operationId: string;
  method: "get" | "post" | "patch" | "put" | "delete";
  path: string;
  summary: string;
  description?: string;
  permission?: string;
  parameters: { name: string; in: string; type: string; required: boolean }[];
  requestSchema?: string;
  responses: string[];
};

/** The reference page reads the same public document integrators read, so the two never disagree. */
export async function fetchOpenApi(): Promise<OpenApiDocument> {
  const response = await fetch(`http://127.0.0.1:${env().PORT}/api/v1/openapi.json`, { cache: "no-store" });
  return (await response.json()) as OpenApiDocument;
}

function resolve(schema: Schema, document: OpenApiDocument): Schema {
  const name = schema.$ref?.replace("#/components/schemas/", "");
  return name ? (document.components.schemas[name] ?? schema) : schema;
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
          type: String(resolve(parameter.schema, document).type ?? "string"),
        })),
        requestSchema: body ? JSON.stringify(resolve(body, document), null, 2) : undefined,
        responses: Object.keys(raw.responses),
      };
      const tag = raw.tags[0] ?? "Other";
      groups.set(tag, [...(groups.get(tag) ?? []), operation]);
    }
  }
  return [...groups.entries()].map(([tag, operations]) => ({ tag, anchor: `tag-${tag.toLowerCase().replace(/\W+/g, "-")}`, operations }));
}
