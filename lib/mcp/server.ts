import "server-only";
import type { McpServer } from "@modelcontextprotocol/server";
import { getRuntime } from "@/lib/runtime";
import type { ExtractionQueue } from "@/lib/services/documents";
import { registerQuarryResources } from "./resources";
import type { ContextFor, McpDeps } from "./tool";
import { registerClassifierTools } from "./tools/classifiers";
import { registerDocumentTools } from "./tools/documents";
import { registerExportTools } from "./tools/exports";
import { registerFieldTools } from "./tools/fields";
import { registerFolderTools } from "./tools/folders";
import { registerParserTools } from "./tools/parsers";
import { registerReviewTools } from "./tools/reviews";
import { registerUploadTools } from "./tools/uploads";

export type { ContextFor } from "./tool";

/**
 * Every Quarry tool and resource on one MCP server. Each call resolves the connected user's ServiceContext with
 * `contextFor` and goes through lib/services, so an agent gets exactly the checks and answers of the REST API.
 * `options.queue` is a seam for tests; the server uses the process runtime's job queue.
 */
export function registerQuarryMcp(server: McpServer, contextFor: ContextFor, options: { queue?: () => Promise<ExtractionQueue> } = {}): void {
  const deps: McpDeps = { contextFor, queue: options.queue ?? (async () => (await getRuntime()).queue) };
  registerParserTools(server, deps);
  registerFieldTools(server, deps);
  registerClassifierTools(server, deps);
  registerUploadTools(server, deps);
  registerDocumentTools(server, deps);
  registerReviewTools(server, deps);
  registerExportTools(server, deps);
  registerFolderTools(server, deps);
  registerQuarryResources(server, deps);
}
