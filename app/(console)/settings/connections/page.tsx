import type { Metadata } from "next";
import { CopyButton, PageHeader } from "@/components/ui";
import { consoleApi } from "@/lib/console/api/console";
import { connectionOperations } from "@/lib/contracts/connections";
import { getMe } from "@/lib/console/me";
import { env } from "@/lib/env";
import { ConnectionsTable } from "./_components/connections-table";

export const metadata: Metadata = { title: "Connections" };

/** The AI agents the signed-in user connected over OAuth (the MCP server), and where to connect one. */
export default async function ConnectionsPage() {
  const me = await getMe();
  const { data: connections } = await (await consoleApi()).call(connectionOperations.list, {});
  const mcpUrl = `${env().publicBaseUrl}/mcp`;
  return (
    <>
      <PageHeader
        title="Connections"
        description={`AI agents you connected to ${me.team.name} through the MCP server. Each acts as you, in this team only; revoking one stops it on its next call.`}
      />
      <section aria-labelledby="connect-heading" className="mb-6 rounded-lg border border-line bg-surface p-4">
        <h2 id="connect-heading" className="mb-1 font-medium">
          Connect an agent
        </h2>
        <p className="mb-2 text-muted">
          Add this URL as a remote MCP server in your agent (Streamable HTTP). It signs you in here and asks which team to use.
        </p>
        <div className="flex items-center gap-2">
          <code className="rounded bg-subtle px-2 py-1 font-mono text-xs" aria-label="MCP server URL">
            {mcpUrl}
          </code>
          <CopyButton value={mcpUrl} label="Copy MCP server URL" />
        </div>
      </section>
      <ConnectionsTable connections={connections} />
    </>
  );
}
