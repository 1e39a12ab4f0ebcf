"use client";

import { useEffect, useState } from "react";
import { fetchDocumentFile } from "../file-cache";

export type FileBytes = { status: "loading" } | { status: "ready"; bytes: ArrayBuffer } | { status: "error"; message: string };

/** The document's file, from the prefetch cache when the reviewer got here from the previous document. */
export function useFileBytes(documentId: string, url: string): FileBytes {
  const [state, setState] = useState<FileBytes>({ status: "loading" });
  useEffect(() => {
    let current = true;
    fetchDocumentFile(documentId, url).then(
      (bytes) => current && setState({ status: "ready", bytes }),
      (error: unknown) => current && setState({ status: "error", message: error instanceof Error ? error.message : "Could not load the file." }),
    );
    return () => {
      current = false;
    };
  }, [documentId, url]);
  return state;
}
