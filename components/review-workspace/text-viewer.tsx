"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ErrorState, Spinner } from "@/components/ui";
import { documentOperations } from "@/lib/contracts/documents";
import { consoleToken } from "@/lib/query/browser-api";

/**
 * Documents the browser cannot display (Word, spreadsheets, e-mail, HTML, text) show the text extracted from
 * them, as the markdown route serves it.
 */
export function TextViewer({ parserId, documentId, hasMarkdown, onShown }: { parserId: string; documentId: string; hasMarkdown: boolean; onShown: () => void }) {
  const markdown = useQuery({
    queryKey: ["documents", parserId, documentId, "markdown"],
    enabled: hasMarkdown,
    queryFn: async () => {
      const path = documentOperations.markdown.path.replace("{parserId}", parserId).replace("{documentId}", documentId);
      const response = await fetch(`/api/v1${path}`, { headers: { authorization: `Bearer ${await consoleToken()}` }, cache: "no-store" });
      if (!response.ok) throw new Error(`Could not load the text (HTTP ${response.status}).`);
      return response.text();
    },
  });
  const shown = !hasMarkdown || markdown.data !== undefined || markdown.isError;
  useEffect(() => {
    if (shown) onShown();
  }, [shown, onShown]);
  if (!hasMarkdown) return <ErrorState title="No preview" message="This file type cannot be shown here, and no text was extracted from it." />;
  if (markdown.isError) return <ErrorState title="The text could not be loaded" message={markdown.error.message} />;
  if (!markdown.data) {
    return (
      <div className="flex h-full items-center justify-center gap-2 text-sm text-muted">
        <Spinner label={null} size="sm" /> Loading the text…
      </div>
    );
  }
  return (
    <div tabIndex={0} role="region" aria-label="Document text" className="h-full overflow-auto bg-surface p-6">
      <pre className="font-sans text-sm whitespace-pre-wrap">{markdown.data}</pre>
    </div>
  );
}
