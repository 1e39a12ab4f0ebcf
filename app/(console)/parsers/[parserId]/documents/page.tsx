import type { Metadata } from "next";
import { DOCUMENT_SORTS } from "@/lib/contracts/documents";
import { DOCUMENT_STATUSES } from "@/lib/contracts/enums";
import { consoleApi } from "@/lib/api-client/console";
import { folderOperations } from "@/lib/contracts/folders";
import { getMe, hasPermission } from "@/lib/console/me";
import { getParserOrNotFound } from "@/lib/console/parser";
import { DocumentsWorkspace } from "./documents-workspace";

export const metadata: Metadata = { title: "Documents" };

type SearchParams = { folder?: string; q?: string; status?: string; sort?: string; page?: string };

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined => values.find((candidate) => candidate === value);

export default async function DocumentsPage({ params, searchParams }: { params: Promise<{ parserId: string }>; searchParams: Promise<SearchParams> }) {
  const { parserId } = await params;
  const [parser, me, search] = await Promise.all([getParserOrNotFound(parserId), getMe(), searchParams]);
  const { data: folders } = await (await consoleApi()).call(folderOperations.list, { params: { parserId } });
  const page = Number.parseInt(search.page ?? "1", 10);
  return (
    <DocumentsWorkspace
      parserId={parser.id}
      folders={folders}
      totalDocuments={parser.counts.totalDocuments}
      query={{
        q: search.q?.trim() || undefined,
        status: oneOf(DOCUMENT_STATUSES, search.status),
        sort: oneOf(DOCUMENT_SORTS, search.sort) ?? "createdAt.desc",
        page: Number.isInteger(page) && page > 0 ? page : 1,
        folderId: folders.some((folder) => folder.id === search.folder) ? search.folder : undefined,
      }}
      canManageFolders={hasPermission(me, "parsers.write")}
      canWriteDocuments={hasPermission(me, "documents.write")}
    />
  );
}
