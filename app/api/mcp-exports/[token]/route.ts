import { exportDownloadResponse } from "@/lib/mcp/export-download";
import { getRuntime } from "@/lib/runtime";

/** Streams the export behind a short-lived link from the MCP export_documents tool (lib/mcp/export-link.ts). */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const runtime = await getRuntime();
  return exportDownloadResponse(runtime.db, (await params).token);
}
