import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DocumentStatusBadge } from "@/components/documents/document-status-badge";
import { ExtractedData } from "@/components/documents/extracted-data";
import { consoleApi } from "@/lib/api-client/console";
import { ApiError } from "@/lib/api-client/client";
import { documentOperations } from "@/lib/contracts/documents";
import { fieldOperations } from "@/lib/contracts/fields";
import { formatDate } from "@/lib/utils/format-date";

export const metadata: Metadata = { title: "Document" };

/** A document before review exists: what it is, where it stands, and what was extracted from it. */
export default async function DocumentPage({ params }: { params: Promise<{ parserId: string; documentId: string }> }) {
  const { parserId, documentId } = await params;
  const api = await consoleApi();
  const document = await api.call(documentOperations.get, { params: { parserId, documentId } }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  });
  const { data: fields } = await api.call(fieldOperations.list, { params: { parserId } });
  const facts: [string, string][] = [
    ["Pages", String(document.pageCount || "–")],
    ["Type", document.contentType],
    ["Source", document.source],
    ["External ID", document.externalId ?? "–"],
    ["Folder", document.folder?.pathLabel ?? "–"],
    ["Added", formatDate(document.createdAt)],
  ];
  return (
    <article aria-labelledby="document-title" className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center gap-3">
        <Link href={`/parsers/${parserId}/documents`} className="text-muted hover:text-ink">
          ← Documents
        </Link>
        <h2 id="document-title" className="text-base font-semibold">
          {document.name}
        </h2>
        <DocumentStatusBadge status={document.status} />
        {document.url ? (
          <a href={document.url} target="_blank" rel="noreferrer" className="ml-auto text-accent hover:underline">
            Open the file
          </a>
        ) : null}
      </header>
      {document.error ? (
        <p role="note" className="rounded-lg border border-danger bg-danger-soft px-4 py-3 text-danger">
          {document.error}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg border border-line bg-surface p-4 sm:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-xs text-muted">{term}</dt>
            <dd className="truncate">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="data-heading">
        <h3 id="data-heading" className="mb-2 font-semibold">
          Extracted data
        </h3>
        <ExtractedData fields={fields} data={document.data} metadata={document.metadata.field_metadata} />
      </section>
      {document.metadata.markdownUrl ? (
        <section aria-labelledby="markdown-heading">
          <h3 id="markdown-heading" className="mb-2 font-semibold">
            Markdown
          </h3>
          <a href={document.metadata.markdownUrl} className="text-accent hover:underline">
            Open the markdown
          </a>
        </section>
      ) : null}
    </article>
  );
}
