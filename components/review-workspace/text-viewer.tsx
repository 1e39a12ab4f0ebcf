"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ErrorState, Spinner } from "@/components/ui";
import { documentOperations } from "@/lib/contracts/documents";
import { browserApi } from "@/lib/console/browser-api";
import type { WorkspaceDocument } from "./workspace-document";

type TextSource = { kind: "markdown" } | { kind: "file"; url: string } | null;

/** Where the text comes from: the markdown extracted from the document, or a text file itself. */
function textSource(document: WorkspaceDocument): TextSource {
  if (document.hasMarkdown) return { kind: "markdown" };
  if (document.fileUrl && document.contentType.toLowerCase().startsWith("text/")) return { kind: "file", url: document.fileUrl };
  return null;
}

async function loadText(parserId: string, documentId: string, source: Exclude<TextSource, null>): Promise<string> {
  if (source.kind === "markdown") return (await (await browserApi()).raw(documentOperations.markdown, { params: { parserId, documentId } })).text();
  // A text file is the stored file itself, behind its signed link (not an API route).
  const response = await fetch(source.url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`Could not load the text (HTTP ${response.status}).`);
  return response.text();
}

/**
 * Documents the browser cannot display as they are (Word, spreadsheets, e-mail, HTML, text) show their text: the
 * markdown extracted from them, or a text file's own content. Anything else offers the file itself.
 */
export function TextViewer({ parserId, document, onShown }: { parserId: string; document: WorkspaceDocument; onShown: () => void }) {
  const source = textSource(document);
  const text = useQuery({
    queryKey: ["documents", parserId, document.id, "text", source?.kind ?? "none"],
    enabled: source !== null,
    queryFn: () => loadText(parserId, document.id, source!),
  });
  const shown = source === null || text.data !== undefined || text.isError;
  useEffect(() => {
    if (shown) onShown();
  }, [shown, onShown]);

  if (source === null) {
    return (
      <ErrorState
        title="No preview"
        message="This file type cannot be shown here, and no text was extracted from it."
        action={
          document.fileUrl ? (
            <a href={document.fileUrl} target="_blank" rel="noreferrer" className="text-sm text-accent hover:underline">
              Open the file
            </a>
          ) : undefined
        }
      />
    );
  }
  if (text.isError) return <ErrorState title="The text could not be loaded" message={text.error.message} />;
  if (text.data === undefined) {
    return (
      <div className="flex h-full items-center justify-center gap-2 text-sm text-muted">
        <Spinner label={null} size="sm" /> Loading the text…
      </div>
    );
  }
  return (
    <div tabIndex={0} role="region" aria-label="Document text" className="h-full overflow-auto bg-surface p-6">
      <pre className="font-sans text-sm whitespace-pre-wrap">{text.data}</pre>
    </div>
  );
}
