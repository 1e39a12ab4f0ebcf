import { parserPreviewOperations } from "@/lib/contracts/parser-preview";
import { apiRoute } from "@/lib/http/handler";
import { extractionPool } from "@/lib/jobs/registry";
import { previewParserChange } from "@/lib/services/learning";
import { otherMethods } from "@/lib/http/other-methods";

// The documents are read in the process's extraction threads, never on the request's own thread.
export const POST = apiRoute(parserPreviewOperations.preview, ({ ctx, params, body }) =>
  previewParserChange(ctx, { parserId: params.parserId, input: body, deps: { extract: (input) => extractionPool().run(input) } }),
);

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
