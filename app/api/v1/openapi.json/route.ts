import { allOperations } from "@/lib/contracts";
import { env } from "@/lib/env";
import { buildOpenApiDocument } from "@/lib/http/openapi";
import { VERSION } from "@/lib/runtime";

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;

export function GET(): Response {
  cached ??= buildOpenApiDocument(allOperations, { version: VERSION, serverUrl: env().publicBaseUrl });
  return Response.json(cached);
}
