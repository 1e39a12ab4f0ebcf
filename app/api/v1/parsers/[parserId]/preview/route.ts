import { parserPreviewOperations } from "@/lib/contracts/parser-preview";
import { apiRoute } from "@/lib/http/handler";
import { extractionPool } from "@/lib/jobs/registry";
import { previewParserChange } from "@/lib/services/learning";

// The documents are read in the process's extraction threads, never on the request's own thread.
export const POST = apiRoute(parserPreviewOperations.preview, ({ ctx, params, body }) =>
  previewParserChange(ctx, { parserId: params.parserId, input: body, deps: { extract: (input) => extractionPool().run(input) } }),
);
