import { call } from "./http";

/**
 * The routes of the running server's `GET /api/v1/openapi.json`, the list every generated test walks: a route
 * added to the contracts shows up here without anyone touching the tests, and the tests fail until it is covered.
 */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  minLength?: number;
  maxItems?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};

export type OpenApiRoute = {
  /** "METHOD /path", as the tests' tables key it. */
  key: string;
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** The JSON request body's schema, its `$ref`s resolved against the document's components. */
  jsonBody: JsonSchema | null;
  multipart: boolean;
  /** The permission the route needs (`x-permission`), or null for public and any-signed-in routes. */
  permission: string | null;
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<string, { parameters?: { name: string; in: string }[]; requestBody?: RequestBody; "x-permission"?: string }>
  >;
  components: { schemas: Record<string, JsonSchema>; requestBodies?: Record<string, RequestBody> };
};

/** A request body, inline or (for named bodies, so generated clients keep defaults optional) a `$ref` to components.requestBodies. */
type RequestBody = { $ref?: string; content?: Record<string, { schema: JsonSchema }> };

export async function openApiRoutes(): Promise<{ routes: OpenApiRoute[]; resolve: (schema: JsonSchema) => JsonSchema }> {
  const response = await call<OpenApiDocument>("/api/v1/openapi.json");
  if (response.status !== 200) throw new Error(`openapi.json: ${response.status}`);
  const document = response.body;
  const resolve = (schema: JsonSchema): JsonSchema => {
    let current = schema;
    for (let hops = 0; current.$ref && hops < 20; hops += 1) {
      const name = current.$ref.replace("#/components/schemas/", "");
      const target = document.components.schemas[name];
      if (!target) throw new Error(`unresolved ${current.$ref}`);
      current = target;
    }
    return current;
  };
  const routes: OpenApiRoute[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      const parameters = operation.parameters ?? [];
      const body = operation.requestBody?.$ref ? document.components.requestBodies?.[operation.requestBody.$ref.replace("#/components/requestBodies/", "")] : operation.requestBody;
      const content = body?.content ?? {};
      const json = content["application/json"]?.schema;
      routes.push({
        key: `${upper} ${path}`,
        method: upper,
        path,
        pathParams: parameters.filter((parameter) => parameter.in === "path").map((parameter) => parameter.name),
        queryParams: parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name),
        jsonBody: json ? resolve(json) : null,
        multipart: "multipart/form-data" in content,
        permission: operation["x-permission"] ?? null,
      });
    }
  }
  return { routes, resolve };
}
