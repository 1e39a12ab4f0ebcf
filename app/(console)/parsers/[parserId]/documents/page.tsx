import type { Metadata } from "next";
import { DOCUMENT_SORTS } from "@/lib/contracts/documents";
import { DOCUMENT_STATUSES } from "@/lib/contracts/enums";
import { consoleApi } from "@/lib/console/api/console";
import { fieldOperations } from "@/lib/contracts/fields";
import { folderOperations } from "@/lib/contracts/folders";
import { preferenceOperations } from "@/lib/contracts/preferences";
import { reviewOperations } from "@/lib/contracts/reviews";
import { getMe, hasPermission } from "@/lib/console/me";
import { getParserOrNotFound } from "@/lib/console/parser";
import { dayEnd, dayStart, isDay } from "@/lib/utils/day-range";
import { DocumentsWorkspace } from "./documents-workspace";

export const metadata: Metadata = { title: "Documents" };

type SearchParams = { folder?: string; q?: string; status?: string; sort?: string; page?: string; assignee?: string; stage?: string; from?: string; to?: string };

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined => values.find((candidate) => candidate === value);

export default async function DocumentsPage({ params, searchParams }: { params: Promise<{ parserId: string }>; searchParams: Promise<SearchParams> }) {
  const { parserId } = await params;
  const [parser, me, search, api] = await Promise.all([getParserOrNotFound(parserId), getMe(), searchParams, consoleApi()]);
  const canReadReviews = hasPermission(me, "reviews.read");
  const [{ data: folders }, reviewers, stages, fieldNames, columns] = await Promise.all([
    api.call(folderOperations.list, { params: { parserId } }),
    canReadReviews ? api.call(reviewOperations.reviewers, { params: { parserId } }).then((result) => result.data) : [],
    canReadReviews ? api.call(reviewOperations.listStages, { params: { parserId } }).then((result) => result.data) : [],
    // Columns are a convenience: a role that cannot read the fields, or a failed read, just offers none.
    api.call(fieldOperations.list, { params: { parserId } }).then((result) => result.data.map((field) => field.name), () => [] as string[]),
    api.call(preferenceOperations.get, {}).then((preferences) => preferences.listColumns[parserId] ?? [], () => [] as string[]),
  ]);
  const page = Number.parseInt(search.page ?? "1", 10);
  const assignee = reviewers.find((reviewer) => reviewer.id === search.assignee)?.id;
  const stage = stages.find((candidate) => candidate.id === search.stage)?.id;
  const from = isDay(search.from) ? search.from : undefined;
  const to = isDay(search.to) ? search.to : undefined;
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
        assigneeId: assignee,
        reviewStageId: stage,
        createdFrom: dayStart(from),
        createdTo: dayEnd(to),
      }}
      filterOptions={{
        reviewers: reviewers.map((reviewer) => ({ id: reviewer.id, label: reviewer.name || reviewer.email })),
        stages: stages.map((candidate) => ({ id: candidate.id, label: `${candidate.position}. ${candidate.name}` })),
      }}
      filterValues={{ assignee, stage, from, to }}
      canManageFolders={hasPermission(me, "parsers.write")}
      canWriteDocuments={hasPermission(me, "documents.write")}
      canExport={hasPermission(me, "exports.read")}
      fieldNames={fieldNames}
      initialColumns={columns.filter((name) => fieldNames.includes(name))}
    />
  );
}
