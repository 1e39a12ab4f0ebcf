import { formatDate } from "@/lib/utils/format-date";
import type { WorkspaceDocument } from "./workspace-document";

/** What the document is and where it came from, as the documents list knows it. */
export function DocumentDetails({ document }: { document: WorkspaceDocument }) {
  const facts: [string, string][] = [
    ["Pages", String(document.pageCount || "–")],
    ["Type", document.contentType],
    ["Source", document.source],
    ["External ID", document.externalId ?? "–"],
    ["Folder", document.folderLabel ?? "–"],
    ["Added", formatDate(document.createdAt)],
  ];
  return (
    <section aria-labelledby="details-heading" className="flex flex-col gap-2 border-t border-line p-3">
      <h2 id="details-heading" className="text-sm font-semibold">
        Details
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5">
        {facts.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-xs text-muted">{term}</dt>
            {/* Dates are in the reader's zone, which the server cannot know: the browser's rendering wins. */}
            <dd className="truncate" title={value} suppressHydrationWarning>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
