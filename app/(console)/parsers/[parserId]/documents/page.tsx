import type { Metadata } from "next";
import { consoleApi } from "@/lib/api-client/console";
import { folderOperations } from "@/lib/contracts/folders";
import { getMe, hasPermission } from "@/lib/console/me";
import { getParserOrNotFound } from "@/lib/console/parser";
import { DocumentsWorkspace } from "./documents-workspace";

export const metadata: Metadata = { title: "Documents" };

export default async function DocumentsPage({ params, searchParams }: { params: Promise<{ parserId: string }>; searchParams: Promise<{ folder?: string }> }) {
  const { parserId } = await params;
  const [parser, me, { folder }] = await Promise.all([getParserOrNotFound(parserId), getMe(), searchParams]);
  const { data: folders } = await (await consoleApi()).call(folderOperations.list, { params: { parserId } });
  return (
    <DocumentsWorkspace
      parserId={parser.id}
      folders={folders}
      totalDocuments={parser.counts.totalDocuments}
      selectedFolderId={folders.some((candidate) => candidate.id === folder) ? folder! : null}
      canManageFolders={hasPermission(me, "parsers.write")}
    />
  );
}
